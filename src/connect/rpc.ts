/**
 * A deliberately small JSON-RPC client over an SDK Transport. mcpact does not use the SDK's Client here because a
 * contract tester needs the raw truth: errors as data rather than exceptions, results unparsed (one broken item
 * must not hide the others), caller-chosen request ids, and every message both ways on a tap.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { excerpt, jsonBytesUpTo } from '../util/bound.js';
import { cutDeepNesting } from '../util/nesting.js';
import type { Secrets } from '../util/secrets.js';
import { withEnvelope, type Envelope } from './envelope.js';
import { RateLimitedError, type RateLimit } from './rate-limit.js';
import type { Outcome } from './outcome.js';
import { nextWake } from '../util/wake.js';

// Outcome has a module of its own (connect/throttling.ts judges outcomes without a peer); most code imports it here.
export type { Outcome } from './outcome.js';

export type RequestId = string | number;

/** `id: null` errors kept until the requests in flight tell whose they are: a flood of them is not stored. */
const ANONYMOUS_KEPT = 100;
/** Stands for "the notification we sent" among the possible owners of an `id: null` error (RpcPeer.anonymous). */
const NOTIFICATION = Symbol('notification');

/**
 * An error response without the id of the request it answers (`id` null or missing): what JSON-RPC keeps for a
 * request whose id could not be read. None of mcpact's requests on a session is such a request.
 */
export function isAnonymousError(message: unknown): boolean {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const record = message as Record<string, unknown>;
  return 'error' in record && !('result' in record) && (record.id === null || record.id === undefined);
}

export interface TapEntry {
  direction: 'out' | 'in';
  /** Milliseconds since the session started. */
  at: number;
  message: unknown;
  /** Set when the message was larger than `TAP_LIMITS.messageBytes`: `message` is a bounded excerpt of it. */
  excerpt?: true;
  /** Set on the traffic of the connection of its own that bad input goes on (connect/bad-input-line.ts). */
  connection?: 'bad-input';
}

/**
 * What the tap hands on (for --trace), per session: enough for a full run's traffic. A flooding server is
 * counted, not traced; a message larger than TAP_MESSAGE_BYTES is traced as an excerpt of about that size.
 */
export const TAP_LIMITS = { messages: 20_000, bytes: 64 * 1024 * 1024, messageBytes: 64 * 1024 } as const;
/** Answers matching no request kept, per server. */
export const UNMATCHED_LIMIT = 100;
/** Notifications kept as samples per method (protocol methods only), each at most SAMPLE_BYTES of JSON. */
const SAMPLES_PER_METHOD = 20;
const SAMPLE_BYTES = 64 * 1024;
/**
 * Responses kept as samples per method of the request they answer (protocol/message-schema): a list page or a read
 * may be large, so each may reach RESPONSE_SAMPLE_BYTES, and all of them together RESPONSE_SAMPLES_BYTES; past
 * either, a response is not kept (a bound on what the validation of a hostile server's answers may cost).
 */
const RESPONSE_SAMPLE_BYTES = 1024 * 1024;
const RESPONSE_SAMPLES_BYTES = 16 * 1024 * 1024;
/** Distinct method names counted for what the server sent on its own; the rest are counted together. */
const METHOD_NAMES_COUNTED = 100;
export const OTHER_METHODS = '(other methods)';
/** Methods of the protocol a server may send the client: counted by name whatever came before them. */
const PROTOCOL_METHODS = new Set([
  'ping',
  'sampling/createMessage',
  'elicitation/create',
  'roots/list',
  'notifications/message',
  'notifications/progress',
  'notifications/cancelled',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
]);
/** Replies to the server's own requests still being written: past this, a request gets none (it is counted). */
const REPLY_BACKLOG = 64;
/**
 * Requests that are over, kept by id so that an answer after the deadline, or a second answer, is known as that
 * request's and never taken for an answer to nothing. Far more than a run sends; the oldest are dropped first.
 */
const SETTLED_LIMIT = 50_000;

