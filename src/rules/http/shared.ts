/** What the Streamable HTTP rules share: how they skip elsewhere, open a session of their own, and word answers. */
import type { HttpClient, HttpExchange, RawHttpSession, TransportProbe } from '../../connect/transport-probe.js';
import { describeOutcome } from '../outcome.js';
import { TRANSPORT_NAMES } from '../../model/transport.js';

/** The skip reason off Streamable HTTP: over HTTP+SSE too, whose wire (a stream and POSTs to its endpoint) is another. */
export function notHttp(transport: TransportProbe | undefined): string {
  return transport === undefined
    ? 'needs a real Streamable HTTP server (this target is in memory)'
    : `applies to Streamable HTTP servers only (this one is reached over ${TRANSPORT_NAMES[transport.kind]})`;
}

/** A session of the rule's own, or the reason there is none (the shared session proved the server works). */
export async function freshSession(client: HttpClient): Promise<RawHttpSession | string> {
  const session = await client.initialize();
  if (session.outcome.kind === 'result') return session;
  return `a fresh session could not be initialized (${session.exchange.kind === 'response' ? `HTTP ${session.exchange.status}, ` : ''}${describeOutcome(session.outcome)})`;
}

/** "HTTP 500 (text/html)", "no response within 500 ms", ... */
export function describeExchange(exchange: HttpExchange): string {
  if (exchange.kind === 'failed') return exchange.reason === 'timeout' ? exchange.detail : `a network error (${exchange.detail.slice(0, 80)})`;
  return `HTTP ${exchange.status}${exchange.mediaType ? ` (${exchange.mediaType})` : ''}`;
}

/** Raw facts of an exchange for a finding's data: never the whole body. */
export function exchangeData(exchange: HttpExchange): Record<string, unknown> {
  if (exchange.kind === 'failed') return { failure: exchange.reason, detail: exchange.detail };
  return { status: exchange.status, contentType: exchange.headers['content-type'], body: exchange.body.slice(0, 500) };
}

export function ping(id: number): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method: 'ping' };
}
