/**
 * A `subscriptions/listen` stream of 2026-07-28 (basic/patterns/subscriptions), opened on a connection of its own,
 * read for a bounded window and then closed the way the transport says a client cancels: over Streamable HTTP by
 * closing the response stream, over stdio by `notifications/cancelled` naming the request. What came is returned as
 * data for protocol/subscriptions-listen to judge; how it ended says whose end it was (the server's, mcpact's after
 * the window, or mcpact's cap), so that mcpact's own close is never taken for the server's.
 */
import { headersFor } from './modern-http.js';
import { MAX_BODY_BYTES, type HttpExchange } from './raw-http.js';
import type { Outcome, RequestId } from './rpc.js';
import type { HttpClient, StdioConnection } from './transport-probe.js';
import { envelopeMeta } from './envelope.js';
import { MODERN_REVISION } from '../model/spec.js';
import { jsonBytesUpTo } from '../util/bound.js';
import { isRecord } from '../util/json.js';

/** The `_meta` key that tags every message of a subscription with the listen request's id. */
export const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** How long a stream is read at most (less when call_ms is shorter): mcpact changes nothing, so little comes. */
export const LISTEN_WINDOW_MS = 1_500;
/** Messages kept of one stream; one more and the stream is a flood (mcpact stops reading). */
export const LISTEN_MESSAGES = 100;
/** Bytes read of one stream at most (after decompression); reaching it is a flood too. */
export const LISTEN_BYTES = MAX_BODY_BYTES;
/**
 * After mcpact's cancel: over stdio, how long messages of the subscription are still watched for once the next
 * request is answered; over HTTP, how long the server gets to notice the closed stream before the next request.
 */
export const AFTER_CANCEL_MS = 250;

export type ListenEnd =
  /** The server ended the stream (its body ended, it answered the request, or the child exited). */
  | 'server'
  /** mcpact closed it once the window had passed. */
  | 'window'
  /** mcpact stopped reading at LISTEN_MESSAGES or LISTEN_BYTES. */
  | 'cap';

export interface ListenRead {
  kind: 'read';
  /** The listen request's id: the subscription id every message of the stream carries. */
  id: RequestId;
  /** What came while the stream was open, in order (stdio: every notification and stray answer of the child). */
  messages: Record<string, unknown>[];
  /** Messages past LISTEN_MESSAGES, counted and not kept. */
  more: number;
  /** Bytes received (HTTP: the body; stdio: the JSON of the messages). */
  bytes: number;
  /** SSE events whose data is not a JSON object. */
  unparsable: number;
  end: ListenEnd;
  windowMs: number;
  /** HTTP: the response's status and media type. */
  http?: { status: number; mediaType: string | undefined };
  /** stdio: messages of the subscription (tagged with its id, or an answer to it) once the cancel was answered. */
  afterCancel: Record<string, unknown>[];
  /** Whether mcpact sent a cancel (stdio; not when the server had ended the subscription itself). */
  cancelled: boolean;
  /** server/discover sent once the stream was closed: does the server still serve? */
  after: AfterClose;
}

/**
 * What server/discover found once the stream was closed: an answer of any kind (even an HTTP error status: something
 * still serves), the connection gone (refused, or the child exited), or no answer in time.
 */
export interface AfterClose {
  state: 'serving' | 'gone' | 'silent';
  detail: string;
}

function afterStdio(outcome: Outcome): AfterClose {
  if (outcome.kind === 'closed') return { state: 'gone', detail: 'the child exited or closed its stdout' };
  if (outcome.kind === 'timeout') return { state: 'silent', detail: `no answer in ${outcome.ms} ms` };
  return { state: 'serving', detail: outcome.kind };
}

function afterHttp(exchange: HttpExchange): AfterClose {
  if (exchange.kind === 'response') return { state: 'serving', detail: `HTTP ${exchange.status}` };
  return exchange.reason === 'network' ? { state: 'gone', detail: exchange.detail } : { state: 'silent', detail: exchange.detail };
}

/**
 * The notifications of 2026-07-28 that exist only on listen streams: on a child with one subscription they are that
 * subscription's, tagged or not (an untagged one is then judged as such).
 */
const LISTEN_ONLY_METHODS: ReadonlySet<unknown> = new Set([
  'notifications/subscriptions/acknowledged',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
]);

/** No answer at all: the stream never opened within the window (a verdict mcpact cannot reach). */
export interface ListenFailed {
  kind: 'failed';
  reason: string;
}

/** The request's params: the filter, and (HTTP, where each POST stands alone) the envelope. */
function listenRequest(id: RequestId, notifications: Record<string, unknown>, envelope: boolean): Record<string, unknown> {
  const params: Record<string, unknown> = { notifications };
  if (envelope) params._meta = envelopeMeta({ protocolVersion: MODERN_REVISION, clientVersion: 'subscriptions-listen' });
  return { jsonrpc: '2.0', id, method: 'subscriptions/listen', params };
}

