/**
 * A client for transport probes over Streamable HTTP: its own sessions (never the shared one), the configured
 * headers plus what the transport asks for (Accept, Content-Type, Mcp-Session-Id, MCP-Protocol-Version), and any
 * header replaced or removed per call. Sessions it opened are deleted when it closes, and closing aborts every
 * exchange still running.
 */
import { answers, exchange, outcomeOf, type HeaderOverrides, type HttpExchange } from './raw-http.js';
import type { Outcome, RequestId } from './rpc.js';
import type { RateLimit } from './rate-limit.js';
import type { RenewingToken } from './oauth/refresh.js';
import { TARGET_REVISION } from '../model/spec.js';
import { asRecord } from '../util/json.js';

export interface RawHttpSession {
  /** The exchange that carried the initialize request. */
  exchange: HttpExchange;
  outcome: Outcome;
  /** The Mcp-Session-Id the server assigned, if any. */
  sessionId?: string;
  /** The version the server answered with. */
  protocolVersion?: string;
  /** The answer to notifications/initialized, sent when initialize succeeded. */
  initialized?: HttpExchange;
  terminated: boolean;
}

export interface RawHttpSend {
  method: 'POST' | 'GET' | 'DELETE';
  /** Adds the session's Mcp-Session-Id and MCP-Protocol-Version headers. */
  session?: RawHttpSession;
  headers?: HeaderOverrides;
  /** A JSON value (serialized here) or a string sent exactly as given. */
  body?: unknown;
  /** Reading stops once the response to this request id has arrived. */
  awaitId?: RequestId;
  /** Reading also stops once this is true of the messages read so far (a stream that says too much). */
  until?: (messages: readonly unknown[]) => boolean;
  /** Only the status and headers are needed (a GET stream). */
  headersOnly?: boolean;
}

export interface RawHttpOptions {
  timeoutMs: number;
  clientVersion: string;
  signal?: AbortSignal;
  /** The server's rate limit, shared with the session: a 429 is waited out, never handed to a rule. */
  rateLimit?: RateLimit;
  /** The run's token, renewed when it expires mid-run; a request that carries another token (or none) is sent as given. */
  bearer?: RenewingToken;
}

/** When reading an exchange may stop: its answer came, or `until` says so. */
function enoughFor(request: RawHttpSend): ((messages: readonly unknown[]) => boolean) | undefined {
  const answered = request.awaitId === undefined ? undefined : answers(request.awaitId);
  const { until } = request;
  if (until === undefined) return answered;
  return (messages) => answered?.(messages) === true || until(messages);
}

/** A DELETE at shutdown is a courtesy: it gets this long at most. */
const DELETE_AT_CLOSE_MS = 1_000;

export class RawHttpClient {
  private readonly sessions: RawHttpSession[] = [];
  private readonly abort = new AbortController();
  /** Forwards the run's abort; removed at close, so the many short-lived clients of a run leave no listener behind. */
  private readonly forward = () => this.abort.abort();
  private ids = 0;

  constructor(
    private readonly url: string,
    private readonly configured: Record<string, string>,
    private readonly options: RawHttpOptions,
  ) {
    const outer = options.signal;
    if (outer?.aborted) this.abort.abort();
    else outer?.addEventListener('abort', this.forward, { once: true });
  }

  /**
   * An integer id no other probe request of this client uses. Integer ids, as the session's: a server that
   * mishandles string ids fails only protocol/request-id-echo, never every probe.
   */
  nextRequestId(): number {
    return ++this.ids;
  }

  /** Opens a session of its own: initialize with `protocolVersion`, then notifications/initialized when that succeeded. */
  async initialize(protocolVersion: string = TARGET_REVISION, headers?: HeaderOverrides): Promise<RawHttpSession> {
    const id = this.nextRequestId();
    const params = { protocolVersion, capabilities: {}, clientInfo: { name: 'mcpact', version: this.options.clientVersion } };
    const sent = await this.send({ method: 'POST', headers, body: { jsonrpc: '2.0', id, method: 'initialize', params }, awaitId: id });
    const session: RawHttpSession = { exchange: sent, outcome: outcomeOf(sent, id), terminated: false };
    const sessionId = sent.kind === 'response' ? sent.headers['mcp-session-id'] : undefined;
    if (sessionId !== undefined) {
      session.sessionId = sessionId;
      this.sessions.push(session);
    }
    if (session.outcome.kind === 'result') {
      const version = asRecord(session.outcome.result)?.protocolVersion;
      if (typeof version === 'string') session.protocolVersion = version;
      session.initialized = await this.send({ method: 'POST', session, body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
    }
    return session;
  }

  send(request: RawHttpSend, timeoutMs = this.options.timeoutMs): Promise<HttpExchange> {
    const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    const headers = this.headersFor(request, body !== undefined);
    const once = (authorization?: string) =>
      exchange(
        this.url,
        {
          method: request.method,
          headers: authorization === undefined ? headers : { ...headers, authorization },
          body,
          enough: enoughFor(request),
          headersOnly: request.headersOnly,
        },
        { timeoutMs, signal: this.abort.signal },
      );
    const limit = this.options.rateLimit;
    // Still rate limited when the wait has to end: RateLimitedError, which the runner turns into an inconclusive rule.
    const limited = (authorization?: string) =>
      limit === undefined
        ? once(authorization)
        : limit.send(
            () => once(authorization),
            (answer) => (answer.kind === 'response' ? { status: answer.status, retryAfter: answer.headers['retry-after'] } : {}),
            () => Promise.resolve(),
            this.abort.signal,
          );
    const bearer = this.options.bearer;
    // Only a request with the run's own token is renewed: a rule's deliberate token (or none) gets its answer as it is.
    if (bearer === undefined || !bearer.carries(headers.authorization)) return limited();
    return bearer.send(
      limited,
      (answer) => (answer.kind === 'response' ? { status: answer.status, wwwAuthenticate: answer.headers['www-authenticate'] } : {}),
      () => Promise.resolve(),
    );
  }

  /** DELETE for the session; it counts as terminated when the server answered 2xx. */
  async terminate(session: RawHttpSession, timeoutMs = this.options.timeoutMs): Promise<HttpExchange | undefined> {
    if (session.sessionId === undefined || session.terminated) return undefined;
    const result = await this.send({ method: 'DELETE', session }, timeoutMs);
    if (result.kind === 'response' && result.status >= 200 && result.status < 300) session.terminated = true;
    return result;
  }

  /** Deletes the sessions still open (best effort, briefly) and aborts whatever is still running. */
  async close(): Promise<void> {
    const open = this.sessions.filter((session) => !session.terminated);
    if (!this.abort.signal.aborted)
      await Promise.all(open.map((session) => this.terminate(session, Math.min(DELETE_AT_CLOSE_MS, this.options.timeoutMs)).catch(() => undefined)));
    this.options.signal?.removeEventListener('abort', this.forward);
    this.abort.abort();
  }

  private headersFor(request: RawHttpSend, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      accept: request.method === 'GET' ? 'text/event-stream' : 'application/json, text/event-stream',
    };
    if (hasBody) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(this.configured)) headers[name.toLowerCase()] = value;
    if (request.session?.sessionId !== undefined) headers['mcp-session-id'] = request.session.sessionId;
    if (request.session?.protocolVersion !== undefined) headers['mcp-protocol-version'] = request.session.protocolVersion;
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value === null) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    return headers;
  }
}
