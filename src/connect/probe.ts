/**
 * The one door through which rules reach the server. It owns the per-call deadline, the bound on requests in
 * flight, and the run deadline: rules never touch the transport, the process or the SDK directly.
 *
 * The runner hands each rule a view of the probe (`view`): the same session, limiter and health timeline, with the
 * rule's family as its lane in the limiter (families take turns for a free slot), the family's deadline as its
 * signal, and the answers the rule saw, so that the runner can ask afterwards whether any of them came after the
 * server degraded (connect/health.ts).
 */
import type { BadInputLine } from './bad-input-line.js';
import { Health, type Control, type Degradation } from './health.js';
import { Limiter } from './limiter.js';
import { UNMATCHED_LIMIT, type Outcome, type RpcPeer } from './rpc.js';

export interface ProbeOptions {
  callMs: number;
  /** Requests in flight at once against this server. */
  concurrency: number;
  /** Aborted when the run deadline passes: pending calls end as timeouts, new ones are not sent. */
  signal?: AbortSignal;
}

/** What is known of a request when it is sent. */
export interface RequestTag {
  /**
   * The request sends bad input (an unknown name, invalid arguments, malformed params), labelled for the report.
   * Bad input may change the server's state: it waits until the valid work planned first is done
   * (`holdBadInput`), and each burst of it is followed by a control request (connect/health.ts).
   */
  bad?: string;
  /**
   * The bad input refers to state of the run's session (a task it created, a requestState it was handed): it goes
   * on that session even when bad input has a connection of its own (`isolateBadInput`).
   */
  sameSession?: true;
}

/** Where a request goes: the peer, and the health timeline its answer takes its place on. */
interface Route {
  peer: RpcPeer;
  health: Health;
}

/**
 * How long mcpact keeps waiting for the answer to a tools/call that missed timeouts.call_ms, as a multiple of it:
 * a late answer is a slow tool, not a missing answer (tools/call-answered).
 */
export const LATE_GRACE_FACTOR = 3;

/** The lane of the control requests in the limiter. */
const HEALTH_LANE = 'health';

/** What every view of one probe shares. */
interface Shared {
  limiter: Limiter;
  /** See `chosenIds` on Probe. */
  chosenIds: Limiter;
  health: Health;
  /** The connection of its own that bad input goes on, once the runner gave one (connect/bad-input-line.ts). */
  badLine?: BadInputLine;
  /** The health timeline of that connection: its bursts of bad input, and the controls asked on it after them. */
  badHealth: Health;
  /** Requests in flight, by lane. */
  inFlight: Map<string, number>;
  /** Requests started so far, on either connection: whether others went out while a rule watched the wire. */
  started: number;
  /** The answer a tools/call that timed out may still get, with when it timed out. */
  late: WeakMap<Outcome, { answer: Promise<Outcome>; expiredAt: number }>;
  /** Bad input waits for this (the warm-up of the valid work); none: it goes at once. */
  gate?: Promise<unknown>;
}

export class Probe {
  /** The limiter lane of this view: its rule family ('' for the probe itself). */
  readonly lane: string;
  private readonly shared: Shared;
  /** When the answers this view handed out arrived (their ticks on each health timeline). */
  private readonly seen = new Set<number>();
  private readonly seenBad = new Set<number>();
  /**
   * Answers this view handed out or judged that were still rate limited when mcpact stopped waiting: HTTP 429, or a
   * JSON-RPC refusal saying the server throttles (counted in `throttledAnswers` too).
   */
  rateLimitedAnswers = 0;
  throttledAnswers = 0;
  /**
   * Answers this view handed out or judged that are the server going away (the connection closed during the run):
   * no answer of the server's to what was asked, whether the request was in flight then or asked for after.
   */
  lostAnswers = 0;

  constructor(
    private readonly peer: RpcPeer,
    readonly options: ProbeOptions,
    view?: { shared: Shared; lane: string },
  ) {
    this.lane = view?.lane ?? '';
    this.shared = view?.shared ?? {
      limiter: new Limiter(options.concurrency),
      // Requests with an id of the caller's choosing (a string, a huge integer) go one at a time, and never while
      // `alone` work runs: a server that cannot read such an id answers with `id: null`, and that answer must not
      // be taken for an answer to something else (the notification of protocol/notification-not-answered).
      chosenIds: new Limiter(1),
      health: new Health(),
      badHealth: new Health(),
      inFlight: new Map(),
      started: 0,
      late: new WeakMap(),
    };
  }

