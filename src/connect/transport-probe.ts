/**
 * Transport probes: how rules check the transport itself (stdio framing, Streamable HTTP status codes, version
 * negotiation) without touching processes or sockets. Each probe works on its OWN connection to the same server —
 * a fresh child started like the shared session's, or fresh HTTP sessions on the same URL with the configured
 * headers — so the shared session is never disturbed. Over stdio, the probes asked for at the same time take
 * turns on one such child where they can (shared-child.ts): a server start costs far more than the probes do.
 * Connections are few at a time, every answer has a deadline, and whatever is still open when the run ends is
 * closed (children stopped with their process group).
 */
import type { ForeignLine } from './stdio.js';
import type { Session, SessionTarget } from './session.js';
import type { RateLimit } from './rate-limit.js';
import type { Outcome } from './rpc.js';
import { RawStdioConnection, type RawSendOptions, type StdioExit } from './raw-stdio.js';
import { RawHttpClient, type RawHttpSend, type RawHttpSession } from './raw-http-client.js';
import { RawSseConnection } from './raw-sse.js';
import type { HeaderOverrides, HttpExchange } from './raw-http.js';
import { McpactError } from '../errors.js';
import { TARGET_REVISION } from '../model/spec.js';
import { Limiter } from './limiter.js';
import type { Secrets } from '../util/secrets.js';
import { SharedChildren, type ShareableConnection, type SharedStage } from './shared-child.js';

export type { HttpExchange, HeaderOverrides, RawHttpSession, RawHttpSend, StdioExit, ForeignLine, SharedStage };
/** How long a stdio server gets to exit after its stdin closes, before SIGTERM. */
export { GRACE_AFTER_STDIN_MS } from './stdio.js';

export interface StdoutRecord {
  /** The first lines that were not JSON (at most 50 per connection), as received; reporters sanitize them. */
  readonly lines: readonly ForeignLine[];
  /** All such lines, kept or not. */
  readonly count: number;
}

/** A child of its own, spoken to in JSON-RPC or in raw lines. */
export interface StdioConnection {
  /** The per-request deadline (timeouts.call_ms): the longest any wait for an answer lasts. */
  readonly callMs: number;
  /** initialize (by default with the target revision); a connection initializes once, so later calls get the first answer. */
  initialize(protocolVersion?: string): Promise<Outcome>;
  request(method: string, params?: unknown): Promise<Outcome>;
  /** A ping, tried twice when the first gets no answer in time; a late answer to the first still counts. */
  ping(): Promise<Outcome>;
  /** A hand-built request (connect/raw-stdio.ts RawSendOptions: `bare`, `first`). */
  sendRaw(message: Record<string, unknown>, options?: RawSendOptions): Promise<{ outcome: Outcome; response?: Record<string, unknown> }>;
  sendLine(text: string): Promise<boolean>;
  /** The child has exited or closed its stdout. */
  readonly gone: boolean;
  /** An integer id no request of this connection uses (for a request sent with `post`). */
  nextRequestId(): number;
  /** Sends a message without waiting for an answer (a request with the modern envelope); false when stdin is closed. */
  post(message: Record<string, unknown>): Promise<boolean>;
  /** Every notification, and every answer matching no request, from now on; returns the function that stops it. */
  onMessage(listener: (message: Record<string, unknown>) => void): () => void;
  /**
   * The next answer matching no request (the `id: null` answer to a malformed line) since the step began;
   * undefined at the deadline (call_ms) or when the child is gone. Answers to other requests never end the wait: a
   * server may answer in any order, so silence is only silence once the deadline has passed.
   */
  nextUnmatched(match: (message: Record<string, unknown>) => boolean, stop?: AbortSignal): Promise<Record<string, unknown> | undefined>;
  /** Closes stdin, waits up to `stdinGraceMs` (default GRACE_AFTER_STDIN_MS) for the exit, then signals. */
  close(stdinGraceMs?: number): Promise<StdioExit>;
}

/** Raw HTTP exchanges on sessions of its own. */
export interface HttpClient {
  nextRequestId(): number;
  initialize(protocolVersion?: string, headers?: HeaderOverrides): Promise<RawHttpSession>;
  /** One exchange, read until its answer, the body's end, the byte cap or `timeoutMs` (default call_ms). */
  send(request: RawHttpSend, timeoutMs?: number): Promise<HttpExchange>;
  terminate(session: RawHttpSession): Promise<HttpExchange | undefined>;
}

interface ProbeCommon {
  /**
   * A fresh connection that sends initialize with this version and closes again; what the server answered. Over
   * stdio, one handshake of a turn initializes the child the other probes share (its first initialize all the same).
   */
  handshake(protocolVersion: string): Promise<Outcome>;
  /** Raw connections opened so far (children for stdio, clients for HTTP, streams for HTTP+SSE). */
  readonly opened: number;
}

