/**
 * The legacy HTTP+SSE transport of protocol revision 2024-11-05 (deprecated since 2025-03-26, still spoken by older
 * servers), on the SDK 1.x client's SSEClientTransport. 2024-11-05 basic/transports#http-with-sse: "When a client
 * connects, the server MUST send an `endpoint` event containing a URI for the client to use for sending messages.
 * All subsequent client messages MUST be sent as HTTP POST requests to this endpoint."
 *
 * What mcpact adds to the SDK's transport:
 * - Every response goes through the same bounded fetch (connect/bounded-fetch.ts) and the server's rate limit
 *   (connect/rate-limit.ts) as Streamable HTTP; redirects are followed within the origin only, as there.
 * - The endpoint must be on the origin of the SSE URL, so headers (tokens) go nowhere else. mcpact reads the first
 *   event itself, before the SDK sees it, and refuses a foreign endpoint with its own line, whatever the SDK does.
 * - One stream per session. When it ends, the session is over: the SDK's EventSource would reconnect, and the new
 *   GET opens a new session on the server whose endpoint would quietly replace this one's (never initialized).
 */
import { STATUS_CODES } from 'node:http';
import type { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describeError } from '../errors.js';
import type { Secrets } from '../util/secrets.js';
import { boundedFetch } from './bounded-fetch.js';
import { resendOnDroppedConnection } from './stale-connection.js';
import { endpoint as shown, httpFailure } from './http-failure.js';
import type { RateLimit } from './rate-limit.js';
import type { RenewingToken } from './oauth/refresh.js';
import { SseParser } from './sse.js';

/**
 * The answers to a POSTed initialize after which a client falls back to HTTP+SSE. 2025-11-25
 * basic/transports#backwards-compatibility: "Attempt to POST an `InitializeRequest` to the server URL, with an
 * `Accept` header as defined above: [...] If it fails with the following HTTP status codes "400 Bad Request", "404
 * Not Found" or "405 Method Not Allowed": Issue a GET request to the server URL, expecting that this will open an
 * SSE stream and return an `endpoint` event as the first event. When the `endpoint` event arrives, the client can
 * assume this is a server running the old HTTP+SSE transport, and should use that transport for all subsequent
 * communication." (2025-03-26 and 2025-06-18 said "an HTTP 4xx status code (e.g., 405 Method Not Allowed or 404
 * Not Found)"; a 401 or 403 is a server asking for credentials, never one of another transport.)
 */
export const SSE_FALLBACK_STATUSES: readonly number[] = [400, 404, 405];

export interface LegacySseOptions {
  headers: Record<string, string>;
  /** The server's rate limit, shared with the rest of the run. */
  rateLimit?: RateLimit;
  /** Told once when a response or an SSE event is over mcpact's cap. */
  onCap: (message: string) => void;
  /** The run's token, renewed when it expires mid-run (connect/oauth/refresh.ts). */
  bearer?: RenewingToken;
}

/** What the GET that opens the stream got: nothing yet, an answer that is no SSE stream, or the stream. */
type Opening = { state: 'waiting' } | { state: 'answered'; status: number; contentType: string } | { state: 'streaming' };

