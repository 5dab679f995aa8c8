/**
 * A run on a URL `mcpact login` signed in to (#35, docs/auth.md#login): the kept access token while it is valid;
 * once it has expired, or when the server answers it 401, the refresh grant with the kept refresh token. A token
 * the authorization server rotated is written back to the token file (mode 0600), so the next run has it. The
 * headless sign-in does the rest (connect/oauth/sign-in.ts): discovery again, which must name the issuer the
 * credentials belong to before any of them is sent, and the auth rules' evidence.
 */
import { exchange } from '../raw-http.js';
import { basicCredential } from './token.js';
import { signIn, SignInError, type SignInOutcome } from './sign-in.js';
import { storedExpiry, saveLogin, type StoredLogin } from './token-store.js';
import type { CurrentTokens } from './refresh.js';

/** As the headless sign-in's margin: a token that expires within a minute is refreshed first. */
const EXPIRY_MARGIN_MS = 60_000;

export interface StoredSignInOptions {
  url: string;
  /** Headers configured for the server (without Authorization). */
  headers: Record<string, string>;
  timeoutMs: number;
  /** The token file, and what it holds for this URL. */
  file: string;
  login: StoredLogin;
  signal?: AbortSignal;
  /** Told of every token obtained mid-run (connect/oauth/refresh.ts), before it is sent: it joins the run's secrets. */
  onRenewed?: (tokens: CurrentTokens) => void;
}

export interface StoredSignIn {
  outcome: SignInOutcome;
  /** The sign-in's secrets and every value of the stored login. */
  secrets: string[];
}

export async function signInStored(options: StoredSignInOptions): Promise<StoredSignIn> {
  const { login } = options;
  const stored = [login.accessToken, login.refreshToken, login.client.secret].filter((value): value is string => value !== undefined);
  if (login.client.secret !== undefined) stored.push(basicCredential({ clientId: login.client.id, clientSecret: login.client.secret }));
  const again = `sign in again with mcpact login --url ${options.url}`;
  const expired = login.expiresAt !== undefined && login.expiresAt - EXPIRY_MARGIN_MS <= Date.now();
  if (expired && login.refreshToken === undefined) throw new SignInError(`the token mcpact login kept has expired, and there is no refresh token: ${again}`);
  const credentials = {
    clientId: login.client.id,
    ...(login.client.secret !== undefined && { clientSecret: login.client.secret }),
    ...(login.refreshToken !== undefined && { refreshToken: login.refreshToken }),
  };
  // A token renewed mid-run is written back too: a refresh token the authorization server rotated then is the only
  // one that still works on the next run. The write is not awaited (the request waiting for the new token must not
  // wait for a file); one that fails leaves the older entry, and the next run says to sign in again.
  const onRenewed = (tokens: CurrentTokens) => {
    options.onRenewed?.(tokens);
    const { expiresAt: _old, ...rest } = login;
    const expiresAt = storedExpiry(tokens.expiresAt);
    void saveLogin(options.file, options.url, {
      ...rest,
      accessToken: tokens.accessToken,
      ...(expiresAt !== undefined && { expiresAt }),
      ...((tokens.refreshToken ?? login.refreshToken) !== undefined && { refreshToken: tokens.refreshToken ?? login.refreshToken }),
    }).catch(() => undefined);
  };
  const base = { url: options.url, headers: options.headers, credentials, timeoutMs: options.timeoutMs, signal: options.signal, onRenewed };
  // A refresh token refused (expired, revoked, rotated by another process) is one more line: how to sign in again.
  const attempt = (signing: Parameters<typeof signIn>[0]) =>
    signIn(signing).catch((error: unknown) => {
      if (error instanceof SignInError && !error.message.includes('mcpact login')) throw new SignInError(`${error.message}: ${again}`);
      throw error;
    });
  let outcome = await attempt({
    ...base,
    stored: { issuer: login.issuer, accessToken: login.accessToken, ...(login.expiresAt !== undefined && { expiresAt: login.expiresAt }) },
  });
  if (outcome.kind === 'signed-in' && outcome.signIn.accessToken === login.accessToken && (await refused(options, login.accessToken))) {
    if (login.refreshToken === undefined)
      throw new SignInError(`the server refuses the token mcpact login kept (HTTP 401), and there is no refresh token: ${again}`);
    // Without the kept token, the sign-in uses the refresh grant.
    outcome = await attempt(base);
  }
  if (outcome.kind !== 'signed-in') return { outcome, secrets: stored };
  const current = outcome.signIn;
  // Written back only when the sign-in got new tokens: a sign-in with the kept token carries no refresh token of
  // its own, and the file is not rewritten for it.
  const rotated = current.refreshToken !== undefined && current.refreshToken !== login.refreshToken;
  if (current.accessToken !== login.accessToken || rotated) {
    const { expiresAt: _old, ...rest } = login;
    // As the sign-in computed it from the authorization server's expires_in: kept only as a date the file can hold.
    const expiresAt = storedExpiry(current.expiresAt);
    await saveLogin(options.file, options.url, {
      ...rest,
      accessToken: current.accessToken,
      ...(expiresAt !== undefined && { expiresAt }),
      ...(current.refreshToken !== undefined && { refreshToken: current.refreshToken }),
    });
  }
  return { outcome, secrets: [...current.secrets, ...stored] };
}

/** Whether the server answers a request carrying the token 401: a ping, which no server acts upon. */
async function refused(options: StoredSignInOptions, token: string): Promise<boolean> {
  const answer = await exchange(
    options.url,
    {
      method: 'POST',
      headers: {
        ...options.headers,
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'mcpact-oauth', method: 'ping' }),
      headersOnly: true,
    },
    { timeoutMs: options.timeoutMs, ...(options.signal !== undefined && { signal: options.signal }) },
  );
  return answer.kind !== 'failed' && answer.status === 401;
}
