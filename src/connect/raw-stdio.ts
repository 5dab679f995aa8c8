/**
 * A stdio connection for transport probes: a fresh child started exactly like the shared session's (same
 * command, arguments, environment and working directory, own process group), spoken to with raw lines as well as
 * JSON-RPC, and always stopped through StdioTransport's shutdown (stdin, SIGTERM, SIGKILL to the group).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { ForeignLine } from './stdio.js';
import { StdioTransport } from './stdio.js';
import { childEnvironment } from './child-env.js';
import { RpcPeer, type Outcome } from './rpc.js';
import { withEnvelope, type Envelope } from './envelope.js';
import type { Secrets } from '../util/secrets.js';

export interface StdioCommand {
  command: string;
  args: string[];
  /** The configured variables, on top of the minimal default environment. */
  env: Record<string, string>;
  cwd?: string;
}

export interface StdioExit {
  /** The child had exited before stdin was closed. */
  exitedEarly: boolean;
  /** Milliseconds from closing stdin to the child's exit, when it exited by itself within the grace period. */
  exitAfterStdinMs?: number;
}

export interface RawStdioOptions {
  /** Deadline for each answer. */
  timeoutMs: number;
  /** Deadline for the answer to initialize (a child may take a while to start). */
  connectMs: number;
  clientVersion: string;
  /** Aborted when the run deadline passes: pending answers end as timeouts. */
  signal?: AbortSignal;
  /**
   * Modern era: the envelope every request carries. `initialize` then opens with server/discover, and `ping`
   * (removed in 2026-07-28) is a server/discover too: the one request every modern server answers with a result.
   */
  envelope?: Envelope;
  /** Redacted from the stdout lines the child writes that are not JSON-RPC, before they are cut. */
  secrets?: Secrets;
}

export interface RawSendOptions {
  /** Leave out the modern session's envelope (an initialize of the legacy era). */
  bare?: boolean;
  /** The first request to a fresh child: it waits as long as an opening does (connect_ms), not call_ms. */
  first?: boolean;
}

/** Answers that match no request, kept for whoever waits for one; a flooding server is not stored beyond this. */
const UNMATCHED_KEPT = 100;

