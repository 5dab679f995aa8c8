/**
 * The pieces of the authorization code flow `mcpact login` runs (#35), as OAuth 2.1 and the MCP authorization text
 * give them:
 * - PKCE with S256 ("MCP clients **MUST** use the `S256` code challenge method when technically capable");
 * - a redirect to a loopback listener on 127.0.0.1, on a port the system picks, at an exact URI (RFC 8252 section
 *   7.3; MCP: "All redirect URIs **MUST** be either `localhost` or use HTTPS");
 * - `state`, random, checked ("MCP clients **SHOULD** use and verify state parameters in the authorization code flow
 *   and discard any results that do not include or have a mismatch with the original state");
 * - `iss` checked as 2026-07-28 tabulates RFC 9207 section 2.4, before the code goes anywhere.
 * The listener answers one callback and closes; it serves nothing else and never shows what the request carried.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export const CALLBACK_PATH = '/callback';

export interface Pkce {
  verifier: string;
  challenge: string;
}

/** RFC 7636 section 4.1: 32 random bytes, base64url (43 characters); the challenge is its SHA-256, base64url. */
export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function randomState(): string {
  return randomBytes(32).toString('base64url');
}

export interface AuthorizationRequest {
  endpoint: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string;
  resource: string;
  scope?: string;
}

/** The URL the user opens: the endpoint's own query kept (RFC 6749 section 3.1), the request's parameters set. */
export function authorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(request.endpoint);
  const params: [string, string][] = [
    ['response_type', 'code'],
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['code_challenge', request.codeChallenge],
    ['code_challenge_method', 'S256'],
    ['state', request.state],
    ['resource', request.resource],
    ...(request.scope !== undefined && request.scope !== '' ? [['scope', request.scope] as [string, string]] : []),
    // OpenID Connect Core section 11: "When offline access is requested, a prompt parameter value of consent MUST be
    // used"; an OpenID provider drops `offline_access` (and issues no refresh token) otherwise.
    ...(request.scope?.split(' ').includes('offline_access') ? [['prompt', 'consent'] as [string, string]] : []),
  ];
  for (const [name, value] of params) url.searchParams.set(name, value);
  return url.href;
}

/** A callback that does not complete the sign-in: `message` is the user's line. */
export class AuthorizationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthorizationError';
  }
}

export interface Expected {
  state: string;
  /** The issuer of the validated metadata, recorded before the browser was sent (2026-07-28). */
  issuer: string;
  /** The metadata's `authorization_response_iss_parameter_supported`. */
  issSupported: boolean;
}

/**
 * The code of an authorization response, or why there is none. The state first: a response to another request is
 * not read further. Then `iss`: "on mismatch the client **MUST NOT** act on or display `error`,
 * `error_description`, or `error_uri`". Then the error, then the code.
 */
export function readAuthorizationResponse(params: URLSearchParams, expected: Expected): string {
  if (params.get('state') !== expected.state)
    throw new AuthorizationError(
      `the authorization response carries ${params.has('state') ? 'another state than the one mcpact sent' : 'no state'}: discarded (was the URL opened twice, or by another program?)`,
    );
  const iss = params.get('iss');
  if (iss === null && expected.issSupported)
    throw new AuthorizationError(
      'the authorization response has no iss, which its authorization server says it sends (authorization_response_iss_parameter_supported): discarded (RFC 9207)',
    );
  if (iss !== null && iss !== expected.issuer)
    throw new AuthorizationError(
      `the authorization response comes from issuer ${JSON.stringify(iss.slice(0, 200))}, not ${expected.issuer}: discarded (RFC 9207)`,
    );
  const error = params.get('error');
  if (error !== null) {
    const description = params.get('error_description');
    const why = description === null ? '' : ` (${description.replace(/\s+/g, ' ').slice(0, 200)})`;
    throw new AuthorizationError(`the authorization server did not authorize mcpact: ${error.slice(0, 80)}${why}`);
  }
  const code = params.get('code');
  if (code === null || code === '') throw new AuthorizationError('the authorization response carries neither a code nor an error');
  return code;
}

export interface Loopback {
  redirectUri: string;
  /** The query of the first request to the callback path, within `timeoutMs`. */
  callback(timeoutMs: number, signal?: AbortSignal): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/** The page the browser shows after the redirect. Static: nothing of the request is echoed. */
const PAGE = (text: string) => `<!doctype html><html><head><meta charset="utf-8"><title>mcpact</title></head><body><p>${text}</p></body></html>`;

export async function startLoopback(): Promise<Loopback> {
  let deliver: ((params: URLSearchParams) => void) | undefined;
  let received: URLSearchParams | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const headers = { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'", 'cache-control': 'no-store' };
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH || received !== undefined) {
      res.writeHead(404, headers).end(PAGE('Not found.'));
      return;
    }
    received = url.searchParams;
    const done = received.has('code') && !received.has('error');
    res.writeHead(200, headers).end(PAGE(done ? 'mcpact received the sign-in. You can close this tab.' : 'The sign-in did not complete: see the terminal.'));
    deliver?.(received);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new AuthorizationError('no loopback port for the redirect');
  return {
    redirectUri: `http://127.0.0.1:${address.port}${CALLBACK_PATH}`,
    callback: (timeoutMs, signal) =>
      new Promise<URLSearchParams>((resolve, reject) => {
        if (received !== undefined) return resolve(received);
        const stop = (error: AuthorizationError) => {
          clearTimeout(timer);
          reject(error);
        };
        const timer = setTimeout(
          () => stop(new AuthorizationError(`no answer came back from the browser within ${duration(timeoutMs)}: sign-in abandoned`)),
          timeoutMs,
        );
        signal?.addEventListener('abort', () => stop(new AuthorizationError('stopped while waiting for the browser')), { once: true });
        deliver = (params) => {
          clearTimeout(timer);
          resolve(params);
        };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const duration = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
