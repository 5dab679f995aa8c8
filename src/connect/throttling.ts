/**
 * A server that throttles mcpact in JSON-RPC rather than with HTTP 429: it answers a request over its limit with an
 * error whose words say so ("rate limit exceeded", "too many requests", "throttled", "retry after 2 s", "quota
 * exceeded"), on any code and any transport (stdio included). Such an answer is not the server's answer to what was
 * asked: the request was refused before it was looked at. So it is treated as a 429 is (connect/rate-limit.ts): the
 * request waits and goes again, and mcpact slows down for the rest of the run, so that the run goes on under the
 * server's limit (#30 class 1: cratesio-mcp 0.4.4 of round F refuses past 10 requests a second with -32603 "rate
 * limit exceeded", and mcpact's bursts read every later answer, good and bad, as that refusal).
 *
 * Slowing down is two bounds, each lowered once per episode (the refusals of requests sent before the last
 * back-off say nothing new about the pace after it): the requests in flight at once are halved (down to one), and
 * the requests sent per second are halved from what the last second carried (down to one); every second's worth
 * of answers without a refusal adds one request per second back. A refused request is sent again after a pause
 * every request of the server waits for: the Retry-After the server's words or data name, bounded by
 * THROTTLE.maxWaitMs, or else THROTTLE.backoffMs doubled per refusal in a row, within the request's call deadline.
 * A request is sent at most THROTTLE.attempts times; when a wait would pass the run deadline, the run's budget for
 * these waits (THROTTLE.budgetShare of it, so that one family's refusals cannot use up the time of the others) is
 * spent, or the attempts are used up, it ends as rate limited (`{ kind: 'timeout', rateLimited: true, throttled }`)
 * and no verdict rests on it. Once one was given up, a request that meets a pause ends at once, and one refused gets
 * no second try.
 */
import type { Outcome } from './outcome.js';
import { Slots } from './slots.js';

export const THROTTLE = {
  /** Times one request is sent while the server keeps refusing it as throttled. */
  attempts: 5,
  /** The wait after a refusal that names no Retry-After, doubled per refusal in a row, at most the call deadline. */
  backoffMs: 250,
  /** A Retry-After longer than this is waited this long at most. */
  maxWaitMs: 60_000,
  /** The part of the run that pauses for throttling may take in all; past it a refused request is given up at once. */
  budgetShare: 0.25,
} as const;

/** How much of a refusal's words is read and kept. */
const WORDS_MAX = 500;

/**
 * Words that say the server refuses because of the client's pace. The word "limit" alone is not one ("limit must be
 * at most 100" is a refusal of the value asked). Plain alternations, linear in the (bounded) text.
 */
const THROTTLING =
  /\brate[- _]?limit(?:s|ed|ing|er)?\b|\btoo many requests\b|\bthrottl(?:e|ed|es|ing)\b|\bretry-after\b|\bretry[ _]?after:?\s{0,3}\d|\bquota (?:exceeded|exhausted)\b|\bexceeded (?:the |your )?(?:\w+ )?quota\b/i;
/**
 * Words that look alike and say something else: a disk quota is the machine's (EDQUOT), and "retry after fixing the
 * input" names no wait (it is left out above by wanting a number after "retry after").
 */
const NOT_THROTTLING = /\bdisk quota\b/i;

/** "retry after 2 s", "Retry-After: 1500ms", "retry after 0.5 seconds": the number and its unit (seconds when none). */
const RETRY_AFTER = /\bretry[- _]?after\b\D{0,12}?(\d{1,9}(?:\.\d{1,3})?)\s*(ms\b|milliseconds?\b|millis\b)?/i;
/** A data key naming the wait: retryAfter, retry_after_ms, retryAfterSeconds, … */
const RETRY_KEY = /^retry[-_]?after(?:[-_]?(ms|millis|milliseconds|s|sec|secs|seconds))?$/i;

/** A throttling refusal: the server's words (one line, bounded) and the wait it asked for, if it named one. */
export interface Throttling {
  said: string;
  retryAfterMs?: number;
}