export interface StdioProbe extends ProbeCommon {
  kind: 'stdio';
  /** Foreign stdout lines of the shared session, of the connection of bad input, and of every probe connection closed so far. */
  stdout(): { session: StdoutRecord; probes: StdoutRecord; badInput: StdoutRecord };
  /** Runs `work` with a fresh child, stopped when `work` ends. */
  open<T>(work: (connection: StdioConnection) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on a fresh child shared with the other probes asked for at the same time (engine/shared-child.ts),
   * at `stage` of its life: 'uninitialized' (nothing sent yet), 'initialized' (initialize answered: the steps still
   * call initialize, which gives them that answer) or 'closing' (the step closes it). Over stdio, `handshake` takes
   * part too. What `work` sees is what it would see on a child of its own; it saves a server start per probe.
   */
  shared<T>(stage: SharedStage, work: (connection: StdioConnection) => Promise<T>): Promise<T>;
}

export interface HttpProbe extends ProbeCommon {
  kind: 'http';
  /** Runs `work` with a fresh client; its sessions are deleted when `work` ends. */
  open<T>(work: (client: HttpClient) => Promise<T>): Promise<T>;
}

/**
 * The legacy HTTP+SSE transport (2024-11-05): only the handshake, on a stream of its own. The Streamable HTTP and
 * stdio probes judge their own transport's wire, which this one does not share.
 */
export interface SseProbe extends ProbeCommon {
  kind: 'sse';
}

export type TransportProbe = StdioProbe | HttpProbe | SseProbe;

export interface TransportProbeOptions {
  /** Deadline for starting a child and its initialize. */
  connectMs: number;
  /** Deadline for every other answer. */
  callMs: number;
  clientVersion: string;
  /** The run deadline: pending answers end, and no new connection opens. */
  signal?: AbortSignal;
  /** Redacted from what the probes' own children write, before it is cut. */
  secrets?: Secrets;
  /** HTTP: the server's rate limit, shared with the session. */
  rateLimit?: RateLimit;
}

/** Raw connections open at once against one server, so probes never start a crowd of children. */
export const RAW_CONNECTIONS_AT_ONCE = 2;
const FOREIGN_LINES_KEPT = 50;

/** What the runner holds: the probe, and the end of every connection it opened. */
export type OwnedTransportProbe = TransportProbe & {
  /**
   * Over stdio, starts the child the first shared step will use now, while the shared session captures the
   * contract, so that its start-up overlaps the capture instead of following it. Does nothing over HTTP or when
   * called again.
   */
  warm(): void;
  close(): Promise<void>;
};

/**
 * Undefined for in-memory targets (unit tests): transport rules skip there. `session` gives the shared session
 * once it is open (the probe may be created, and warmed, before).
 */
export function createTransportProbe(
  target: SessionTarget,
  session: () => Session | undefined,
  options: TransportProbeOptions,
  badInputSession: () => Session | undefined = () => undefined,
): OwnedTransportProbe | undefined {
  if (target.kind === 'memory') return undefined;
  const pool = new ConnectionPool(options.signal);
  if (target.kind === 'http') {
    const open = <T>(work: (client: HttpClient) => Promise<T>) =>
      pool.run(
        // eslint-disable-next-line @typescript-eslint/require-await -- async turns a constructor throw into a rejection pool.run handles
        async () =>
          new RawHttpClient(target.url, target.headers, {
            timeoutMs: options.callMs,
            clientVersion: options.clientVersion,
            signal: options.signal,
            rateLimit: options.rateLimit,
            ...(target.bearer && { bearer: target.bearer }),
          }),
        work,
      );
    return {
      kind: 'http',
      open,
      handshake: (version) => open(async (client) => (await client.initialize(version)).outcome),
      get opened() {
        return pool.opened;
      },
      warm: () => undefined,
      close: () => pool.close(),
    };
  }
  if (target.kind === 'sse') {
    return {
      kind: 'sse',
      handshake: (version) =>
        pool.run(
          // eslint-disable-next-line @typescript-eslint/require-await -- pool.run takes a promise of the connection
          async () => new RawSseConnection(target.url, target.headers, { ...options, ...(target.bearer && { bearer: target.bearer }) }),
          (connection) => connection.initialize(version),
        ),
      get opened() {
        return pool.opened;
      },
      warm: () => undefined,
      close: () => pool.close(),
    };
  }
  const probeLines: ForeignLine[] = [];
  let probeCount = 0;
  // Lines are merged once per connection: close() is idempotent, so a second call must not count them twice.
  const merged = new WeakSet<RawStdioConnection>();
  const startChild = async () => {
    const connection = await RawStdioConnection.open(target, {
      timeoutMs: options.callMs,
      connectMs: options.connectMs,
      clientVersion: options.clientVersion,
      signal: options.signal,
      // A modern session's probes speak its era: the envelope on every request, server/discover to open.
      envelope: session()?.peer.envelope,
      secrets: options.secrets,
    });
    let initialized: Promise<Outcome> | undefined;
    const pings: Promise<Outcome>[] = [];
    return {
      callMs: options.callMs,
      initialize: (version = TARGET_REVISION) => (initialized ??= connection.initialize(version)),
      request: (method: string, params?: unknown) => connection.request(method, params),
      ping: () => {
        const ping = connection.ping();
        pings.push(ping);
        return ping;
      },
      pings,
      get gone() {
        return connection.gone;
      },
      discardUnmatched: () => connection.discardUnmatched(),
      sendRaw: (message: Record<string, unknown>, options?: RawSendOptions) => connection.sendRaw(message, options),
      sendLine: (text: string) => connection.sendLine(text),
      nextRequestId: () => connection.nextRequestId(),
      post: (message: Record<string, unknown>) => connection.post(message),
      onMessage: (listener: (message: Record<string, unknown>) => void) => connection.onMessage(listener),
      nextUnmatched: (match: (message: Record<string, unknown>) => boolean, stop?: AbortSignal) => connection.nextUnmatched(match, stop),
      close: async (stdinGraceMs?: number) => {
        const exit = await connection.close(stdinGraceMs);
        const { lines, count } = connection.foreign;
        if (!merged.has(connection)) {
          merged.add(connection);
          probeCount += count;
          probeLines.push(...lines.slice(0, Math.max(0, FOREIGN_LINES_KEPT - probeLines.length)));
        }
        return exit;
      },
    } satisfies StdioConnection & ShareableConnection;
  };
  type Child = Awaited<ReturnType<typeof startChild>>;
  // The child started by warm(), until the first connection the pool opens takes it.
  let warmed: Promise<Child> | undefined;
  const takeOrStart = () => {
    const child = warmed ?? startChild();
    warmed = undefined;
    return child;
  };
  const open = <T>(work: (connection: StdioConnection & ShareableConnection) => Promise<T>) => pool.run(takeOrStart, work);
  const children = new SharedChildren(open);
  let warmedOnce = false;
  return {
    kind: 'stdio',
    open,
    shared: (stage, work) => children.step(stage, work),
    handshake: (version) => children.handshake(version),
    stdout: () => {
      const [main, bad] = [session()?.stdio, badInputSession()?.stdio];
      return {
        session: { lines: main?.foreignLines ?? [], count: main?.foreignLineCount ?? 0 },
        badInput: { lines: bad?.foreignLines ?? [], count: bad?.foreignLineCount ?? 0 },
        probes: { lines: probeLines, count: probeCount },
      };
    },
    get opened() {
      return pool.opened;
    },
    warm: () => {
      if (warmedOnce) return;
      warmedOnce = true;
      warmed = startChild();
      // A start that fails is the pool's to report when a step takes the child; until then it must not be unhandled.
      warmed.catch(() => undefined);
    },
    close: async () => {
      // Never taken (the capture failed, or no shared step ran): it still has to be stopped.
      const unused = warmed;
      warmed = undefined;
      await Promise.all([pool.close(), unused?.then((child) => child.close()).catch(() => undefined)]);
    },
  };
}

interface Closable {
  close(): Promise<unknown>;
}

/** Bounds the connections open at once, closes each after its work, and all of them when the run ends. */
class ConnectionPool {
  opened = 0;
  private closed = false;
  private readonly limiter = new Limiter(RAW_CONNECTIONS_AT_ONCE);
  private readonly live = new Set<Closable>();

  constructor(private readonly signal?: AbortSignal) {}

  run<C extends Closable, T>(connect: () => Promise<C>, work: (connection: C) => Promise<T>): Promise<T> {
    return this.limiter.run(async () => {
      // Waiters still queued when the pool closes start in turn and end here at once.
      if (this.closed || this.signal?.aborted) throw new McpactError('deadline', 'the run ended before this transport probe could start');
      const connection = await connect();
      this.opened++;
      this.live.add(connection);
      // A pool closed while the child was starting must not leave it running.
      if (this.closed) {
        await connection.close();
        throw new McpactError('deadline', 'the run ended before this transport probe could start');
      }
      try {
        return await work(connection);
      } finally {
        await connection.close();
        this.live.delete(connection);
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.live].map((connection) => connection.close().catch(() => undefined)));
    this.live.clear();
  }
}
