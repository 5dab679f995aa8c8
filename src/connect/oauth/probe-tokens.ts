/**
 * The tokens the auth rules send to a protected server (#35), made at sign-in, so that each joins the run's secrets
 * before anything is written. Two need nothing from the authorization server (a string that is no token, the issued
 * token with its signature altered); two are second tokens, asked for only with the user's own credentials (the
 * client_credentials grant): one for another resource, one without the scope the server asks for. Where the
 * authorization server gives none, the reason is kept and the rule that needed it is skipped with it.
 */
import { requestToken, TokenError, type ClientCredentials, type TokenRequest } from './token.js';
import type { AuthorizationServerMetadata } from './metadata.js';

/** A second token, or why mcpact has none. */
export type SecondToken<T> = ({ token: string } & T) | { missing: string };

export interface ProbeTokens {
  /** Not a token at all. */
  malformed: string;
  /** The issued token with the end of its signature (its last segment) changed. */
  altered: string;
  /** A token the authorization server issued for another resource. */
  otherAudience: SecondToken<{ resource: string }>;
  /** A token without the scope the server asks for. */
  lesserScope: SecondToken<{ scope: string; required: string }>;
}

/** Not a resource of anyone's: an authorization server that issues tokens for any resource names it in the audience. */
export const OTHER_RESOURCE = 'https://audience-probe.mcpact.invalid/mcp';
export const MALFORMED_TOKEN = 'mcpact-malformed-token';

/** Scopes of identity, not of the resource: never the lesser scope asked for. */
const IDENTITY_SCOPES = new Set(['openid', 'offline_access', 'profile', 'email', 'address', 'phone']);

export interface ProbeTokenOptions {
  accessToken: string;
  metadata: AuthorizationServerMetadata;
  client: ClientCredentials;
  resource: string;
  /** The scopes the server asks for (its 401's scope, else its PRM's scopes_supported). */
  required?: string;
  /** The scope the issued token was asked for: the token for another resource asks for it too, so only its audience differs. */
  scope?: string;
  request: Pick<TokenRequest, 'timeoutMs' | 'allowLoopback' | 'signal'>;
}

export async function probeTokens(options: ProbeTokenOptions): Promise<ProbeTokens> {
  const base = { malformed: MALFORMED_TOKEN, altered: altered(options.accessToken) };
  if (options.client.clientSecret === undefined) {
    const missing = 'a second token needs the client_credentials grant (a client secret); with a refresh token alone mcpact asks for none';
    return { ...base, otherAudience: { missing }, lesserScope: { missing } };
  }
  return { ...base, otherAudience: await otherAudience(options), lesserScope: await lesserScope(options) };
}

/** The token with its last segment's last characters changed: for a JWT, a signature that no longer verifies. */
export function altered(token: string): string {
  const keep = Math.max(0, token.length - 6);
  const tail = [...token.slice(keep)].map((char) => (char === 'A' ? 'B' : 'A')).join('');
  return token.slice(0, keep) + tail;
}

async function otherAudience(options: ProbeTokenOptions): Promise<SecondToken<{ resource: string }>> {
  try {
    const tokens = await requestToken({
      ...options.request,
      metadata: options.metadata,
      client: options.client,
      grant: { kind: 'client_credentials' },
      resource: OTHER_RESOURCE,
      ...(options.scope !== undefined && { scope: options.scope }),
    });
    return { token: tokens.accessToken, resource: OTHER_RESOURCE };
  } catch (error) {
    if (error instanceof TokenError) return { missing: `the authorization server issues no token for another resource (${OTHER_RESOURCE}): ${error.message}` };
    throw error;
  }
}

async function lesserScope(options: ProbeTokenOptions): Promise<SecondToken<{ scope: string; required: string }>> {
  const required = options.required?.split(' ').filter(Boolean) ?? [];
  if (required.length === 0) return { missing: 'the server names no scope it requires (no scope in its 401, no scopes_supported in its metadata)' };
  const offered = options.metadata.scopes_supported;
  const other = Array.isArray(offered)
    ? offered.find((scope): scope is string => typeof scope === 'string' && !required.includes(scope) && !IDENTITY_SCOPES.has(scope))
    : undefined;
  if (other === undefined) return { missing: `the authorization server offers no scope besides ${required.join(' ')} to ask a token for` };
  try {
    const tokens = await requestToken({
      ...options.request,
      metadata: options.metadata,
      client: options.client,
      grant: { kind: 'client_credentials' },
      resource: options.resource,
      scope: other,
    });
    const granted = (tokens.scope ?? other).split(' ');
    if (required.every((scope) => granted.includes(scope)))
      return { missing: `the authorization server granted ${required.join(' ')} to a token asked for ${other} alone` };
    return { token: tokens.accessToken, scope: tokens.scope ?? other, required: required.join(' ') };
  } catch (error) {
    if (error instanceof TokenError) return { missing: `the authorization server issues no token for scope ${other} alone: ${error.message}` };
    throw error;
  }
}
