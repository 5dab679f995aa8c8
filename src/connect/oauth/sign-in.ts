/**
 * Headless sign-in to an MCP server behind OAuth (#35), as the MCP authorization text describes it: an MCP request
 * without a token; on its 401, discovery from the `WWW-Authenticate` challenge (connect/oauth/metadata.ts); then a
 * token for the server's resource (connect/oauth/token.ts). What every step found is returned as data: the auth
 * rules judge the server's side of it, and the caller adds every secret to the run's before anything is written.
 *
 * Tokens are kept for the process: a later sign-in to the same server with the same credentials (watch mode, the
 * two sides of diff --against) reuses an access token still valid, and a refresh token the authorization server
 * rotated replaces the one configured for the rest of the run (OAuth 2.1 section 4.3.1).
 */
import { exchange } from '../raw-http.js';
import { isLoopbackHost } from './addresses.js';
import { bearerChallenge, type Challenge } from './challenge.js';
import {
  discoverAuthorizationServer,
  discoverProtectedResource,
  DiscoveryError,
  type AuthorizationServerMetadata,
  type Discovered,
  type FetchPolicy,
  type ProtectedResourceMetadata,
} from './metadata.js';
import { basicCredential, requestToken, TokenError, type Grant } from './token.js';
import { secretsOf } from '../../util/secrets.js';
import { probeTokens, type ProbeTokens } from './probe-tokens.js';
import { RenewingToken, type CurrentTokens } from './refresh.js';
import { explainClientRefusal } from './client-metadata-document.js';
import { describeError } from '../../errors.js';

/** The `oauth:` of a server entry, or the --oauth-* flags. */
export interface OAuthCredentials {
  clientId: string;
  clientSecret?: string;
  scope?: string;
  refreshToken?: string;
}

/** The unauthenticated request that starts discovery, and its answer. */
export interface Unauthorized {
  status: number;
  /** The WWW-Authenticate header as sent (all of them, joined). */
  header?: string;
  bearer?: Challenge;
}

export interface SignIn {
  /** The MCP endpoint signed in to, as the user gave it. */
  endpoint: string;
  /** The server's answer without a token. */
  challenge: Unauthorized;
  protectedResource: Discovered<ProtectedResourceMetadata>;
  authorizationServer: Discovered<AuthorizationServerMetadata>;
  /** The `resource` parameter sent (the PRM's resource). */
  resource: string;
  scope?: string;
  grant: Grant['kind'];
  accessToken: string;
  /** When the access token expires (epoch ms), when the authorization server said. */
  expiresAt?: number;
  /** The refresh token now current (rotated or as given). */
  refreshToken?: string;
  /** The run's token, renewed when it expires mid-run (connect/oauth/refresh.ts). */
  renewing: RenewingToken;
  /** What the auth rules send the server: tokens that must be refused. */
  probes: ProbeTokens;
  /** Every secret of this sign-in: tokens (the probes' too), the client secret, the Basic credential. */
  secrets: string[];
}

export type SignInOutcome = { kind: 'open'; status: number } | { kind: 'signed-in'; signIn: SignIn };

export interface SignInOptions {
  url: string;
  /** Headers configured for the server (without Authorization). */
  headers: Record<string, string>;
  credentials: OAuthCredentials;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Told of every token obtained mid-run, before it is sent: it joins the run's secrets. */
  onRenewed?: (tokens: CurrentTokens) => void;
  /**
   * What `mcpact login` kept (connect/oauth/stored-sign-in.ts): the issuer the credentials belong to, which discovery
   * must name again before any credential is sent, and an access token used while it is valid.
   */
  stored?: { issuer: string; accessToken: string; expiresAt?: number };
}

/** An OAuth sign-in that could not complete: one line, secrets redacted. */
export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInError';
  }
}

/** Access tokens and current refresh tokens, by server and credentials, for this process. */
const kept = new Map<string, { accessToken: string; expiresAt?: number; refreshToken?: string }>();

/** The margin before expiry under which a kept access token is not reused. */
const EXPIRY_MARGIN_MS = 60_000;

/** The MCP request without a token that starts discovery: a ping, which no server acts upon. */
const UNAUTHENTICATED_PROBE = { jsonrpc: '2.0', id: 'mcpact-oauth', method: 'ping' };

