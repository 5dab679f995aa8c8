/**
 * Raw Streamable HTTP exchanges for transport probes: one fetch per call, with exactly the headers and body the
 * caller gives, and the response as it came (status, headers, body, the JSON-RPC messages in it). Nothing is
 * followed: a redirect is returned as the response, so headers (and the tokens in them) never reach another host.
 * Nothing is retried either, except a request an idle connection dropped before any response
 * (connect/stale-connection.ts). Every exchange ends by its deadline, whatever the server does with the body.
 */
import type { Outcome, RequestId } from './rpc.js';
import { SseParser } from './sse.js';
import { isRecord, nameRecord } from '../util/json.js';
import { parseJsonBounded } from '../util/nesting.js';
import { resendOnDroppedConnection } from './stale-connection.js';

const serverFetch = resendOnDroppedConnection();

/** Header names are compared in lower case; `null` removes a header the client would otherwise send. */
export type HeaderOverrides = Record<string, string | null>;

export type HttpExchange =
  | {
      kind: 'response';
      status: number;
      /** Response headers, names in lower case. */
      headers: Record<string, string>;
      /** The media type of Content-Type without parameters, in lower case. */
      mediaType: string | undefined;
      /** The body as read (at most MAX_BODY_BYTES). */
      body: string;
      bodyBytes: number;
      /** False when reading stopped before the body ended (enough was read, the cap, or the deadline). */
      ended: boolean;
      /** The deadline passed while the body was still streaming. */
      timedOut: boolean;
      /** JSON-RPC messages found in the body (a JSON body, or the data of SSE events). */
      messages: unknown[];
      /** SSE events or JSON bodies that did not parse as JSON. */
      unparsable: number;
      ms: number;
    }
  | { kind: 'failed'; reason: 'timeout' | 'network'; detail: string; ms: number };

export interface ExchangeRequest {
  method: 'POST' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  /** Stop reading once this is true for the messages read so far (an SSE stream may stay open after them). */
  enough?: (messages: readonly unknown[]) => boolean;
  /** Read nothing after the headers (a GET stream never ends). */
  headersOnly?: boolean;
}

/** A hostile server may send an endless body; probes need its first messages, never megabytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

export async function exchange(url: string, request: ExchangeRequest, options: { timeoutMs: number; signal?: AbortSignal }): Promise<HttpExchange> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const stop = () => controller.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) controller.abort();
  try {
    let response: Response;
    try {
      response = await serverFetch(url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut || options.signal?.aborted)
        return { kind: 'failed', reason: 'timeout', detail: `no response within ${options.timeoutMs} ms`, ms: elapsed() };
      return { kind: 'failed', reason: 'network', detail: describeError(error), ms: elapsed() };
    }
    // Header names are the server's: `__proto__` is a valid one.
    const headers = nameRecord<string>();
    response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    const mediaType = headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;
    const result = {
      kind: 'response' as const,
      status: response.status,
      headers,
      mediaType,
      body: '',
      bodyBytes: 0,
      ended: false,
      timedOut: false,
      messages: [] as unknown[],
      unparsable: 0,
      ms: 0,
    };
    if (request.headersOnly || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      result.ended = !response.body;
      result.ms = elapsed();
      return result;
    }
    await readBody(response.body, mediaType === 'text/event-stream', result, request.enough);
    result.timedOut = !result.ended && timedOut;
    if (mediaType !== 'text/event-stream' && result.ended && result.body.trim() !== '') {
      try {
        const parsed = parseJsonBounded(result.body);
        // One at a time: a batch of 500,000 answers spread into push() overflows the stack.
        for (const message of Array.isArray(parsed) ? (parsed as unknown[]) : [parsed]) result.messages.push(message);
      } catch {
        result.unparsable++;
      }
    }
    result.ms = elapsed();
    return result;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
    controller.abort(); // releases a body we stopped reading
  }
}

async function readBody(
  stream: ReadableStream<Uint8Array>,
  sse: boolean,
  result: { body: string; bodyBytes: number; ended: boolean; messages: unknown[]; unparsable: number },
  enough?: (messages: readonly unknown[]) => boolean,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const parser = sse ? new SseParser() : undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        result.ended = true;
        return;
      }
      const room = MAX_BODY_BYTES - result.bodyBytes;
      const chunk = value.length > room ? value.subarray(0, room) : value;
      result.bodyBytes += chunk.length;
      const text = decoder.decode(chunk, { stream: true });
      result.body += text;
      for (const event of parser?.push(text) ?? []) {
        if (event.data === '') continue; // priming events and keep-alives carry no message
        try {
          result.messages.push(parseJsonBounded(event.data));
        } catch {
          result.unparsable++;
        }
      }
      if (result.bodyBytes >= MAX_BODY_BYTES || enough?.(result.messages)) return;
    }
  } catch {
    // Aborted by the deadline, or the connection broke: what was read so far is the answer.
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** The JSON-RPC outcome of a request sent in an exchange, judged like the shared session judges responses. */
export function outcomeOf(result: HttpExchange, id: RequestId): Outcome {
  if (result.kind === 'failed') return result.reason === 'timeout' ? { kind: 'timeout', ms: result.ms } : { kind: 'closed', ms: result.ms };
  const records = result.messages.filter(isRecord);
  const response = records.find((message) => message.id === id) ?? records.find((message) => message.id === null && 'error' in message);
  if (!response) return result.timedOut ? { kind: 'timeout', ms: result.ms } : { kind: 'closed', ms: result.ms };
  if ('result' in response && !('error' in response)) return { kind: 'result', result: response.result, ms: result.ms };
  if (isRecord(response.error) && !('result' in response)) {
    return { kind: 'error', code: response.error.code, message: response.error.message, data: response.error.data, ms: result.ms };
  }
  return { kind: 'malformed', response, ms: result.ms };
}

/** True once the messages hold a response to `id`. */
export function answers(id: RequestId): (messages: readonly unknown[]) => boolean {
  return (messages) => messages.some((message) => isRecord(message) && message.id === id && ('result' in message || 'error' in message));
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
  return String(error);
}