/** Whether `outcome` is an error answer whose words say the server throttles; undefined for every other answer. */
export function throttlingOf(outcome: Outcome): Throttling | undefined {
  if (outcome.kind !== 'error' || typeof outcome.message !== 'string') return undefined;
  const said = outcome.message.slice(0, WORDS_MAX).replace(/\s+/g, ' ').trim();
  if (!THROTTLING.test(said) || NOT_THROTTLING.test(said)) return undefined;
  const wait = retryAfterOfData(outcome.data) ?? retryAfterOfWords(said);
  return { said, ...(wait !== undefined && { retryAfterMs: Math.min(wait, THROTTLE.maxWaitMs) }) };
}

function retryAfterOfWords(said: string): number | undefined {
  const found = RETRY_AFTER.exec(said);
  if (found === null) return undefined;
  const value = Number(found[1]);
  return Math.round(found[2] === undefined ? value * 1000 : value);
}

function retryAfterOfData(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  for (const [key, raw] of Object.entries(data as Record<string, unknown>).slice(0, 50)) {
    const found = RETRY_KEY.exec(key);
    if (found === null) continue;
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}(?:\.\d{1,3})?$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isFinite(value) || value < 0) continue;
    return Math.round(found[1] !== undefined && /^m/i.test(found[1]) ? value : value * 1000);
  }
  return undefined;
}

/** What the report says of throttling refusals (merged into RateLimitSummary). */
export interface ThrottleSummary {
  refusals: number;
  waitedMs: number;
  gaveUp: number;
  /** Requests in flight at once after the back-off. */
  concurrency: number;
  /** Requests sent per second after the back-off. */
  perSecond: number;
  /** The server's words in the first refusal. */
  said: string;
}

/** Send times kept to measure the pace at a refusal: the latest ones, at least this many (at most twice as many). */
const PACE_SAMPLES = 1000;

/** One per server, shared by its session and the connection of bad input (held by its RateLimit). */
export class Throttle {
  private refusals = 0;
  private waitedMs = 0;
  private gaveUp = 0;
  private said = '';
  private resumeAt = 0;
  private readonly slots = new Slots();
  /** Requests per second once slowed down (infinite until the first refusal), and the next free send time. */
  private perSecond = Number.POSITIVE_INFINITY;
  private nextAt = 0;
  /** When mcpact last slowed down: refusals of requests sent before it say nothing of the pace since. */
  private slowedAt = Number.NEGATIVE_INFINITY;
  /** Answers without a refusal since the pace last changed. */
  private accepted = 0;
  private readonly sent: number[] = [];
  private readonly budgetMs: number;

  /** `deadline`: the run deadline; a wait that would pass it is not started, and a share of the run bounds them all. */
  constructor(private readonly deadline?: { signal?: AbortSignal; at?: number }) {
    this.budgetMs = deadline?.at === undefined ? Number.POSITIVE_INFINITY : Math.max(0, deadline.at - performance.now()) * THROTTLE.budgetShare;
  }

  get summary(): ThrottleSummary | undefined {
    if (this.refusals === 0) return undefined;
    return {
      refusals: this.refusals,
      waitedMs: Math.round(this.waitedMs),
      gaveUp: this.gaveUp,
      concurrency: this.slots.reported,
      perSecond: Number.isFinite(this.perSecond) ? this.perSecond : 0,
      said: this.said,
    };
  }

