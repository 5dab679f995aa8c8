/**
 * Every HTTP request mcpact sends to a server goes through this fetch: a request that the connection dropped before
 * any byte of a response is sent once more. Node's fetch keeps idle connections open and reuses them; a server may
 * close an idle connection at any time (uvicorn, under most Python MCP servers, closes it after 5 s). When the
 * server's close and the client's reuse cross, the request dies with "other side closed" or ECONNRESET and never
 * reached the server's application. On an idle machine the pool sees the close first, so this is rare; with 14
 * runs side by side on two loaded cores, where the client's event loop runs late, it hit 2 of them against a correct
 * Python SDK server, and read as "the server probably crashed". HTTP clients commonly resend a request in that case
 * (RFC 9112 §9.3.1 allows it when the original request was not applied, which a reset before any response
 * suggests); mcpact resends it once, with the same method, headers and body.
 *
 * A server that really drops the request (it crashes, or closes the connection on reading it) drops the second one
 * too, and its verdict stands. Only the race is absorbed. A deadline or a run that is stopping is never retried.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** The errors of a connection that ended under the request: undici's own, and the socket's. */
const DROPPED_CONNECTION = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** Whether `error`, from fetch, is a connection that ended before a response started. */
export function droppedConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: unknown }).cause;
  const code = cause instanceof Error ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' && DROPPED_CONNECTION.has(code);
}

/** A body that can be sent a second time as it was: a stream is read by the first attempt. */
function replayable(body: RequestInit['body']): boolean {
  return body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer;
}

export function resendOnDroppedConnection(base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    try {
      return await base(url, init);
    } catch (error) {
      if (!droppedConnection(error) || init?.signal?.aborted === true || !replayable(init?.body)) throw error;
      return base(url, init);
    }
  };
}