interface Pending {
  /** Ends the request: `done` when it was answered or the connection closed, `expired` when its deadline passed. */
  finish: (outcome: Outcome, how: 'done' | 'expired') => void;
  started: number;
  /** Its place among the requests sent on this connection (1 for the first). */
  sequence: number;
  timer?: NodeJS.Timeout;
  /** The raw response, kept for rules that compare ids byte for byte. */
  onResponse?: (message: Record<string, unknown>) => void;
  /** Called with the answer if it comes after the deadline. */
  onLate?: (outcome: Outcome) => void;
  /** The method of the request (a hand-built one may have none). */
  method?: string;
}

/** A request that is over: done (answered, or closed), or expired (past its deadline; an answer now is late). */
type Settled = { state: 'done' } | { state: 'expired'; started: number; onLate?: (outcome: Outcome) => void };

export interface RequestOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * When no answer comes within `timeoutMs`, send the request once more with a new id; the first answer to either
   * is the outcome, a late answer to the first included. Two deadlines passed end as a timeout with `attempts: 2`.
   */
  retry?: boolean;
  /** Modern era: send the request without the `_meta` envelope (the rule that checks the server requires it). */
  bare?: boolean;
  /**
   * Without `retry`: called with the answer when it comes after the deadline (the request ended as a timeout), so
   * that a slow answer can be told from none at all.
   */
  onLate?: (outcome: Outcome) => void;
}

/** A transport's failed write because the server is gone (a stdio pipe without a reader), whether or not its close has landed yet. */
export class ServerGoneError extends Error {}

/** What the tap handed on so far: one per server, shared by its session and the connection of bad input. */
export interface TapBudget {
  messages: number;
  bytes: number;
}

export interface PeerOptions {
  /** Every message both ways as it passes, within TAP_LIMITS (for --trace). */
  onTap?: (entry: TapEntry) => void;
  /** What counts toward TAP_LIMITS: the peer's own unless given (the connections of one server share one). */
  tapBudget?: TapBudget;
  /** Modern era: the `_meta` envelope every request carries (connect/envelope.ts). */
  envelope?: Envelope;
  /** Redacted from a message too large to tap whole before its excerpt is cut (the whole ones are redacted by the listener). */
  secrets?: Secrets;
  /**
   * The server's rate limit. HTTP: time spent waiting out its 429s does not count toward a request's deadline. Any
   * transport: an answer that refuses a request as throttled is waited out and the request sent again
   * (connect/throttling.ts).
   */
  rateLimit?: RateLimit;
  /**
   * An error with `id: null` is the answer of a request in flight when it came, once the others have answers of
   * their own (at once when it is the only one). Only for a session's connections, where every request mcpact
   * sends has a readable id (so such an answer is a server's that lost the id, protocol/error-response-id), never
   * for the stdio probes' raw lines, whose `id: null` answers are the bad lines'. It stays among the unmatched
   * responses for that rule. Not while a notification of ours may still draw an answer (`nearNotifications`).
   */
  loneAnonymousAnswers?: boolean;
  /**
   * The connection is one ordered stream both ways (a stdio pipe): the server reads our messages in the order we
   * wrote them, and its answers come in the order it wrote them. Only then does an answer tell that the server has
   * read past a notification (`notifiedAt`), and only then can requests sent one at a time be told apart by order
   * (`oneAtATime`). Over HTTP each POST has its own response, and a long wait for one must not hold back the rest.
   */
  ordered?: boolean;
}

