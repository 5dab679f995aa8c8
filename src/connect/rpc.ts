/**
 * A deliberately small JSON-RPC client over an SDK Transport. mcpact does not use the SDK's Client here because a
 * contract tester needs the raw truth: errors as data rather than exceptions, results unparsed (one broken item
 * must not hide the others), caller-chosen request ids, and every message both ways on a tap.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export type Outcome =
  | { kind: 'result'; result: unknown; ms: number }
  | { kind: 'error'; code: unknown; message: unknown; data?: unknown; ms: number }
  /** No answer within the call deadline (`attempts: 2` when a retry went unanswered too). */
  | { kind: 'timeout'; ms: number; attempts?: number }
  /** The connection ended (the server crashed or exited) before an answer came. */
  | { kind: 'closed'; ms: number }
  /** An answer with our id that is neither a result nor an error. */
  | { kind: 'malformed'; response: unknown; ms: number };

export type RequestId = string | number;

export interface TapEntry {
  direction: 'out' | 'in';
  /** Milliseconds since the session started. */
  at: number;
  message: unknown;
}

/** Enough for a full run's traffic; a flooding server is counted, not stored. */
const TAP_LIMIT = 20_000;
const UNMATCHED_LIMIT = 100;

interface Pending {
  resolve: (outcome: Outcome) => void;
  started: number;
  timer?: NodeJS.Timeout;
  /** The raw response, kept for rules that compare ids byte for byte. */
  onResponse?: (message: Record<string, unknown>) => void;
}

export interface RequestOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export class RpcPeer {
  readonly tap: TapEntry[] = [];
  tapDropped = 0;
  /** Responses whose id matches no request of ours (or has no id at all). */
  readonly unmatchedResponses: unknown[] = [];
  /** Requests the server sent us, by method. */
  readonly serverRequests = new Map<string, number>();
  /** Notifications the server sent us, by method. */
  readonly serverNotifications = new Map<string, number>();
  closed = false;
  /** The last error the transport reported (an HTTP status, a redirect not followed), for error messages. */
  lastError: Error | undefined;
  /** Called with every response that matches none of our requests (raw probes wait for the `id: null` answers). */
  onUnmatched?: (message: Record<string, unknown>) => void;

  private nextId = 1;
  private readonly pending = new Map<RequestId, Pending>();
  private readonly startedAt = performance.now();
  private readonly closeListeners: (() => void)[] = [];

  constructor(readonly transport: Transport) {
    transport.onmessage = (message) => this.receive(message);
    transport.onclose = () => this.handleClose();
    // Transport errors surface as closed or timed-out requests; the last one is kept for messages.
    transport.onerror = (error) => {
      this.lastError = error;
    };
  }

  start(): Promise<void> {
    return this.transport.start();
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  /** An integer id no request of this peer has used or will use. */
  allocateId(): number {
    return this.nextId++;
  }

  /** A request with the next integer id. */
  request(method: string, params: unknown, options: RequestOptions): Promise<Outcome> {
    const id = this.allocateId();
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (params !== undefined) message.params = params;
    return this.send(message, id, options);
  }

  /**
   * Sends a hand-built request and resolves with its outcome and the raw response. The message is sent as given,
   * so rules can test string ids, odd params or a wrong `jsonrpc` version.
   */
  async rawRequest(message: Record<string, unknown>, options: RequestOptions): Promise<{ outcome: Outcome; response?: Record<string, unknown> }> {
    const id = message.id as RequestId;
    let response: Record<string, unknown> | undefined;
    const outcome = await this.send(message, id, options, (raw) => (response = raw));
    return { outcome, response };
  }

  async notify(method: string, params?: unknown): Promise<void> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    await this.write(message);
  }

  private send(
    message: Record<string, unknown>,
    id: RequestId,
    options: RequestOptions,
    onResponse?: (message: Record<string, unknown>) => void,
  ): Promise<Outcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    if (this.closed) return Promise.resolve({ kind: 'closed', ms: 0 });
    if (this.pending.has(id)) throw new Error(`request id ${String(id)} is already in flight`);
    return new Promise<Outcome>((resolve) => {
      const finish = (outcome: Outcome) => {
        const entry = this.pending.get(id);
        if (!entry) return;
        clearTimeout(entry.timer);
        this.pending.delete(id);
        options.signal?.removeEventListener('abort', abort);
        resolve(outcome);
      };
      const abort = () => finish({ kind: 'timeout', ms: elapsed() });
      const pending: Pending = { resolve: finish, started, onResponse };
      pending.timer = setTimeout(() => finish({ kind: 'timeout', ms: elapsed() }), options.timeoutMs);
      this.pending.set(id, pending);
      if (options.signal?.aborted) return abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      this.write(message).catch((error: unknown) => {
        this.lastError = error instanceof Error ? error : new Error(String(error));
        finish({ kind: 'closed', ms: elapsed() });
      });
    });
  }

  private async write(message: Record<string, unknown>): Promise<void> {
    this.record('out', message);
    await this.transport.send(message as JSONRPCMessage);
  }

  private record(direction: TapEntry['direction'], message: unknown): void {
    if (this.tap.length >= TAP_LIMIT) {
      this.tapDropped++;
      return;
    }
    this.tap.push({ direction, at: Math.round(performance.now() - this.startedAt), message });
  }

  private receive(message: unknown): void {
    this.record('in', message);
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
    const record = message as Record<string, unknown>;
    if (typeof record.method === 'string') {
      if ('id' in record && record.id !== null && record.id !== undefined) this.answerServerRequest(record);
      else bump(this.serverNotifications, record.method);
      return;
    }
    const id = record.id;
    const pending = (typeof id === 'string' || typeof id === 'number') && this.pending.get(id);
    if (!pending) {
      if (this.unmatchedResponses.length < UNMATCHED_LIMIT) this.unmatchedResponses.push(message);
      this.onUnmatched?.(record);
      return;
    }
    pending.onResponse?.(record);
    const ms = Math.round(performance.now() - pending.started);
    if ('result' in record && !('error' in record)) pending.resolve({ kind: 'result', result: record.result, ms });
    else if ('error' in record && !('result' in record) && typeof record.error === 'object' && record.error !== null) {
      const error = record.error as Record<string, unknown>;
      pending.resolve({ kind: 'error', code: error.code, message: error.message, data: error.data, ms });
    } else pending.resolve({ kind: 'malformed', response: message, ms });
  }

  /** mcpact declares no client capabilities, so it only answers ping; anything else is method-not-found. */
  private answerServerRequest(request: Record<string, unknown>): void {
    const method = request.method as string;
    bump(this.serverRequests, method);
    const reply =
      method === 'ping'
        ? { jsonrpc: '2.0', id: request.id, result: {} }
        : { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: `mcpact does not support ${method}` } };
    this.write(reply).catch(() => undefined);
  }

  private handleClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const [, pending] of this.pending) pending.resolve({ kind: 'closed', ms: Math.round(performance.now() - pending.started) });
    for (const listener of this.closeListeners) listener();
  }
}

function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