export async function signIn(options: SignInOptions): Promise<SignInOutcome> {
  const { credentials } = options;
  const own = [credentials.clientSecret, credentials.refreshToken].filter((value): value is string => value !== undefined);
  const redact = (text: string) => secretsOf([...own, basicCredential(credentials)]).text(text);
  const server = new URL(options.url);
  try {
    const challenge = await unauthenticated(options);
    if (challenge.status !== 401) return { kind: 'open', status: challenge.status };
    const policy: FetchPolicy = { server, timeoutMs: options.timeoutMs, signal: options.signal };
    const protectedResource = await discoverProtectedResource(challenge.bearer?.params.resource_metadata, policy);
    const issuer = protectedResource.document.authorization_servers[0]!;
    if (options.stored !== undefined && options.stored.issuer !== issuer)
      throw new SignInError(`the server now names another authorization server (${issuer}, not ${options.stored.issuer}): sign in again with mcpact login`);
    const authorizationServer = await discoverAuthorizationServer(issuer, policy);
    const resource = protectedResource.document.resource;
    const scope = credentials.scope ?? challenge.bearer?.params.scope ?? scopesSupported(protectedResource.document);
    const key = JSON.stringify([options.url, issuer, credentials.clientId, credentials.refreshToken ?? '', credentials.scope ?? '']);
    const previous = kept.get(key) ?? (options.stored && { accessToken: options.stored.accessToken, expiresAt: options.stored.expiresAt });
    const base = { endpoint: options.url, challenge, protectedResource, authorizationServer, resource, ...(scope !== undefined && { scope }) };
    const request = { timeoutMs: options.timeoutMs, allowLoopback: isLoopbackHost(server.hostname), signal: options.signal };
    const required = challenge.bearer?.params.scope ?? scopesSupported(protectedResource.document);
    const withProbes = async (current: { accessToken: string; refreshToken?: string }) => {
      const probes = await probeTokens({
        accessToken: current.accessToken,
        metadata: authorizationServer.document,
        client: credentials,
        resource,
        required,
        ...(scope !== undefined && { scope }),
        request,
      });
      const probeSecrets = [probes.altered, ...[probes.otherAudience, probes.lesserScope].flatMap((second) => ('token' in second ? [second.token] : []))];
      return { probes, secrets: [...secretsOfSignIn(credentials, current), ...probeSecrets] };
    };
    // A token renewed mid-run is kept as sign-in keeps its own, for a later sign-in of this process.
    const renewing = (current: CurrentTokens) =>
      new RenewingToken(
        current,
        {
          metadata: authorizationServer.document,
          client: credentials,
          resource,
          ...(scope !== undefined && { scope }),
          ...(credentials.scope !== undefined && { refreshScope: credentials.scope }),
          timeoutMs: options.timeoutMs,
          allowLoopback: request.allowLoopback,
        },
        {
          onRenewed: (tokens) => {
            kept.set(key, tokens);
            options.onRenewed?.(tokens);
          },
        },
      );
    if (previous !== undefined && (previous.expiresAt === undefined || previous.expiresAt - EXPIRY_MARGIN_MS > Date.now())) {
      const grant = credentials.refreshToken === undefined ? 'client_credentials' : 'refresh_token';
      return { kind: 'signed-in', signIn: { ...base, grant, ...previous, renewing: renewing(previous), ...(await withProbes(previous)) } };
    }
    const refreshToken = previous?.refreshToken ?? credentials.refreshToken;
    const grant: Grant = refreshToken !== undefined ? { kind: 'refresh_token', refreshToken } : { kind: 'client_credentials' };
    if (grant.kind === 'client_credentials' && credentials.clientSecret === undefined)
      throw new SignInError('a client id alone cannot sign in headless: give a client secret (client_credentials) or a refresh token');
    // A refresh keeps the scope of the grant unless the user asks for another (OAuth 2.1 section 4.3.1).
    const asked = grant.kind === 'refresh_token' ? credentials.scope : scope;
    const tokens = await requestToken({
      metadata: authorizationServer.document,
      client: credentials,
      grant,
      resource,
      ...(asked !== undefined && { scope: asked }),
      ...request,
    }).catch((error: unknown) => {
      // A URL client id refused: whether the server fetches Client ID Metadata Documents, and what to give instead.
      throw explainClientRefusal(error, credentials, authorizationServer.document);
    });
    const current = {
      accessToken: tokens.accessToken,
      ...(tokens.expiresIn !== undefined && { expiresAt: Date.now() + tokens.expiresIn * 1000 }),
      ...((tokens.refreshToken ?? refreshToken) !== undefined && { refreshToken: tokens.refreshToken ?? refreshToken }),
    };
    kept.set(key, current);
    const made = await withProbes(current);
    return {
      kind: 'signed-in',
      signIn: {
        ...base,
        grant: grant.kind,
        ...current,
        renewing: renewing(current),
        probes: made.probes,
        secrets: [...made.secrets, ...(refreshToken ? [refreshToken] : [])],
      },
    };
  } catch (error) {
    if (error instanceof DiscoveryError || error instanceof TokenError || error instanceof SignInError) throw new SignInError(redact(error.message));
    throw new SignInError(redact(describeError(error)));
  }
}

function secretsOfSignIn(credentials: OAuthCredentials, tokens: { accessToken: string; refreshToken?: string }): string[] {
  return [
    tokens.accessToken,
    ...(tokens.refreshToken ? [tokens.refreshToken] : []),
    ...(credentials.clientSecret ? [credentials.clientSecret, basicCredential(credentials)] : []),
    ...(credentials.refreshToken ? [credentials.refreshToken] : []),
  ];
}

/** Without a scope given or challenged, "all scopes defined in scopes_supported" (Scope Selection Strategy). */
export function scopesSupported(document: ProtectedResourceMetadata): string | undefined {
  const scopes = document.scopes_supported;
  return Array.isArray(scopes) && scopes.length > 0 && scopes.every((scope) => typeof scope === 'string') ? scopes.join(' ') : undefined;
}

export async function unauthenticated(options: Pick<SignInOptions, 'url' | 'headers' | 'timeoutMs' | 'signal'>): Promise<Unauthorized> {
  const answer = await exchange(
    options.url,
    {
      method: 'POST',
      headers: { ...options.headers, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(UNAUTHENTICATED_PROBE),
      // The status and headers are what counts; an SSE stream that stays open is not waited for.
      headersOnly: true,
    },
    { timeoutMs: options.timeoutMs, signal: options.signal },
  );
  if (answer.kind === 'failed') throw new SignInError(`cannot reach ${options.url}: ${answer.detail}`);
  const header = answer.headers['www-authenticate'];
  return { status: answer.status, ...(header !== undefined && { header }), ...(header !== undefined && { bearer: bearerChallenge(header) }) };
}