  /**
   * Sends `attempt` until its answer is no throttling refusal, waiting each pause out and keeping to the pace.
   * `timeoutMs`: the request's own deadline, which bounds a back-off the server named no wait for.
   */
  async send(attempt: () => Promise<Outcome>, timeoutMs: number, signal?: AbortSignal): Promise<Outcome> {
    for (let tries = 1; ; tries++) {
      if (this.gaveUp > 0 && this.resumeAt > performance.now()) return this.giveUp(0);
      if (this.refusals > 0) await this.ready(signal);
      const release = await this.slots.take(signal);
      const sentAt = performance.now();
      this.sent.push(sentAt);
      // Trimmed in one go once twice the bound: a copy per request would cost a thousand moves each.
      if (this.sent.length > 2 * PACE_SAMPLES) this.sent.splice(0, this.sent.length - PACE_SAMPLES);
      let outcome: Outcome;
      try {
        outcome = await attempt();
      } finally {
        release();
      }
      const refusal = throttlingOf(outcome);
      if (refusal === undefined) {
        this.answered();
        return outcome;
      }
      const wait = this.refused(refusal, tries, sentAt, timeoutMs);
      // Once a request had to be given up, the limit is known not to lift soon: one try each from then on.
      const attempts = this.gaveUp > 0 ? 1 : THROTTLE.attempts;
      if (tries >= attempts || !this.canWait(wait, signal)) return this.giveUp(outcome.ms);
    }
  }

  private giveUp(ms: number): Outcome {
    this.gaveUp++;
    return { kind: 'timeout', ms, rateLimited: true, throttled: this.said };
  }

  /** An answer that was no refusal: after a second's worth of them, one request per second more. */
  private answered(): void {
    if (!Number.isFinite(this.perSecond)) return;
    this.accepted++;
    if (this.accepted < this.perSecond) return;
    this.accepted = 0;
    this.perSecond++;
  }

  /** Records a refusal: the pause every request now waits for, and (once per episode) the slower pace. */
  private refused(refusal: Throttling, tries: number, sentAt: number, timeoutMs: number): number {
    if (this.refusals === 0) this.said = refusal.said.slice(0, 160);
    this.refusals++;
    const backoff = Math.min(THROTTLE.backoffMs * 2 ** (tries - 1), Math.max(timeoutMs, THROTTLE.backoffMs));
    const asked = refusal.retryAfterMs;
    const wait = asked === undefined ? backoff : Math.max(asked, tries === 1 ? 0 : backoff / 10);
    const now = performance.now();
    const until = now + wait;
    if (until > this.resumeAt) {
      this.waitedMs += until - Math.max(this.resumeAt, now);
      this.resumeAt = until;
    }
    if (sentAt >= this.slowedAt) {
      this.slowedAt = now;
      this.accepted = 0;
      // The pace that met the limit: the requests sent in the second before the refusal came back.
      const lastSecond = this.sent.filter((at) => at > now - 1000).length;
      this.perSecond = Math.max(1, Math.floor(Math.min(this.perSecond, lastSecond) / 2));
      this.slots.halve();
    }
    return wait;
  }

  private canWait(wait: number, signal?: AbortSignal): boolean {
    if (signal?.aborted === true || this.deadline?.signal?.aborted === true) return false;
    if (this.waitedMs > this.budgetMs) return false;
    return this.deadline?.at === undefined || performance.now() + wait < this.deadline.at;
  }

  /** Resolves once no pause is on and the pace lets the next request go, or when a signal ends the wait. */
  private async ready(signal?: AbortSignal): Promise<void> {
    const signals = [signal, this.deadline?.signal];
    const stopped = () => signal?.aborted === true || this.deadline?.signal?.aborted === true;
    for (;;) {
      const now = performance.now();
      if (this.resumeAt > now) {
        await sleep(this.resumeAt - now, signals);
        if (stopped()) return;
        continue;
      }
      if (!Number.isFinite(this.perSecond)) return;
      const at = Math.max(now, this.nextAt, this.resumeAt);
      this.nextAt = at + 1000 / this.perSecond;
      if (at > now) await sleep(at - now, signals);
      // A pause that began meanwhile is waited out too, and the pace reserved again after it.
      if (stopped() || this.resumeAt <= performance.now()) return;
    }
  }
}

/** Resolves after `ms`, or as soon as one of `signals` aborts. */
export function sleep(ms: number, signals: (AbortSignal | undefined)[]): Promise<void> {
  return new Promise((resolve) => {
    const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
    const done = () => {
      clearTimeout(timer);
      for (const signal of present) signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const signal of present) signal.addEventListener('abort', done, { once: true });
  });
}