  /**
   * A view for one rule: the same session, limiter and health timeline; its own lane in the limiter, its own
   * record of the answers it saw, and `signal` (the family's deadline) besides the run deadline.
   */
  view(lane: string, signal?: AbortSignal): Probe {
    const signals = [this.options.signal, signal].filter((entry): entry is AbortSignal => entry !== undefined);
    const combined = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    return new Probe(this.peer, { ...this.options, signal: combined }, { shared: this.shared, lane });
  }

  /** True once the server has gone away; later requests end as `closed` at once (`lost`, `unsent`). */
  get lost(): boolean {
    return this.peer.closed;
  }

  /** When the run's session went away: the methods of the requests in flight then, and how many were asked for after. */
  get loss(): { readonly inFlight: readonly string[]; readonly unsent: number } {
    return this.peer.lost;
  }

  /** Whether the server still serves what it served at capture (connect/health.ts), on the run's session. */
  get health(): Health {
    return this.shared.health;
  }

  /** The connection bad input goes on, when it has one, and its health timeline (watched once it opened). */
  get badInput(): { line?: BadInputLine; health: Health } {
    return { line: this.shared.badLine, health: this.shared.badHealth };
  }

  /**
   * Sends bad input on `line` from now on (the runner gives one where the transport allows a second connection),
   * except what needs the run's session (`sameSession`). Valid work stays on the run's session, so that a state bad
   * input puts the server in never answers it.
   */
  isolateBadInput(line: BadInputLine): void {
    this.shared.badLine = line;
  }

  /**
   * A request, with one retry when it got no answer within call_ms: a busy machine or a slow first answer must not
   * become a verdict. The first request's answer still counts when it comes while the retry waits (a late answer is
   * that request's answer, never dropped). tools/call is never sent twice (a tool may act); its hangs are
   * tools/call-answered's to judge, and its late answer is kept (`lateAnswer`). Two timeouts in a row end as a
   * timeout with `attempts: 2`.
   */
  async request(method: string, params?: unknown, tag: RequestTag = {}): Promise<Outcome> {
    await this.gateFor(tag);
    const route = await this.route(tag);
    const once = method === 'tools/call';
    let takeLate: (outcome: Outcome) => void = () => undefined;
    const late = once ? new Promise<Outcome>((resolve) => (takeLate = resolve)) : undefined;
    const outcome = await this.bounded(() => route.peer.request(method, params, { ...this.callOptions(), retry: !once, ...(late && { onLate: takeLate }) }));
    // A request still rate limited was never processed: no late answer can come.
    if (late !== undefined && outcome.kind === 'timeout' && outcome.rateLimited !== true)
      this.shared.late.set(outcome, { answer: late, expiredAt: performance.now() });
    return this.arrived(outcome, tag, route);
  }

  /**
   * A hand-built request, sent once and as given (in the modern era with the session's envelope merged into its
   * `_meta`, unless `bare`). When the message has no id it gets the session's next integer id: only the rule that
   * tests string ids sends one.
   */
  async raw(
    message: Record<string, unknown>,
    options: { bare?: boolean } & RequestTag = {},
  ): Promise<{ outcome: Outcome; response?: Record<string, unknown> }> {
    await this.gateFor(options);
    const route = await this.route(options);
    const call = { ...this.callOptions(), ...(options.bare !== undefined && { bare: options.bare }) };
    const answered =
      'id' in message
        ? await this.shared.chosenIds.run(() => this.bounded(() => route.peer.rawRequest(message, call)))
        : await this.bounded(() => route.peer.rawRequest({ ...message, id: route.peer.allocateId() }, call));
    this.arrived(answered.outcome, options, route);
    return answered;
  }