export class RawStdioConnection {
  private readonly unmatched: Record<string, unknown>[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<(message: Record<string, unknown>) => void>();
  private closing: Promise<StdioExit> | undefined;

  private constructor(
    private readonly transport: StdioTransport,
    private readonly peer: RpcPeer,
    private readonly options: RawStdioOptions,
  ) {
    peer.onUnmatched = (message) => {
      if (this.unmatched.length < UNMATCHED_KEPT) this.unmatched.push(message);
      for (const wake of this.waiters) wake();
      for (const listener of this.listeners) listener(message);
    };
    peer.onNotification = (message) => {
      for (const listener of this.listeners) listener(message);
    };
    peer.onClose(() => {
      for (const wake of this.waiters) wake();
    });
  }

  /** Starts the child; rejects (McpactError) when it cannot be started at all. */
  static async open(command: StdioCommand, options: RawStdioOptions): Promise<RawStdioConnection> {
    const transport = new StdioTransport({
      command: command.command,
      args: command.args,
      env: childEnvironment(command.env),
      cwd: command.cwd,
      secrets: options.secrets,
    });
    const peer = new RpcPeer(transport, { envelope: options.envelope });
    const connection = new RawStdioConnection(transport, peer, options);
    try {
      await peer.start();
    } catch (error) {
      await transport.close();
      throw error;
    }
    return connection;
  }

  /**
   * initialize with `protocolVersion`, then notifications/initialized when the server answered with a result.
   *
   * A fresh child may still be starting when connect_ms is over (a large import tree, several children starting at
   * once on a busy machine), and slow is not silent. So an unanswered initialize is followed by a ping on the same
   * connection (the one request allowed before initialize), and a late answer to initialize that comes meanwhile,
   * or within one call_ms after the ping was answered, is the outcome (its `ms` says how late). Otherwise the
   * timeout says whether the process was `serving` (it answered the ping) or not yet.
   */
  async initialize(protocolVersion: string): Promise<Outcome> {
    let takeLate: (outcome: Outcome) => void = () => undefined;
    const late = new Promise<Outcome>((resolve) => (takeLate = resolve));
    const deadline = { timeoutMs: this.options.connectMs, signal: this.options.signal, onLate: takeLate };
    const params = { protocolVersion, capabilities: {}, clientInfo: { name: 'mcpact', version: this.options.clientVersion } };
    const asked = this.options.envelope ? this.peer.request('server/discover', {}, deadline) : this.peer.request('initialize', params, deadline);
    let outcome = await asked;
    if (outcome.kind === 'timeout' && outcome.rateLimited !== true && this.options.signal?.aborted !== true) outcome = await this.lateOrSilent(outcome, late);
    if (outcome.kind === 'result' && !this.options.envelope) {
      await this.peer.notify('notifications/initialized').catch(() => undefined);
      // A server that takes every message for a request answers the notification with an `id: null` error, which
      // a probe would take for the answer to its bad line. A ping read after the notification is answered after
      // that answer, so the step that follows discards it with the rest (shared-child.ts).
      await this.peer.request('ping', undefined, this.callOptions());
    }
    return outcome;
  }

  private async lateOrSilent(timeout: Outcome & { kind: 'timeout' }, late: Promise<Outcome>): Promise<Outcome> {
    const first = await Promise.race([late.then((answer) => ({ answer })), this.ping().then((ping) => ({ ping }))]);
    if ('answer' in first) return first.answer;
    if (first.ping.kind === 'timeout' || first.ping.kind === 'closed') return { ...timeout, serving: false };
    // A server may answer in any order: initialize's answer can still be on its way behind the ping's.
    const stop = new AbortController();
    const signals = [stop.signal, ...(this.options.signal ? [this.options.signal] : [])];
    const grace = delay(this.options.timeoutMs, undefined, { signal: AbortSignal.any(signals) }).catch(() => undefined);
    const answer = await Promise.race([late, grace]);
    stop.abort();
    return answer ?? { ...timeout, serving: true };
  }

  request(method: string, params?: unknown): Promise<Outcome> {
    return this.peer.request(method, params, this.callOptions());
  }

  /**
   * A ping, sent once more when the first gets no answer in time (the first one's late answer still counts, as
   * with the shared session's requests): whether the server is still serving is never judged on one deadline.
   */
  ping(): Promise<Outcome> {
    return this.peer.request(this.options.envelope ? 'server/discover' : 'ping', undefined, { ...this.callOptions(), retry: true });
  }

  /** A hand-built request (odd `jsonrpc`, params of the wrong type), matched to its answer by its id. */
  sendRaw(message: Record<string, unknown>, options: RawSendOptions = {}): Promise<{ outcome: Outcome; response?: Record<string, unknown> }> {
    const timeoutMs = options.first ? this.options.connectMs : this.options.timeoutMs;
    return this.peer.rawRequest(message, { ...this.callOptions(), timeoutMs, bare: options.bare });
  }

  /** An integer id no request of this connection has used or will use. */
  nextRequestId(): number {
    return this.peer.allocateId();
  }

  /**
   * Sends a message without waiting for an answer (a request with the modern envelope, as `request` would send it);
   * its answer, matching no request, goes to the `onMessage` listeners. False when stdin is already closed.
   */
  post(message: Record<string, unknown>): Promise<boolean> {
    const envelope = this.options.envelope;
    return this.sendLine(JSON.stringify(envelope && 'id' in message ? withEnvelope(message, envelope) : message));
  }

  /** Writes one line exactly as given (malformed JSON on purpose); false when stdin is already closed. */
  async sendLine(text: string): Promise<boolean> {
    try {
      await this.transport.writeRaw(`${text}\n`);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The next answer that matches no request and satisfies `match` (one that arrived since the last
   * discardUnmatched(), or arrives later); undefined at the deadline, at exit or at the end of the run. Answers to
   * other requests do not end the wait: a server may answer in any order. `stop` ends the wait early (undefined),
   * so a wait that is over can never take an answer meant for a later probe.
   */
  nextUnmatched(match: (message: Record<string, unknown>) => boolean, stop?: AbortSignal): Promise<Record<string, unknown> | undefined> {
    return new Promise((resolve) => {
      const check = () => {
        const found = this.unmatched.findIndex(match);
        if (found !== -1) return finish(this.unmatched.splice(found, 1)[0]);
        if (this.peer.closed || this.options.signal?.aborted || stop?.aborted) finish(undefined);
      };
      let done = false;
      const finish = (message: Record<string, unknown> | undefined) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.waiters.delete(check);
        this.options.signal?.removeEventListener('abort', check);
        stop?.removeEventListener('abort', check);
        resolve(message);
      };
      // As with a request's deadline (rpc.ts): answers already read but not yet handled are in time.
      const timer = setTimeout(() => setImmediate(() => finish(undefined)), this.options.timeoutMs);
      this.waiters.add(check);
      this.options.signal?.addEventListener('abort', check, { once: true });
      stop?.addEventListener('abort', check, { once: true });
      check();
    });
  }

  /**
   * Hands every notification the child sends from now on to `listener`, and every response that matches no request
   * (a late answer to a request whose deadline passed is that request's, and not handed on); returns the function
   * that stops it. The listener bounds what it keeps.
   */
  onMessage(listener: (message: Record<string, unknown>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops the answers kept so far that matched no request (they belong to a probe that is over). */
  discardUnmatched(): void {
    this.unmatched.length = 0;
  }

  /** True once the child has exited or closed its stdout. */
  get gone(): boolean {
    return this.peer.closed;
  }

  /** Lines on this child's stdout that were not JSON. */
  get foreign(): { lines: readonly ForeignLine[]; count: number } {
    return { lines: this.transport.foreignLines, count: this.transport.foreignLineCount };
  }

  /**
   * Closes stdin and stops the child (idempotent); says whether and when it exited by itself, waiting `stdinGraceMs`
   * for that before any signal.
   */
  close(stdinGraceMs?: number): Promise<StdioExit> {
    this.closing ??= (async () => {
      const exitedEarly = this.peer.closed || this.transport.exited;
      await this.transport.close(stdinGraceMs);
      return { exitedEarly, exitAfterStdinMs: this.transport.exitAfterStdinMs };
    })();
    return this.closing;
  }

  private callOptions() {
    return { timeoutMs: this.options.timeoutMs, signal: this.options.signal };
  }
}
