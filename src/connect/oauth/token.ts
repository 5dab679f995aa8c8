/**
 * The token request (OAuth 2.1 section 3.2): the client_credentials grant with a client secret, or the refresh
 * grant with a refresh token, always with the `resource` parameter (RFC 8707; MCP: "MUST be included in both
 * authorization requests and token requests"). The client authenticates as the metadata says it may
 * (`token_endpoint_auth_methods_supported`, client_secret_basic by default, RFC 8414 section 2). Credentials go to
 * the token endpoint the metadata named and nowhere else, never through a redirect.
 */
import { guardedRequest, GuardedRequestError, shown } from './guarded-request.js';
import type { AuthorizationServerMetadata } from './metadata.js';

/** Largest token response read. */
const TOKEN_BYTES = 64 * 1024;

export interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
}

export type Grant =
  | { kind: 'client_credentials' }
  | { kind: 'refresh_token'; refreshToken: string }
  /** `mcpact login` (connect/oauth/authorization-code.ts): the code, the redirect URI it was sent to, the PKCE verifier. */
  | { kind: 'authorization_code'; code: string; redirectUri: string; codeVerifier: string };

export interface TokenRequest {
  metadata: AuthorizationServerMetadata;
  client: ClientCredentials;
  grant: Grant;
  resource: string;
  scope?: string;
  timeoutMs: number;
  allowLoopback: boolean;
  signal?: AbortSignal;
}

export interface Tokens {
  accessToken: string;
  /** Seconds, as the authorization server said. */
  expiresIn?: number;
  refreshToken?: string;
  scope?: string;
}

/** The authorization server refused the grant, or its answer is no token: `message` is the user's line. */
export class TokenError extends Error {
  constructor(
    message: string,
    /** The OAuth `error` code of a refusal (invalid_client, invalid_grant, invalid_target...). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

export async function requestToken(request: TokenRequest): Promise<Tokens> {
  const { metadata, client, grant } = request;
  const form = new URLSearchParams();
  form.set('grant_type', grant.kind);
  if (grant.kind === 'refresh_token') form.set('refresh_token', grant.refreshToken);
  if (grant.kind === 'authorization_code') {
    form.set('code', grant.code);
    form.set('redirect_uri', grant.redirectUri);
    form.set('code_verifier', grant.codeVerifier);
  }
  form.set('resource', request.resource);
  if (request.scope !== undefined && request.scope !== '') form.set('scope', request.scope);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const method = authMethod(metadata, client);
  if (method === 'client_secret_basic') headers.authorization = basicCredential(client);
  else {
    form.set('client_id', client.clientId);
    if (method === 'client_secret_post') form.set('client_secret', client.clientSecret!);
  }
  const endpoint = new URL(metadata.token_endpoint);
  let response;
  try {
    response = await guardedRequest(endpoint, {
      method: 'POST',
      headers,
      body: form.toString(),
      maxBytes: TOKEN_BYTES,
      timeoutMs: request.timeoutMs,
      allowLoopback: request.allowLoopback,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof GuardedRequestError) throw new TokenError(`token endpoint: ${error.message}`);
    throw error;
  }
  const body = parseObject(response.body);
  const what = { client_credentials: 'the client_credentials grant', refresh_token: 'the refresh grant', authorization_code: 'the authorization code' }[
    grant.kind
  ];
  if (response.status !== 200) {
    const code = typeof body?.error === 'string' ? body.error.slice(0, 80) : undefined;
    const description = typeof body?.error_description === 'string' ? ` (${body.error_description.replace(/\s+/g, ' ').slice(0, 200)})` : '';
    throw new TokenError(
      `the token endpoint ${shown(endpoint)} refused ${what} with HTTP ${response.status}${code === undefined ? '' : `: ${code}${description}`}`,
      code,
    );
  }
  if (body === undefined || typeof body.access_token !== 'string' || body.access_token === '')
    throw new TokenError(`the token endpoint ${shown(endpoint)} answered ${what} without an access_token`);
  if (typeof body.token_type !== 'string' || body.token_type.toLowerCase() !== 'bearer')
    throw new TokenError(`the token endpoint ${shown(endpoint)} issued a token of type ${JSON.stringify(String(body.token_type).slice(0, 40))}, not Bearer`);
  return {
    accessToken: body.access_token,
    ...(typeof body.expires_in === 'number' && { expiresIn: body.expires_in }),
    ...(typeof body.refresh_token === 'string' && body.refresh_token !== '' && { refreshToken: body.refresh_token }),
    ...(typeof body.scope === 'string' && { scope: body.scope }),
  };
}

type AuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

/** RFC 8414 section 2: without `token_endpoint_auth_methods_supported`, client_secret_basic is the default. */
function authMethod(metadata: AuthorizationServerMetadata, client: ClientCredentials): AuthMethod {
  if (client.clientSecret === undefined) return 'none';
  const supported = metadata.token_endpoint_auth_methods_supported;
  if (!Array.isArray(supported) || supported.includes('client_secret_basic')) return 'client_secret_basic';
  if (supported.includes('client_secret_post')) return 'client_secret_post';
  return 'client_secret_basic';
}

/** RFC 6749 section 2.3.1: id and secret form-encoded, then joined and base64-encoded. */
export function basicCredential(client: ClientCredentials): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(client.clientId)}:${encode(client.clientSecret ?? '')}`, 'utf8').toString('base64')}`;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
