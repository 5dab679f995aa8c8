/**
 * An access token that may expire mid-run (#35). Sign-in happens before the run, and the token it obtains goes into
 * the server's Authorization header; a run that outlives the token would see every later request refused. This is
 * the one seam every HTTP request to a signed-in server passes through (the session's transport, the probe
 * connections, the legacy SSE transport): a request that carries the run's token is sent with the current one, and
 * when the server refuses it with `401` and `error="invalid_token"` (RFC 6750 section 3.1), or when the token's
 * known expiry has passed, mcpact obtains a new token once (the refresh grant when it holds a refresh token, keeping
 * a rotated one for the rest of the run, else the client_credentials grant) and sends the request once more.
 *
 * A request that carries any other token (the auth rules' deliberate bad tokens, a second token for another
 * audience) or none is passed through untouched: its 401 is the answer the rule asked for, never a reason to renew.
 * Each token obtained is handed to `onRenewed` before it is sent anywhere, so it joins the run's secrets before the
 * server can echo it. When no new token can be had, the request ends with TokenRenewalError: what the run had not
 * judged yet is inconclusive (engine/runner.ts), never a finding on the server.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { bearerChallenge } from './challenge.js';
import type { AuthorizationServerMetadata } from './metadata.js';
import { requestToken, TokenError, type ClientCredentials, type Grant } from './token.js';

/** The tokens of a sign-in that are current. */
export interface CurrentTokens {
  accessToken: string;
  /** Epoch milliseconds, from the token response's expires_in. */
  expiresAt?: number;
  refreshToken?: string;
}

/** What a new token is asked for with: what sign-in used. */
export interface RenewalGrant {
  metadata: AuthorizationServerMetadata;
  client: ClientCredentials;
  resource: string;
  /** The scope of the client_credentials grant (the refresh grant keeps its grant's scope unless `refreshScope`). */
  scope?: string;
  /** The scope the user asked for, sent with the refresh grant (OAuth 2.1 section 4.3.1). */
  refreshScope?: string;
  timeoutMs: number;
  allowLoopback: boolean;
}

export interface RenewalHooks {
  /** Called with the new tokens before any of them is sent: the caller adds them to the run's secrets and keeps them. */
  onRenewed: (tokens: CurrentTokens) => void;
  /** The clock (tests give their own). */
  now?: () => number;
}

/** No new token could be had for a request the server refused for its expired token: one line, no secret in it. */
export class TokenRenewalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenRenewalError';
  }
}

/** The status and challenge of an answer, as the renewal reads them. */
export interface Refusal {
  status?: number;
  wwwAuthenticate?: string | null;
}

export class RenewingToken {
  private current: CurrentTokens;
  /** Every access token obtained as the run's: a request carrying one of them carries the run's token. */
  private readonly issued = new Set<string>();
  private pending: Promise<string | undefined> | undefined;
  /** Whether the server took the current token at least once: a new token refused at once is not renewed again. */
  private served = false;
  private failure: string | undefined;
  private count = 0;
  private readonly now: () => number;

  constructor(
    initial: CurrentTokens,
    private readonly grant: RenewalGrant,
    private readonly hooks: RenewalHooks,
  ) {
    this.current = { ...initial };
    this.issued.add(initial.accessToken);
    this.now = hooks.now ?? Date.now;
  }

  get accessToken(): string {
    return this.current.accessToken;
  }

  /** How many new tokens were obtained during the run. */
  get renewals(): number {
    return this.count;
  }

  /** Why no new token could be had, once that happened: the run is then incomplete. */
  get failed(): string | undefined {
    return this.failure;
  }

  /** Whether an Authorization header value is `Bearer <a token obtained as the run's>`. */
  carries(authorization: string | null | undefined): boolean {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    return token !== undefined && this.issued.has(token);
  }