export class RpcPeer {
  /** Messages not handed to `onTap`: past TAP_LIMITS. */
  tapDropped = 0;
  /** Requests of the server's that got no reply because replies already waited to be written (REPLY_BACKLOG). */
  repliesDropped = 0;
  /**
   * Responses whose id matches no request of ours (or that have no id). An answer that comes after its request's
   * deadline, or a second answer to one request, carries the id of a request of ours: it is not kept here, and it
   * is never taken for another request's answer.
   */
  readonly unmatchedResponses: unknown[] = [];
  /** Requests the server sent us, by method. */
  readonly serverRequests = new Map<string, number>();
  /** Notifications the server sent us, by method. */
  readonly serverNotifications = new Map<string, number>();
  /** The first few notifications of each method, as sent, for rules that judge their shape. */
  readonly notificationSamples = new Map<string, unknown[]>();
  /** The first few requests of each protocol method the server sent us, as sent. */
  readonly requestSamples = new Map<string, unknown[]>();
  /** The first few responses to our requests, by the method of the request they answer, as sent. */
  readonly responseSamples = new Map<string, unknown[]>();
  closed = false;
  /**
   * When the connection closed during the run: the methods of our requests still waiting for an answer then (the
   * suspects: one of them may have brought the server down), and how many were asked for after it had gone away.
   */
  readonly lost = { inFlight: [] as string[], unsent: 0 };
  /** The last error the transport reported (an HTTP status, a redirect not followed), for error messages. */
  lastError: Error | undefined;
  /**
   * `id: null` errors that came while a notification of ours could still draw an answer (see `notifiedAt`): a
   * server that answers notifications sends exactly these, so they are nobody's request's answer.
   */
  readonly nearNotifications = new WeakSet<object>();
  /**
   * `id: null` errors that can only be a notification's answer: they came while a notification of ours was unread
   * (as above), and every request in flight then got an answer of its own (loneAnonymousAnswers).
   */
  readonly notificationAnswers: Record<string, unknown>[] = [];
  /** Called with every response that matches none of our requests (raw probes wait for the `id: null` answers). */
  onUnmatched?: (message: Record<string, unknown>) => void;
  /** Called with every notification the server sends (a subscriptions/listen probe reads its stream this way). */
  onNotification?: (message: Record<string, unknown>) => void;

  private nextId = 1;
  private readonly pending = new Map<RequestId, Pending>();
  /** How many requests have been sent, in order: a request's place among them is its `sequence`. */
  private sent = 0;
  /**
   * Set when a notification goes out, to the number of requests sent before it; cleared once a request sent after it
   * is answered with its id, since the server has then read past the notification. Meanwhile an `id: null` error
   * may be the notification's answer (a server that takes every message for a request), not a request's.
   */
  private notifiedAt: number | undefined;
  /** Set once an `id: null` error came with several requests in flight: requests then go one at a time (send). */
  private oneAtATime = false;
  /** Requests waiting for their turn while oneAtATime. */
  private readonly idle: (() => void)[] = [];
  /**
   * `id: null` errors not yet told whose they are, with the requests in flight when each came and, when a
   * notification of ours was unread then, that notification (loneAnonymousAnswers).
   */
  private readonly anonymous: { candidates: Set<RequestId | typeof NOTIFICATION>; record: Record<string, unknown> }[] = [];
  private readonly settled = new Map<RequestId, Settled>();
  private readonly startedAt = performance.now();
  private readonly closeListeners: (() => void)[] = [];
  private readonly tapBudget: TapBudget;
  private replyBacklog = 0;
  private responseSampleBytes = 0;

