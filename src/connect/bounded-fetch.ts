/**
 * The fetch the SDK's Streamable HTTP transport is given: responses as the server sent them, but never more of
 * one than mcpact keeps. The SDK reads a JSON body whole (`response.json()`) and an SSE event whole, and fetch
 * decompresses as it reads, so without a cap a gzip bomb (a few hundred KB that inflate to gigabytes), a huge
 * body or an endless `data:` line is all kept in memory. Bytes are counted after decompression: a JSON body up to
 * `HTTP_BODY_BYTES`, an SSE event (everything between two blank lines) up to the same. Past it the body errors,
 * and `onCap` is told once, so the session can say why an answer never came.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Largest HTTP response body (decompressed), and largest SSE event, mcpact reads: as large as one stdio line. */
export const HTTP_BODY_BYTES = 64 * 1024 * 1024;

/** Statuses whose Response may carry no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

export function boundedFetch(onCap: (message: string) => void, maxBytes = HTTP_BODY_BYTES, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body || NULL_BODY.has(response.status)) return response;
    const sse = (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
    const limited = response.body.pipeThrough(sse ? eventLimit(maxBytes, onCap) : totalLimit(maxBytes, onCap));
    const bounded = new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers });
    // The SDK reads `url` and `redirected` of what it gets back (same-origin redirects).
    Object.defineProperty(bounded, 'url', { value: response.url });
    Object.defineProperty(bounded, 'redirected', { value: response.redirected });
    return bounded;
  };
}

function describe(maxBytes: number, what: string): string {
  return `${what} over ${Math.round(maxBytes / 1024 / 1024)} MiB (mcpact's cap on HTTP responses): not read further`;
}

function totalLimit(maxBytes: number, onCap: (message: string) => void): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) {
        const message = describe(maxBytes, 'an HTTP response body');
        onCap(message);
        controller.error(new Error(message));
        return;
      }
      controller.enqueue(chunk);
    },
  });
}

/** Bytes since the last blank line (LF LF, or CR LF CR LF: a CR is not counted as a line's content). */
function eventLimit(maxBytes: number, onCap: (message: string) => void): TransformStream<Uint8Array, Uint8Array> {
  let sinceEvent = 0;
  let atLineStart = true;
  return new TransformStream({
    transform(chunk, controller) {
      for (let index = 0; index < chunk.length; index++) {
        const byte = chunk[index]!;
        if (byte === 0x0a) {
          if (atLineStart) sinceEvent = 0;
          atLineStart = true;
        } else if (byte !== 0x0d) {
          atLineStart = false;
          sinceEvent++;
        }
      }
      if (sinceEvent > maxBytes) {
        const message = describe(maxBytes, 'an SSE event');
        onCap(message);
        controller.error(new Error(message));
        return;
      }
      controller.enqueue(chunk);
    },
  });
}
