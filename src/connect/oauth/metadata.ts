/**
 * Discovery as the MCP authorization text gives it (2025-11-25 basic/authorization#authorization-server-discovery,
 * 2026-07-28 basic/authorization/authorization-server-discovery): the Protected Resource Metadata (RFC 9728) at the
 * URL of the 401's `resource_metadata`, else at the well-known URIs "in the order listed" (the endpoint's path, then
 * the root); then the metadata of its first authorization server, RFC 8414 and OpenID Connect Discovery in the
 * order the text gives. Every URL goes through connect/oauth/guarded-request.ts; what each step found is kept as
 * data for the auth rules.
 */
import { guardedRequest, GuardedRequestError, refusalOf, shown, type GuardedResponse } from './guarded-request.js';
import { isLoopbackHost } from './addresses.js';

/** Largest metadata document read. Real ones are a few KiB. */
export const METADATA_BYTES = 256 * 1024;
/** Same-origin redirects followed for one metadata document. */
const MAX_REDIRECTS = 3;

export interface FetchPolicy {
  /** The MCP server's URL: its own origin is trusted as the user trusts the server; loopback is allowed when it is on loopback. */
  server: URL;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A document looked for at one URL, and what came back. */
export interface MetadataAttempt {
  url: string;
  status?: number;
  /** Why the answer is not used (not found, not JSON, refused by the policy). */
  problem?: string;
}

export interface Discovered<T> {
  url: string;
  document: T;
  attempts: MetadataAttempt[];
}

export type ProtectedResourceMetadata = Record<string, unknown> & { resource: string; authorization_servers: string[] };
export type AuthorizationServerMetadata = Record<string, unknown> & { issuer: string; token_endpoint: string };

/** A discovery step that found nothing usable: the message is the line the user reads. */
export class DiscoveryError extends Error {
  constructor(
    message: string,
    readonly attempts: MetadataAttempt[] = [],
  ) {
    super(message);
    this.name = 'DiscoveryError';
  }
}

/** The well-known URIs of RFC 9728 section 3.1 for an MCP endpoint: with its path inserted first (unless at the root), then the root. */
export function protectedResourceUrls(server: URL): string[] {
  const path = server.pathname.replace(/\/$/, '');
  const root = `${server.origin}/.well-known/oauth-protected-resource`;
  return path === '' ? [root] : [`${root}${path}`, root];
}

/** The metadata URLs of an issuer, in the order the MCP text gives (RFC 8414 section 3.1 path insertion, then OpenID Connect). */
export function authorizationServerUrls(issuer: URL): string[] {
  const path = issuer.pathname.replace(/\/$/, '');
  if (path === '') return [`${issuer.origin}/.well-known/oauth-authorization-server`, `${issuer.origin}/.well-known/openid-configuration`];
  return [
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    `${issuer.origin}/.well-known/openid-configuration${path}`,
    `${issuer.origin}${path}/.well-known/openid-configuration`,
  ];
}

/** GET of a JSON document under the policy, following redirects within the origin it was asked of. */
export async function fetchMetadata(target: string, policy: FetchPolicy): Promise<{ response: GuardedResponse; url: string }> {
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    const response = await guardedRequest(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      maxBytes: METADATA_BYTES,
      timeoutMs: policy.timeoutMs,
      allowLoopback: isLoopbackHost(policy.server.hostname),
      ownOrigin: url.origin === policy.server.origin,
      signal: policy.signal,
    });
    const location = response.headers.location;
    if (response.status < 300 || response.status > 399 || location === undefined) return { response, url: url.href };
    const next = new URL(location, url);
    if (next.origin !== url.origin) throw new GuardedRequestError(`${shown(url)} redirects to another origin (${next.origin}): not followed`, true);
    if (hop >= MAX_REDIRECTS) throw new GuardedRequestError(`${shown(url)} redirects more than ${MAX_REDIRECTS} times: not followed`, false);
    url = next;
  }
}