  constructor(
    readonly transport: Transport,
    private readonly options: PeerOptions = {},
  ) {
    this.tapBudget = options.tapBudget ?? { messages: 0, bytes: 0 };
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

  /** From now on every request carries this envelope (none: the era probe fell back to initialize). */
  useEnvelope(envelope: Envelope | undefined): void {
    this.options.envelope = envelope;
  }

  get envelope(): Envelope | undefined {
    return this.options.envelope;
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  /** An integer id no request of this peer has used or will use. */
  allocateId(): number {
    return this.nextId++;
  }

  /**
   * A request with the next integer id; with `retry`, a second one when the first gets no answer in time. A refusal
   * that says the server throttles is no answer: the request goes again, with a new id, once the pause is over.
   */
  request(method: string, params: unknown, options: RequestOptions): Promise<Outcome> {
    const throttle = this.options.rateLimit?.throttle;
    if (throttle === undefined) return this.requestOnce(method, params, options);
    return throttle.send(() => this.requestOnce(method, params, options), options.timeoutMs, options.signal);
  }

  private async requestOnce(method: string, params: unknown, options: RequestOptions): Promise<Outcome> {
    const first = this.allocateId();
    if (!options.retry) return this.send(requestMessage(first, method, params), first, options, undefined, options.onLate);
    let takeLate: (outcome: Outcome) => void = () => undefined;
    const late = new Promise<Outcome>((resolve) => (takeLate = resolve));
    const outcome = await this.send(requestMessage(first, method, params), first, options, undefined, takeLate);
    if (outcome.kind !== 'timeout' || outcome.rateLimited === true || this.closed || options.signal?.aborted) return outcome;
    const second = this.allocateId();
    const retried = this.send(requestMessage(second, method, params), second, options);
    const winner = await Promise.race([retried.then((answer) => ({ answer, late: false })), late.then((answer) => ({ answer, late: true }))]);
    if (winner.late) {
      // The first request's answer came after all: it is the answer, and the second request is over.
      this.expire(second);
      return winner.answer;
    }
    return winner.answer.kind === 'timeout' ? { ...winner.answer, attempts: 2 } : winner.answer;
  }

  /**
   * Sends a hand-built request and resolves with its outcome and the raw response. The message is sent as given,
   * so rules can test string ids, odd params or a wrong `jsonrpc` version.
   */
  async rawRequest(message: Record<string, unknown>, options: RequestOptions): Promise<{ outcome: Outcome; response?: Record<string, unknown> }> {
    const id = message.id as RequestId;
    let response: Record<string, unknown> | undefined;
    const once = () => {
      response = undefined;
      return this.send(message, id, options, (raw) => (response = raw));
    };
    // A throttling refusal is no answer to the message: it goes again as it was (its id included) after the pause.
    const throttle = this.options.rateLimit?.throttle;
    const outcome = throttle === undefined ? await once() : await throttle.send(once, options.timeoutMs, options.signal);
    return { outcome, ...(!(outcome.kind === 'timeout' && outcome.rateLimited === true) && { response }) };
  }

  async notify(method: string, params?: unknown): Promise<void> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    if (this.options.ordered === true) this.notifiedAt = this.sent;
    await this.write(message);
  }

  /**
   * Sends one request. Once the server has answered without an id while several requests were in flight, the
   * requests go one at a time: each answer, with its id or without, is then the one in flight's, and nobody waits
   * out a deadline for an answer that came (cratesio-mcp 0.4.4 answers every refused request with `id: null`).
   */
  private async send(
    message: Record<string, unknown>,
    id: RequestId,
    options: RequestOptions,
    onResponse?: (message: Record<string, unknown>) => void,
    onLate?: (outcome: Outcome) => void,
  ): Promise<Outcome> {
    // Waiting only when it must: a request that need not wait is written now, before anything sent after it.
    if (this.oneAtATime && this.pending.size > 0 && !this.closed) {
      if (options.signal?.aborted === true) return { kind: 'timeout', ms: 0 };
      // Until the request in flight has ended (or the wait is aborted).
      await nextWake(this.idle, options.signal);
      return this.send(message, id, options, onResponse, onLate);
    }
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    if (this.closed) {
      this.lost.unsent++;
      return { kind: 'closed', ms: 0, lost: true, unsent: true };
    }
    if (this.pending.has(id)) throw new Error(`request id ${String(id)} is already in flight`);
    // A caller-chosen id used again starts a new request: answers from now on are this one's.
    this.settled.delete(id);
    return new Promise<Outcome>((resolve) => {
      const finish = (outcome: Outcome, how: 'done' | 'expired') => {
        const entry = this.pending.get(id);
        if (!entry) return;
        clearTimeout(entry.timer);
        this.pending.delete(id);
        this.settle(id, how === 'done' ? { state: 'done' } : { state: 'expired', started, onLate: entry.onLate });
        this.eliminate(id, how);
        // One at a time: the next request goes once none is in flight (each waiter checks again).
        if (this.pending.size === 0) for (const wake of this.idle.splice(0)) wake();
        options.signal?.removeEventListener('abort', abort);
        resolve(outcome);
      };
      const abort = () => finish({ kind: 'timeout', ms: elapsed() }, 'expired');
      const pending: Pending = {
        finish,
        started,
        sequence: ++this.sent,
        onResponse,
        onLate,
        ...(typeof message.method === 'string' && { method: message.method }),
      };
      // The deadline is checked once more after the I/O that is already waiting: when mcpact itself was busy past
      // the deadline, timers run before the answers that arrived meanwhile are read, and those are in time.
      const expire = () =>
        setImmediate(() => {
          // A 429 pause during the request: the server asked mcpact to wait, which is no silence. The wait gets a
          // deadline of its own (RateLimit gives up by the run deadline and its attempts, then the write fails).
          if (this.options.rateLimit?.pausedSince(started) === true && this.pending.get(id) === pending) {
            pending.timer = setTimeout(expire, options.timeoutMs);
            return;
          }
          finish({ kind: 'timeout', ms: elapsed() }, 'expired');
        });
      pending.timer = setTimeout(expire, options.timeoutMs);
      this.pending.set(id, pending);
      if (options.signal?.aborted) return abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      const envelope = this.options.envelope;
      this.write(envelope && !options.bare ? withEnvelope(message, envelope) : message).catch((error: unknown) => {
        if (error instanceof RateLimitedError) return finish({ kind: 'timeout', ms: elapsed(), rateLimited: true }, 'done');
        this.lastError = error instanceof Error ? error : new Error(String(error));
        // Written after the server had gone away (the transport says so before its close may have landed): it never
        // got there. Any other failed write (an HTTP status, say) may be the server's own refusal, so it stays a plain
        // close for the rule to judge.
        if (!this.closed && !(error instanceof ServerGoneError)) return finish({ kind: 'closed', ms: elapsed() }, 'done');
        this.lost.unsent++;
        finish({ kind: 'closed', ms: elapsed(), lost: true, unsent: true }, 'done');
      });
    });
  }

  private async write(message: Record<string, unknown>): Promise<void> {
    this.record('out', message);
    await this.transport.send(message as JSONRPCMessage);
  }

  private record(direction: TapEntry['direction'], message: unknown): void {
    const listener = this.options.onTap;
    if (!listener) return;
    const budget = this.tapBudget;
    if (budget.messages >= TAP_LIMITS.messages || budget.bytes >= TAP_LIMITS.bytes) {
      this.tapDropped++;
      return;
    }
    const at = Math.round(performance.now() - this.startedAt);
    const bytes = jsonBytesUpTo(message, TAP_LIMITS.messageBytes);
    budget.messages++;
    if (bytes <= TAP_LIMITS.messageBytes) {
      budget.bytes += bytes;
      listener({ direction, at, message });
      return;
    }
    budget.bytes += TAP_LIMITS.messageBytes;
    listener({ direction, at, message: excerpt(message, TAP_LIMITS.messageBytes, this.options.secrets), excerpt: true });
  }

  private receive(message: unknown): void {
    // Before anything walks it (the tap, the samples, every rule): a value nested too deeply is cut to a marker.
    cutDeepNesting(message);
    this.record('in', message);
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
    const record = message as Record<string, unknown>;
    if (typeof record.method === 'string') {
      if ('id' in record && record.id !== null && record.id !== undefined) this.answerServerRequest(record);
      else {
        countMethod(this.serverNotifications, record.method);
        this.sample(record.method, record);
        this.onNotification?.(record);
      }
      return;
    }
    const id = typeof record.id === 'string' || typeof record.id === 'number' ? record.id : undefined;
    const pending = id === undefined ? undefined : this.pending.get(id);
    if (pending) {
      if (this.notifiedAt !== undefined && pending.sequence > this.notifiedAt) this.notifiedAt = undefined;
      if (pending.method !== undefined) this.sampleResponse(pending.method, record);
      pending.onResponse?.(record);
      pending.finish(outcomeOf(record, answerMs(pending.started)), 'done');
      return;
    }
    if (id === undefined && this.options.loneAnonymousAnswers === true && this.pending.size > 0 && isAnonymousError(record)) {
      // Waiting out the deadline for an answer that came without its id tells nothing more (cratesio-mcp 0.4.4).
      if (this.unmatchedResponses.length < UNMATCHED_LIMIT) this.unmatchedResponses.push(message);
      this.onUnmatched?.(record);
      const candidates = new Set<RequestId | typeof NOTIFICATION>(this.pending.keys());
      // It may answer our notification: then it is no request's until each of them has an answer of its own.
      if (this.notifiedAt !== undefined) {
        this.nearNotifications.add(record);
        candidates.add(NOTIFICATION);
      }
      if (this.anonymous.length < ANONYMOUS_KEPT) this.anonymous.push({ candidates, record });
      // Several requests could own it: from now on one request at a time, so that the next such answer is known at
      // once. Not when our notification may own it: sending one at a time would not tell that apart.
      if (this.options.ordered === true && this.pending.size > 1 && !candidates.has(NOTIFICATION)) this.oneAtATime = true;
      this.resolveAnonymous();
      return;
    }
    if (id === undefined && this.options.loneAnonymousAnswers === true && this.notifiedAt !== undefined && isAnonymousError(record)) {
      // No request in flight: the notification's answer.
      this.nearNotifications.add(record);
      if (this.notificationAnswers.length < ANONYMOUS_KEPT) this.notificationAnswers.push(record);
    }
    const settled = id === undefined ? undefined : this.settled.get(id);
    if (id !== undefined && settled) {
      // That request's answer, late or repeated: never another request's. A late one still counts for whoever waits.
      if (settled.state === 'expired') {
        this.settle(id, { state: 'done' });
        settled.onLate?.(outcomeOf(record, answerMs(settled.started)));
      }
      return;
    }
    if (this.unmatchedResponses.length < UNMATCHED_LIMIT) this.unmatchedResponses.push(message);
    this.onUnmatched?.(record);
  }

  /**
   * Keeps a notification as a sample of its method (for the rules that check their shape): a few per protocol
   * method, each small enough to keep; made-up methods and huge messages are counted, not kept.
   */
  private sample(method: string, message: Record<string, unknown>, kept = this.notificationSamples): void {
    if (!PROTOCOL_METHODS.has(method)) return;
    const samples = kept.get(method) ?? [];
    if (samples.length >= SAMPLES_PER_METHOD) return;
    if (jsonBytesUpTo(message, SAMPLE_BYTES) > SAMPLE_BYTES) return;
    samples.push(message);
    kept.set(method, samples);
  }

  /** Keeps a response as a sample of its request's method, within RESPONSE_SAMPLE_BYTES and RESPONSE_SAMPLES_BYTES. */
  private sampleResponse(method: string, message: Record<string, unknown>): void {
    const samples = this.responseSamples.get(method) ?? [];
    if (samples.length >= SAMPLES_PER_METHOD) return;
    const room = Math.min(RESPONSE_SAMPLE_BYTES, RESPONSE_SAMPLES_BYTES - this.responseSampleBytes);
    const bytes = jsonBytesUpTo(message, room);
    if (bytes > room) return;
    this.responseSampleBytes += bytes;
    samples.push(message);
    this.responseSamples.set(method, samples);
  }

  /**
   * An `id: null` error answers one of the requests in flight when it came. A request that then gets an answer of
   * its own is not that one; once one candidate is left, the answer is its. A candidate whose deadline passes first
   * leaves the answer undecided (it may have been that one's): nobody's.
   */
  private eliminate(id: RequestId, how: 'done' | 'expired'): void {
    if (this.anonymous.length === 0) return;
    for (let index = this.anonymous.length - 1; index >= 0; index--) {
      const entry = this.anonymous[index]!;
      if (!entry.candidates.has(id)) continue;
      if (how === 'expired') this.anonymous.splice(index, 1);
      else entry.candidates.delete(id);
    }
    this.resolveAnonymous();
  }

  private resolveAnonymous(): void {
    const index = this.anonymous.findIndex((entry) => entry.candidates.size <= 1);
    if (index < 0) return;
    const [entry] = this.anonymous.splice(index, 1);
    const [owner] = entry!.candidates;
    if (owner === NOTIFICATION && this.notificationAnswers.length < ANONYMOUS_KEPT) this.notificationAnswers.push(entry!.record);
    const pending = owner === undefined || owner === NOTIFICATION ? undefined : this.pending.get(owner);
    // Finishing it eliminates it from the other entries, which resolves the next one in turn.
    if (pending !== undefined) pending.finish(outcomeOf(entry!.record, answerMs(pending.started)), 'done');
    else this.resolveAnonymous();
  }

  /** Ends a request still in flight as if its deadline had passed: an answer from now on is late and goes to nobody. */
  private expire(id: RequestId): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    entry.onLate = undefined;
    entry.finish({ kind: 'timeout', ms: Math.round(performance.now() - entry.started) }, 'expired');
  }