  /**
   * Sends a request that carries the run's token: with the current token (a new one first when its known expiry has
   * passed), and once more with a new one when the server refused it as expired. `send` gets the Authorization
   * value to send; `discard` releases an answer that is not returned.
   */
  async send<T>(send: (authorization: string) => Promise<T>, read: (answer: T) => Refusal, discard: (answer: T) => Promise<void>): Promise<T> {
    if (this.failure !== undefined) throw new TokenRenewalError(this.failure);
    let token = this.current.accessToken;
    if (this.expired()) token = await this.renewed(token);
    const answer = await send(`Bearer ${token}`);
    if (!this.refuses(read(answer))) {
      if (token === this.current.accessToken) this.served = true;
      return answer;
    }
    const fresh = await this.renewed(token, answer, discard);
    await discard(answer);
    const again = await send(`Bearer ${fresh}`);
    if (!this.refuses(read(again))) {
      if (fresh === this.current.accessToken) this.served = true;
      return again;
    }
    // The token obtained this moment was refused as well: another would be too, and the answer is no finding.
    await discard(again);
    this.failure ??= 'the server refused, as invalid, the access token mcpact had just obtained to replace the one that expired';
    throw new TokenRenewalError(this.failure);
  }

  /** A fetch that renews the run's token as `send` does; other requests pass through untouched. */
  fetch(base: FetchLike): FetchLike {
    return async (url, init) => {
      const headers = new Headers(init?.headers);
      if (!this.carries(headers.get('authorization'))) return base(url, init);
      // A body that cannot be sent twice (a stream) is sent once, with the current token.
      const replayable = init?.body === undefined || init.body === null || typeof init.body === 'string';
      const attempt = (authorization: string) => {
        headers.set('authorization', authorization);
        return base(url, { ...init, headers: new Headers(headers) });
      };
      if (!replayable) return attempt(`Bearer ${this.current.accessToken}`);
      return this.send(
        attempt,
        (response) => ({ status: response.status, wwwAuthenticate: response.headers.get('www-authenticate') }),
        async (response) => {
          await response.body?.cancel().catch(() => undefined);
        },
      );
    };
  }

  private expired(): boolean {
    return this.current.expiresAt !== undefined && this.now() >= this.current.expiresAt;
  }

  /** A 401 whose Bearer challenge says the token is invalid, or any 401 once the token's known expiry has passed. */
  private refuses(answer: Refusal): boolean {
    if (answer.status !== 401) return false;
    if (this.expired()) return true;
    return bearerChallenge(answer.wwwAuthenticate ?? undefined)?.params.error === 'invalid_token';
  }

  /** The token to send instead of `stale`: one already renewed by another request, or a new one (one request at a time). */
  private async renewed<T>(stale: string, answer?: T, discard?: (answer: T) => Promise<void>): Promise<string> {
    if (stale !== this.current.accessToken) return this.current.accessToken;
    if (this.failure === undefined && this.count > 0 && !this.served)
      this.failure = 'the server refused, as invalid, every access token mcpact obtained for it';
    if (this.failure === undefined) {
      this.pending ??= this.obtain().finally(() => (this.pending = undefined));
      const fresh = await this.pending;
      if (fresh !== undefined) return fresh;
    }
    if (answer !== undefined) await discard?.(answer);
    throw new TokenRenewalError(this.failure ?? 'no new access token could be had');
  }

  private async obtain(): Promise<string | undefined> {
    const { refreshToken } = this.current;
    const { client } = this.grant;
    let grant: Grant;
    if (refreshToken !== undefined) grant = { kind: 'refresh_token', refreshToken };
    else if (client.clientSecret !== undefined) grant = { kind: 'client_credentials' };
    else {
      this.failure = 'the access token expired and mcpact holds neither a refresh token nor a client secret to obtain a new one';
      return undefined;
    }
    const scope = grant.kind === 'refresh_token' ? this.grant.refreshScope : this.grant.scope;
    try {
      const tokens = await requestToken({
        metadata: this.grant.metadata,
        client,
        grant,
        resource: this.grant.resource,
        ...(scope !== undefined && { scope }),
        timeoutMs: this.grant.timeoutMs,
        allowLoopback: this.grant.allowLoopback,
      });
      const next: CurrentTokens = {
        accessToken: tokens.accessToken,
        ...(tokens.expiresIn !== undefined && { expiresAt: this.now() + tokens.expiresIn * 1000 }),
        // A refresh token the authorization server rotated replaces the one used (OAuth 2.1 section 4.3.1).
        ...((tokens.refreshToken ?? refreshToken) !== undefined && { refreshToken: tokens.refreshToken ?? refreshToken }),
      };
      // Before the token is sent anywhere: it is a secret of the run from now on.
      this.hooks.onRenewed(next);
      this.issued.add(next.accessToken);
      this.current = next;
      this.served = false;
      this.count++;
      return next.accessToken;
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      this.failure = `the access token expired and no new one could be had: ${error.message}`;
      return undefined;
    }
  }
}