  /** Runs `work` while no request with an id of the caller's choosing is in flight, and keeps them out until it ends. */
  alone<T>(work: () => Promise<T>): Promise<T> {
    return this.shared.chosenIds.run(work);
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

  /**
   * Records that this view's rule judges `outcome`, an answer another view received (shared work in the run
   * cache: a tool call, a read, the prompt matrix), so that it counts among the answers the rule saw.
   */
  saw(outcome: Outcome): void {
    if (outcome.kind === 'timeout' && outcome.rateLimited === true) {
      this.rateLimitedAnswers++;
      if (outcome.throttled !== undefined) this.throttledAnswers++;
    }
    if (outcome.kind === 'closed' && outcome.lost === true) this.lostAnswers++;
    const tick = this.shared.health.arrivalOf(outcome);
    if (tick !== undefined) this.seen.add(tick);
    const badTick = this.shared.badHealth.arrivalOf(outcome);
    if (badTick !== undefined) this.seenBad.add(badTick);
  }

  /** `copy` stands for `original` (an answer bounded before it is shared): it arrived when and where the original did. */
  relate(copy: Outcome, original: Outcome): void {
    this.shared.health.relate(copy, original);
    this.shared.badHealth.relate(copy, original);
  }

  /**
   * The degradation that puts an answer this view saw in doubt, once a control request after the last of them has
   * answered (connect/health.ts), on whichever connection the answer came; undefined when none is in doubt.
   */
  async answersInDoubt(): Promise<Degradation | undefined> {
    return (await this.shared.health.judge(this.seen)) ?? (await this.shared.badHealth.judge(this.seenBad));
  }

  /** Watches the server's health from now on with `control` (exercise/control.ts picks it after the capture). */
  watch(control: Control): void {
    this.watchOn(this.shared.health, this.peer, control);
  }

  /** Bad input waits until `until` settles (the valid work planned first), then goes as asked. */
  holdBadInput(until: Promise<unknown>): void {
    this.shared.gate = until.then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * The answer to a tools/call that timed out, when it comes within `graceMs` after the timeout (default
   * LATE_GRACE_FACTOR times call_ms), or undefined: no answer within the grace, or this view's deadline passed.
   */
  async lateAnswer(outcome: Outcome, graceMs = LATE_GRACE_FACTOR * this.options.callMs): Promise<Outcome | undefined> {
    const waiting = this.shared.late.get(outcome);
    if (waiting === undefined) return undefined;
    const left = waiting.expiredAt + graceMs - performance.now();
    const signal = this.options.signal;
    if (left <= 0 || signal?.aborted === true) return Promise.race([waiting.answer, Promise.resolve(undefined)]);
    let timer: NodeJS.Timeout | undefined;
    let stop: (() => void) | undefined;
    const expired = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), left);
      stop = () => resolve(undefined);
      signal?.addEventListener('abort', stop, { once: true });
    });
    try {
      return await Promise.race([waiting.answer, expired]);
    } finally {
      clearTimeout(timer);
      if (stop !== undefined) signal?.removeEventListener('abort', stop);
    }
  }

  /**
   * Requests started so far, and those in flight now, on either connection, every lane: a rule that reads answers
   * no request claimed (an `id: null` error) tells from these whether another request could own them.
   */
  get requests(): { started: number; inFlight: number } {
    let inFlight = 0;
    for (const count of this.shared.inFlight.values()) inFlight += count;
    return { started: this.shared.started, inFlight };
  }

  /** Requests of `lane` in flight or waiting for a slot (what a deadline cuts short). */
  backlogOf(lane: string): number {
    return (this.shared.inFlight.get(lane) ?? 0) + this.shared.limiter.waiting(lane);
  }

  /** Responses that matched none of our requests so far (ids the server made up or changed), on either connection. */
  get unmatchedResponses(): readonly unknown[] {
    return this.peers()
      .flatMap((peer) => peer.unmatchedResponses)
      .slice(0, UNMATCHED_LIMIT);
  }

  /** Whether `message`, an `id: null` error, came while a notification of ours could still draw an answer. */
  nearNotification(message: unknown): boolean {
    return typeof message === 'object' && message !== null && this.peers().some((peer) => peer.nearNotifications.has(message));
  }

  /** `id: null` errors that can only have answered a notification of ours (RpcPeer.notificationAnswers), on either connection. */
  get notificationAnswers(): readonly Record<string, unknown>[] {
    return this.peers().flatMap((peer) => peer.notificationAnswers);
  }

  /** What the server sent on its own so far, on either connection: its requests and notifications, counted by method. */
  get serverTraffic(): { requests: ReadonlyMap<string, number>; notifications: ReadonlyMap<string, number> } {
    const peers = this.peers();
    return { requests: summed(peers.map((peer) => peer.serverRequests)), notifications: summed(peers.map((peer) => peer.serverNotifications)) };
  }

  /** The first notifications of `method` the server sent so far (a few at most), each as sent. */
  notificationsOf(method: string): readonly unknown[] {
    return this.peers().flatMap((peer) => peer.notificationSamples.get(method) ?? []);
  }

  /**
   * The first messages of each method the server sent so far, as sent (a few per method and connection, each
   * bounded in size): responses by the method of the request they answer, its notifications and its requests by
   * their own.
   */
  get messageSamples(): {
    responses: ReadonlyMap<string, readonly unknown[]>;
    notifications: ReadonlyMap<string, readonly unknown[]>;
    requests: ReadonlyMap<string, readonly unknown[]>;
  } {
    const peers = this.peers();
    return {
      responses: joined(peers.map((peer) => peer.responseSamples)),
      notifications: joined(peers.map((peer) => peer.notificationSamples)),
      requests: joined(peers.map((peer) => peer.requestSamples)),
    };
  }

  /** The run's session, and the connection of bad input once it opened: what the server sent on either is its own. */
  private peers(): RpcPeer[] {
    const bad = this.shared.badLine?.session?.peer;
    return bad === undefined ? [this.peer] : [this.peer, bad];
  }

  private callOptions() {
    return { timeoutMs: this.options.callMs, signal: this.options.signal };
  }

  private async gateFor(tag: RequestTag): Promise<void> {
    if (tag.bad !== undefined && this.shared.gate !== undefined) await this.shared.gate;
  }

  private watchOn(health: Health, peer: RpcPeer, control: Control): void {
    health.watch(control, (request, sent) =>
      this.shared.limiter.run(() => {
        sent();
        return peer.request(request.method, request.params, { ...this.callOptions(), retry: true });
      }, HEALTH_LANE),
    );
  }

  /**
   * Bad input goes on the connection of its own when there is one and it opened (watched from its first use with the
   * run's control); everything else, and bad input that needs the run's session, on the run's session.
   */
  private async route(tag: RequestTag): Promise<Route> {
    const { badLine, badHealth, health } = this.shared;
    const main = { peer: this.peer, health };
    if (tag.bad === undefined || tag.sameSession === true || badLine === undefined) return main;
    const peer = await badLine.peer();
    if (peer === undefined) return main;
    const control = health.watched;
    if (control !== undefined && badHealth.watched === undefined) this.watchOn(badHealth, peer, control);
    return { peer, health: badHealth };
  }

  /** An answer through this view: its place on its connection's health timeline, and among the answers the view saw. */
  private arrived<T extends Outcome>(outcome: T, tag: RequestTag, route: Route): T {
    route.health.arrived(outcome, tag.bad);
    this.saw(outcome);
    return outcome;
  }

  private bounded<T>(work: () => Promise<T>): Promise<T> {
    const { inFlight, limiter } = this.shared;
    const count = (delta: number) => inFlight.set(this.lane, (inFlight.get(this.lane) ?? 0) + delta);
    return limiter.run(async () => {
      this.shared.started++;
      count(1);
      try {
        return await work();
      } finally {
        count(-1);
      }
    }, this.lane);
  }
}

/** Counts by key, added up over the maps (one map is handed on as it is). */
function summed(maps: ReadonlyMap<string, number>[]): ReadonlyMap<string, number> {
  if (maps.length === 1) return maps[0]!;
  const total = new Map<string, number>();
  for (const map of maps) for (const [key, count] of map) total.set(key, (total.get(key) ?? 0) + count);
  return total;
}

/** Lists by key, one after the other over the maps (one map is handed on as it is). */
function joined(maps: ReadonlyMap<string, readonly unknown[]>[]): ReadonlyMap<string, readonly unknown[]> {
  if (maps.length === 1) return maps[0]!;
  const all = new Map<string, unknown[]>();
  for (const map of maps) for (const [key, list] of map) all.set(key, [...(all.get(key) ?? []), ...list]);
  return all;
}