  private settle(id: RequestId, settled: Settled): void {
    this.settled.delete(id);
    this.settled.set(id, settled);
    if (this.settled.size > SETTLED_LIMIT) this.settled.delete(this.settled.keys().next().value!);
  }

  /** mcpact declares no client capabilities, so it only answers ping; anything else is method-not-found. */
  private answerServerRequest(request: Record<string, unknown>): void {
    const method = request.method as string;
    countMethod(this.serverRequests, method);
    this.sample(method, request, this.requestSamples);
    // A server that sends requests faster than it reads the replies (or never reads) must not make them pile up.
    if (this.replyBacklog >= REPLY_BACKLOG) {
      this.repliesDropped++;
      return;
    }
    const named = method.length > 200 ? `${method.slice(0, 200)}…` : method;
    const reply =
      method === 'ping'
        ? { jsonrpc: '2.0', id: request.id, result: {} }
        : { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: `mcpact does not support ${named}` } };
    this.replyBacklog++;
    this.write(reply)
      .catch(() => undefined)
      .finally(() => this.replyBacklog--);
  }

  private handleClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const [, pending] of this.pending) this.lost.inFlight.push(pending.method ?? '(a request without a method)');
    for (const [, pending] of this.pending) pending.finish({ kind: 'closed', ms: Math.round(performance.now() - pending.started), lost: true }, 'done');
    for (const listener of this.closeListeners) listener();
  }
}

