/**
 * The one door through which rules reach the server. It owns the per-call deadline, the bound on requests in
 * flight, and the run deadline: rules never touch the transport, the process or the SDK directly.
 */
import { Limiter } from './limiter.js';
import type { Outcome, RpcPeer } from './rpc.js';

export interface ProbeOptions {
  callMs: number;
  /** Requests in flight at once against this server. */
  concurrency: number;
  /** Aborted when the run deadline passes: pending calls end as timeouts, new ones are not sent. */
  signal?: AbortSignal;
}

export class Probe {
  private readonly limiter: Limiter;
  /**
   * Requests with an id of the caller's choosing (a string, a huge integer) go one at a time, and never while
   * `alone` work runs: a server that cannot read such an id answers with `id: null`, and that answer must not be
   * taken for an answer to something else (the notification of protocol/notification-not-answered).
   */
  private readonly chosenIds = new Limiter(1);

  constructor(
    private readonly peer: RpcPeer,
    readonly options: ProbeOptions,
  ) {
    this.limiter = new Limiter(options.concurrency);
  }

  /** True once the server has gone away; later requests end as `closed` at once. */
  get lost(): boolean {
    return this.peer.closed;
  }

  /**
   * A request, with one retry when it got no answer within call_ms: a busy machine or a slow first answer must not
   * become a verdict. The first request's answer still counts when it comes while the retry waits (a late answer is
   * that request's answer, never dropped). tools/call is never sent twice (a tool may act); its hangs are
   * tools/call-answered's to judge. Two timeouts in a row end as a timeout with `attempts: 2`.
   */
  request(method: string, params?: unknown): Promise<Outcome> {
    return this.bounded(() => this.peer.request(method, params, { ...this.callOptions(), retry: method !== 'tools/call' }));
  }

  /**
   * A hand-built request, sent once and as given (in the modern era with the session's envelope merged into its
   * `_meta`, unless `bare`). When the message has no id it gets the session's next integer id: only the rule that
   * tests string ids sends one.
   */
  raw(message: Record<string, unknown>, options: { bare?: boolean } = {}): Promise<{ outcome: Outcome; response?: Record<string, unknown> }> {
    const call = { ...this.callOptions(), ...options };
    if ('id' in message) return this.chosenIds.run(() => this.bounded(() => this.peer.rawRequest(message, call)));
    return this.bounded(() => this.peer.rawRequest({ ...message, id: this.peer.allocateId() }, call));
  }

  /** Runs `work` while no request with an id of the caller's choosing is in flight, and keeps them out until it ends. */
  alone<T>(work: () => Promise<T>): Promise<T> {
    return this.chosenIds.run(work);
  }

  /**
   * Sends a notification. Nothing answers a notification, so a server that has gone away (stdin closed, a failed
   * write) is not an error here: it resolves all the same, and the request a rule sends next ends as `closed`,
   * which the rule can judge.
   */
  async notify(method: string, params?: unknown): Promise<void> {
    if (this.peer.closed) return;
    try {
      await this.peer.notify(method, params);
    } catch (error) {
      this.peer.lastError = error instanceof Error ? error : new Error(String(error));
    }
  }

  /** Responses that matched none of our requests so far (ids the server made up or changed). */
  get unmatchedResponses(): readonly unknown[] {
    return this.peer.unmatchedResponses;
  }

  /** What the server sent on its own so far: its requests and notifications, counted by method. */
  get serverTraffic(): { requests: ReadonlyMap<string, number>; notifications: ReadonlyMap<string, number> } {
    return { requests: this.peer.serverRequests, notifications: this.peer.serverNotifications };
  }

  /** The first notifications of `method` the server sent so far (a few at most), each as sent. */
  notificationsOf(method: string): readonly unknown[] {
    return this.peer.notificationSamples.get(method) ?? [];
  }

  private callOptions() {
    return { timeoutMs: this.options.callMs, signal: this.options.signal };
  }

  private bounded<T>(work: () => Promise<T>): Promise<T> {
    return this.limiter.run(work);
  }
}