function discoverRequest(id: RequestId): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id,
    method: 'server/discover',
    params: { _meta: envelopeMeta({ protocolVersion: MODERN_REVISION, clientVersion: 'subscriptions-listen' }) },
  };
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** One POST whose response is the stream, read until the server ends it, the window passes or the cap is reached. */
export async function listenHttp(client: HttpClient, notifications: Record<string, unknown>, windowMs: number): Promise<ListenRead | ListenFailed> {
  const id = client.nextRequestId();
  const body = listenRequest(id, notifications, true);
  const exchange = await client.send(
    { method: 'POST', headers: lowerCase(headersFor(body)), body, awaitId: id, until: (messages) => messages.length > LISTEN_MESSAGES },
    windowMs,
  );
  if (exchange.kind === 'failed')
    return { kind: 'failed', reason: exchange.reason === 'timeout' ? `no response to subscriptions/listen within ${windowMs} ms` : exchange.detail };
  const records = exchange.messages.filter(isRecord);
  const capped = exchange.bodyBytes >= LISTEN_BYTES || exchange.messages.length > LISTEN_MESSAGES;
  const answered = records.some((message) => message.id === id && !('method' in message));
  const end: ListenEnd = capped ? 'cap' : exchange.ended || answered || !exchange.timedOut ? 'server' : 'window';
  // The server learns of mcpact's close a moment later: what it does then (stop the stream, or fall over) is what counts.
  if (end !== 'server') await new Promise((resolve) => setTimeout(resolve, AFTER_CANCEL_MS));
  const discover = discoverRequest(client.nextRequestId());
  const again = await client.send({ method: 'POST', headers: lowerCase(headersFor(discover)), body: discover, awaitId: discover.id as number });
  return {
    kind: 'read',
    id,
    messages: records.slice(0, LISTEN_MESSAGES),
    more: Math.max(0, records.length - LISTEN_MESSAGES),
    bytes: exchange.bodyBytes,
    unparsable: exchange.unparsable + (exchange.messages.length - records.length),
    end,
    windowMs,
    http: { status: exchange.status, mediaType: exchange.mediaType },
    afterCancel: [],
    cancelled: false,
    after: afterHttp(again),
  };
}

/** Whether a message belongs to subscription `id`: tagged with it in `_meta`, or an answer to the listen request. */
export function ofSubscription(message: Record<string, unknown>, id: RequestId): boolean {
  if (!('method' in message)) return message.id === id;
  const params = isRecord(message.params) ? message.params : undefined;
  const meta = params && isRecord(params._meta) ? params._meta : undefined;
  return meta?.[SUBSCRIPTION_ID] === id || (message.method === 'notifications/cancelled' && params?.requestId === id);
}

/**
 * The listen request on a fresh child that has answered server/discover: every notification it sends (and any answer
 * to the listen request) until the server ends the subscription, the window passes or the cap is reached; then
 * `notifications/cancelled` for it, server/discover, and AFTER_CANCEL_MS more of watching for the subscription.
 */
export async function listenStdio(connection: StdioConnection, notifications: Record<string, unknown>, windowMs: number): Promise<ListenRead | ListenFailed> {
  const opened = await connection.initialize();
  if (opened.kind !== 'result') return { kind: 'failed', reason: `a fresh child did not answer server/discover (${opened.kind})` };
  const id = connection.nextRequestId();
  const messages: Record<string, unknown>[] = [];
  const afterCancel: Record<string, unknown>[] = [];
  let more = 0;
  let bytes = 0;
  let phase: 'open' | 'cancelling' | 'cancelled' = 'open';
  let wake: () => void = () => undefined;
  let ended: ListenEnd | undefined;
  const stop = connection.onMessage((message) => {
    if (phase === 'cancelled') {
      if (ofSubscription(message, id) && afterCancel.length < LISTEN_MESSAGES) afterCancel.push(message);
      return;
    }
    // On stdio every subscription shares the channel: a message is this one's when it says so, or is a change
    // notification (which the revision delivers on listen streams only); a log line of the server's is nobody's.
    if (phase !== 'open' || ended !== undefined || !(ofSubscription(message, id) || LISTEN_ONLY_METHODS.has(message.method))) return;
    bytes += jsonBytesUpTo(message, LISTEN_BYTES);
    if (messages.length < LISTEN_MESSAGES) messages.push(message);
    else more++;
    if (more > 0 || bytes >= LISTEN_BYTES) ended = 'cap';
    // An answer to the request ends the subscription; so does the server's own cancel of it (stdio).
    else if (!('method' in message) ? message.id === id : message.method === 'notifications/cancelled' && ofSubscription(message, id)) ended = 'server';
    if (ended !== undefined) wake();
  });
  try {
    if (!(await connection.post(listenRequest(id, notifications, false))))
      return { kind: 'failed', reason: 'the child closed its stdin before subscriptions/listen' };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, windowMs);
      const poll = setInterval(() => {
        if (connection.gone) {
          ended ??= 'server';
          finish();
        }
      }, 25);
      wake = finish;
      function finish() {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      }
    });
    const end = ended ?? 'window';
    // A subscription the server ended itself (it answered the request) is not cancelled: nothing is in progress.
    const cancelled = end !== 'server';
    phase = 'cancelling';
    if (cancelled) await connection.post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'mcpact has read enough' } });
    const answered = await connection.ping();
    const after = afterStdio(answered);
    phase = 'cancelled';
    if (cancelled && after.state === 'serving') await new Promise((resolve) => setTimeout(resolve, AFTER_CANCEL_MS));
    return { kind: 'read', id, messages, more, bytes, unparsable: 0, end, windowMs, afterCancel, cancelled, after };
  } finally {
    stop();
  }
}