/**
 * How long an answer took, to a hundredth of a millisecond: a local tool answers in well under one, and a latency
 * budget below 1 ms (p50_ms: 0.5) could never fail on whole milliseconds rounded to 0.
 */
function answerMs(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

function requestMessage(id: RequestId, method: string, params: unknown): Record<string, unknown> {
  const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
  if (params !== undefined) message.params = params;
  return message;
}

/** What an answer says: a result, an error, or neither (malformed). */
function outcomeOf(record: Record<string, unknown>, ms: number): Outcome {
  if ('result' in record && !('error' in record)) return { kind: 'result', result: record.result, ms };
  if ('error' in record && !('result' in record) && typeof record.error === 'object' && record.error !== null) {
    const error = record.error as Record<string, unknown>;
    return { kind: 'error', code: error.code, message: error.message, data: error.data, ms };
  }
  return { kind: 'malformed', response: record, ms };
}

/**
 * Counts a method the server sent, by name: the protocol's own names always, others until METHOD_NAMES_COUNTED
 * distinct ones (each cut at 200 characters), then together as OTHER_METHODS, so a flood of made-up names costs
 * a bounded map.
 */
function countMethod(counts: Map<string, number>, method: string): void {
  let key = method.length > 200 ? `${method.slice(0, 200)}…` : method;
  if (!counts.has(key) && !PROTOCOL_METHODS.has(key) && counts.size >= METHOD_NAMES_COUNTED) key = OTHER_METHODS;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