/** Why a URL the metadata names may not be used (checked before anything is sent to it), or undefined. */
export function endpointRefusal(url: string, policy: FetchPolicy): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${JSON.stringify(url.slice(0, 200))} is not a URL`;
  }
  if (parsed.origin === policy.server.origin) return undefined;
  const why = refusalOf(parsed, isLoopbackHost(policy.server.hostname));
  return why === undefined ? undefined : `refused ${shown(parsed)}: ${why}`;
}

export async function discoverProtectedResource(resourceMetadata: string | undefined, policy: FetchPolicy): Promise<Discovered<ProtectedResourceMetadata>> {
  const candidates = resourceMetadata === undefined ? protectedResourceUrls(policy.server) : [resourceMetadata];
  const attempts: MetadataAttempt[] = [];
  for (const candidate of candidates) {
    const found = await tryDocument(candidate, policy, attempts);
    if (found === undefined) continue;
    const problem = protectedResourceProblem(found.document, policy.server);
    if (problem !== undefined) {
      attempts.push({ url: found.url, status: 200, problem });
      throw new DiscoveryError(`the Protected Resource Metadata at ${shown(new URL(found.url))} ${problem}`, attempts);
    }
    return { url: found.url, document: found.document as ProtectedResourceMetadata, attempts };
  }
  const where = resourceMetadata === undefined ? 'at the well-known URIs (the 401 named no resource_metadata)' : 'at the URL of its resource_metadata';
  throw new DiscoveryError(`no Protected Resource Metadata ${where}: ${describeAttempts(attempts)}`, attempts);
}

export async function discoverAuthorizationServer(issuer: string, policy: FetchPolicy): Promise<Discovered<AuthorizationServerMetadata>> {
  const refusal = endpointRefusal(issuer, policy);
  if (refusal !== undefined) throw new DiscoveryError(`authorization server ${refusal}`);
  const attempts: MetadataAttempt[] = [];
  for (const candidate of authorizationServerUrls(new URL(issuer))) {
    const found = await tryDocument(candidate, policy, attempts);
    if (found === undefined) continue;
    const document = found.document;
    // RFC 8414 section 3.3, and 2026-07-28: "the `issuer` value in the document MUST be identical to the issuer identifier".
    if (document.issuer !== issuer) {
      attempts.push({ url: found.url, status: 200, problem: 'its issuer is not the authorization server it was fetched for' });
      throw new DiscoveryError(
        `the metadata at ${shown(new URL(found.url))} names issuer ${JSON.stringify(String(document.issuer).slice(0, 200))}, not ${issuer}: not used (RFC 8414 section 3.3)`,
        attempts,
      );
    }
    if (typeof document.token_endpoint !== 'string') {
      attempts.push({ url: found.url, status: 200, problem: 'it names no token_endpoint' });
      throw new DiscoveryError(`the authorization server metadata at ${shown(new URL(found.url))} names no token_endpoint`, attempts);
    }
    return { url: found.url, document: document as AuthorizationServerMetadata, attempts };
  }
  throw new DiscoveryError(`no authorization server metadata for ${issuer}: ${describeAttempts(attempts)}`, attempts);
}

/** A JSON object at `url`, or undefined (the attempt says why) when the next candidate should be tried. */
async function tryDocument(
  url: string,
  policy: FetchPolicy,
  attempts: MetadataAttempt[],
): Promise<{ url: string; document: Record<string, unknown> } | undefined> {
  const refusal = endpointRefusal(url, policy);
  if (refusal !== undefined) throw new DiscoveryError(refusal, [...attempts, { url, problem: refusal }]);
  let fetched: Awaited<ReturnType<typeof fetchMetadata>>;
  try {
    fetched = await fetchMetadata(url, policy);
  } catch (error) {
    if (error instanceof GuardedRequestError) throw new DiscoveryError(error.message, [...attempts, { url, problem: error.message }]);
    throw error;
  }
  const { response } = fetched;
  if (response.status !== 200) {
    attempts.push({ url, status: response.status, problem: `HTTP ${response.status}` });
    return undefined;
  }
  let document: unknown;
  try {
    document = JSON.parse(response.body);
  } catch {
    attempts.push({ url, status: 200, problem: 'not JSON' });
    return undefined;
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    attempts.push({ url, status: 200, problem: 'not a JSON object' });
    return undefined;
  }
  attempts.push({ url, status: 200 });
  return { url: fetched.url, document: document as Record<string, unknown> };
}

function describeAttempts(attempts: readonly MetadataAttempt[]): string {
  return attempts.map((attempt) => `${shown(new URL(attempt.url))} ${attempt.problem ?? 'answered'}`).join('; ') || 'nothing was tried';
}

/** What is wrong with a PRM document for this server, or undefined. */
export function protectedResourceProblem(document: Record<string, unknown>, server: URL): string | undefined {
  if (typeof document.resource !== 'string') return 'has no resource';
  if (!isOwnResource(document.resource, server)) return `names resource ${JSON.stringify(document.resource.slice(0, 200))}, not this server (${shown(server)})`;
  const servers = document.authorization_servers;
  if (!Array.isArray(servers) || servers.length === 0 || !servers.every((entry) => typeof entry === 'string'))
    return 'has no authorization_servers (an array of at least one URL)';
  return undefined;
}

/**
 * The PRM `resource` is the server's own: the same origin (scheme and host compared in lower case, default ports
 * elided, as URL does) and a path that is the endpoint's path or a whole-segment prefix of it (`https://x` for
 * `https://x/mcp`), as RFC 8707 lets a resource be named less specifically.
 */
export function isOwnResource(resource: string, server: URL): boolean {
  let parsed: URL;
  try {
    parsed = new URL(resource);
  } catch {
    return false;
  }
  if (parsed.origin !== server.origin || parsed.search !== '' || parsed.hash !== '') return false;
  const own = server.pathname.replace(/\/$/, '');
  const named = parsed.pathname.replace(/\/$/, '');
  return named === own || own.startsWith(`${named}/`);
}
