/**
 * What the auth rules share (#35): they apply to a server mcpact signed in to (it answered 401 without a token),
 * read what sign-in found, and send the server one MCP request with a token of their choosing on a connection of
 * their own: initialize (the legacy era) or server/discover (the modern one), whose answer says whether the
 * token was taken.
 */
import type { RuleTarget } from '../../engine/rule.js';
import type { HttpClient, HttpExchange } from '../../connect/transport-probe.js';
import type { Era } from '../../model/spec.js';
import { MODERN_REVISION } from '../../model/spec.js';
import { envelopeMeta } from '../../connect/envelope.js';
import { headersFor } from '../../connect/modern-http.js';

/** The auth rules are listed only for a server that asked for a token and that mcpact signed in to. */
export const signedIn = (target: RuleTarget): boolean => target.signIn !== undefined;

/** The reason an auth rule gives on a target it cannot probe. */
export const NOT_HTTP = 'needs the protected Streamable HTTP server itself (this target is not one)';

/** One MCP request with `Authorization: Bearer <token>`, or without the header (`token` null). */
export async function sendWithToken(client: HttpClient, era: Era, token: string | null): Promise<HttpExchange> {
  const authorization = token === null ? null : `Bearer ${token}`;
  if (era === 'legacy') return (await client.initialize(undefined, { authorization })).exchange;
  const id = client.nextRequestId();
  const body = { jsonrpc: '2.0', id, method: 'server/discover', params: { _meta: envelopeMeta({ protocolVersion: MODERN_REVISION, clientVersion: 'auth' }) } };
  const own = Object.fromEntries(Object.entries(headersFor(body)).map(([name, value]) => [name.toLowerCase(), value]));
  return client.send({ method: 'POST', headers: { ...own, authorization }, body, awaitId: id });
}

/** "HTTP 200", or what happened instead of an answer. */
export function describeAnswer(answer: HttpExchange): string {
  return answer.kind === 'failed' ? answer.detail : `HTTP ${answer.status}`;
}

/** The facts of an answer for a finding's data: never a token, never the whole body. */
export function answerData(answer: HttpExchange): Record<string, unknown> {
  if (answer.kind === 'failed') return { failure: answer.reason, detail: answer.detail };
  const challenge = answer.headers['www-authenticate'];
  return { status: answer.status, ...(challenge !== undefined && { wwwAuthenticate: challenge.slice(0, 500) }) };
}

/** True for an answer that took the token: the request was served. */
export function accepted(answer: HttpExchange): boolean {
  return answer.kind === 'response' && answer.status >= 200 && answer.status < 300;
}