export class LegacySseTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** mcpact's refusal of the stream (a foreign endpoint, a first event that is not `endpoint`): one line. */
  refusal: string | undefined;
  private opening: Opening = { state: 'waiting' };
  private networkError: Error | undefined;
  private started = false;
  private closed = false;
  private readonly inner: SSEClientTransport;

  /** Loads the SDK's transport only when a server needs it (a stdio run never does). */
  static async create(url: URL, options: LegacySseOptions): Promise<LegacySseTransport> {
    const sdk = await import('@modelcontextprotocol/sdk/client/sse.js');
    return new LegacySseTransport(url, options, sdk);
  }

  private constructor(
    readonly url: URL,
    options: LegacySseOptions,
    sdk: { SSEClientTransport: typeof SSEClientTransport; SseError: typeof SseError },
  ) {
    // A request an idle connection dropped before any response is sent again (connect/stale-connection.ts).
    const resent = resendOnDroppedConnection();
    const limited = options.rateLimit?.fetch(resent) ?? resent;
    const base = boundedFetch(options.onCap, undefined, options.bearer?.fetch(limited) ?? limited);
    this.inner = new sdk.SSEClientTransport(url, { requestInit: { headers: options.headers }, fetch: (input, init) => this.fetch(base, input, init) });
    this.inner.onmessage = (message) => this.onmessage?.(message);
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => {
      this.onerror?.(error);
      // After the start, an error of the event source is the end of the stream, and so of the session (see above).
      if (this.started && error instanceof sdk.SseError) void this.close();
    };
  }

  async start(): Promise<void> {
    await this.inner.start();
    this.started = true;
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.inner.send(message);
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion(version);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.inner.close();
  }

  /** Whether the GET opened an SSE stream (whatever came on it after). */
  get streamed(): boolean {
    return this.opening.state === 'streaming';
  }

  /**
   * Why the stream never gave an endpoint, in one line: mcpact's refusal, the status or content type the GET got,
   * or the network failure; undefined when none of these is known (the caller keeps the SDK's words).
   */
  failure(secrets: Secrets): string | undefined {
    if (this.refusal !== undefined) return this.refusal;
    const where = shown(this.url.href);
    if (this.opening.state === 'answered') {
      const { status, contentType } = this.opening;
      if (status !== 200) return `GET ${where} answered HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}, not an SSE stream`;
      return `GET ${where} answered with ${contentType === '' ? 'no content type' : secrets.head(contentType, 80)}, not an SSE stream (text/event-stream)`;
    }
    if (this.networkError !== undefined)
      return httpFailure(this.networkError, this.url.href, secrets) ?? `cannot connect: ${secrets.head(describeError(this.networkError), 200)}`;
    return undefined;
  }

  /** The fetch the SDK's transport gets: records what the GET got, and reads the stream's first event. */
  private async fetch(base: FetchLike, input: string | URL, init?: RequestInit): Promise<Response> {
    const method = (init?.method ?? 'GET').toUpperCase();
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      if (method === 'GET') this.networkError = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
    if (method !== 'GET') return response;
    const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
    if (response.status !== 200 || !contentType.startsWith('text/event-stream') || !response.body) {
      // A redirect within the origin is followed by the SDK's fetch; only the answer it ends on is recorded.
      if (!(response.status >= 300 && response.status < 400)) this.opening = { state: 'answered', status: response.status, contentType };
      return response;
    }
    this.opening = { state: 'streaming' };
    const watched = new Response(response.body.pipeThrough(this.firstEvent()), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(watched, 'url', { value: response.url });
    Object.defineProperty(watched, 'redirected', { value: response.redirected });
    return watched;
  }

  /**
   * Passes the stream on, but holds back its first event until it is judged: an `endpoint` event naming a URL on
   * the SSE URL's origin. Anything else ends the stream with mcpact's refusal, so the SDK never acts on it.
   */
  private firstEvent(): TransformStream<Uint8Array, Uint8Array> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    let judged = false;
    const held: Uint8Array[] = [];
    return new TransformStream({
      transform: (chunk, controller) => {
        if (judged) return controller.enqueue(chunk);
        held.push(chunk);
        const [first] = parser.push(decoder.decode(chunk, { stream: true }));
        if (first === undefined) return;
        judged = true;
        this.refusal = this.judgeEndpoint(first.event, first.data);
        if (this.refusal !== undefined) return controller.error(new Error(this.refusal));
        for (const part of held.splice(0)) controller.enqueue(part);
      },
    });
  }

  private judgeEndpoint(event: string | undefined, data: string): string | undefined {
    const where = shown(this.url.href);
    if (event !== 'endpoint') {
      return `GET ${where} opened an SSE stream whose first event is ${event === undefined ? 'a message' : `"${event.slice(0, 40)}"`}, not "endpoint": not an HTTP+SSE server (2024-11-05)`;
    }
    let target: URL;
    try {
      target = new URL(data, this.url);
    } catch {
      return `the HTTP+SSE server at ${where} named a message endpoint that is not a URL: refused`;
    }
    if (target.origin === this.url.origin) return undefined;
    return `the HTTP+SSE server at ${where} named its message endpoint on another origin (${target.origin.slice(0, 100)}): refused, mcpact sends requests and their headers only to the origin it was given`;
  }
}
