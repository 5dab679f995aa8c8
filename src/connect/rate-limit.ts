/**
 * HTTP 429 Too Many Requests, waited out. RFC 6585 section 4: the server refused the request because the client sent
 * too many, and "MAY include a Retry-After header indicating how long to wait before making a new request". The
 * request was not processed, so sending it again is safe, a tools/call included. A 429 is the server asking mcpact to
 * slow down, never a defect of its contract: no verdict rests on one.
 *
 * One RateLimit per server, shared by the session and every probe connection of the run, since a server limits its
 * clients as a whole. On a 429 every HTTP request to that server pauses until the wait is over, and the requests in
 * flight at once are halved (down to one): the concurrency backs off for the rest of the run. A request is sent
 * again at most RATE_LIMIT.attempts times; when its wait would pass the run deadline, or the attempts are used up,
 * it ends as rate limited (RateLimitedError), and the verdicts that needed its answer are inconclusive.
 *
 * A server may throttle in JSON-RPC instead, on any transport: `throttle` (connect/throttling.ts) waits those
 * refusals out the same way, and the summary counts them apart.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { sleep, Throttle } from './throttling.js';
import { Slots } from './slots.js';

export const RATE_LIMIT = {
  /** Times one request is sent while the server keeps answering 429. */
  attempts: 5,
  /** A Retry-After longer than this is waited this long at most, then the request goes again. */
  maxWaitMs: 60_000,
  /** The wait after a 429 without a usable Retry-After, doubled for each 429 in a row. */
  backoffMs: 1_000,
} as const;

/** A request the server still rate limited when mcpact had to stop waiting. */
export class RateLimitedError extends Error {
  constructor(readonly attempts: number) {
    super(`the server still answered HTTP 429 Too Many Requests when mcpact had to stop waiting (${attempts} attempt(s))`);
    this.name = 'RateLimitedError';
  }
}

/** What the report says of rate limiting, once per server (connect/probe.ts, engine/runner.ts). */
export interface RateLimitSummary {
  /** HTTP 429 answers received. */
  responses: number;
  /** Time spent waiting them out, summed over the pauses (they overlap no other pause). */
  waitedMs: number;
  /** Requests given up while still rate limited: the verdicts that needed them are inconclusive. */
  gaveUp: number;
  /** Requests in flight at once after the back-off. */
  concurrency: number;
  /**
   * JSON-RPC error answers whose words said the server throttles (connect/throttling.ts), each waited out and the
   * request sent again; `responses` counts HTTP 429s only. Absent when there were none.
   */
  throttled?: number;
  /** Requests sent per second after the back-off from throttling refusals. */
  perSecond?: number;
  /** The server's words in its first throttling refusal. */
  said?: string;
}

/**
 * The wait a Retry-After value asks for (RFC 9110 section 10.2.3: delay-seconds, or an HTTP-date), bounded by
 * RATE_LIMIT.maxWaitMs; undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Math.min(Number(text) * 1000, RATE_LIMIT.maxWaitMs);
  // An HTTP-date (IMF-fixdate, or the obsolete RFC 850 and asctime forms) starts with a day name and holds a time
  // of day; nothing else is handed to Date.parse, which reads "-1" or "1.5" as dates.
  if (text.length > 40 || !/^[A-Za-z]{3}/.test(text) || !/\d{2}:\d{2}:\d{2}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(at - now, 0), RATE_LIMIT.maxWaitMs);
}

export class RateLimit {
  private resumeAt = 0;
  private readonly slots = new Slots();
  private responses = 0;
  private waitedMs = 0;
  private gaveUp = 0;

  /** Refusals in JSON-RPC that say the server throttles (connect/throttling.ts): the same server, the same deadline. */
  readonly throttle: Throttle;

  /** `deadline`: the run deadline; a wait that would pass it is not started. */
  constructor(private readonly deadline?: { signal?: AbortSignal; at?: number }) {
    this.throttle = new Throttle(deadline);
  }

  /** Whether a 429 pause overlapped the time since `since` (performance.now()): a late answer is then no silence. */
  pausedSince(since: number): boolean {
    return this.responses > 0 && this.resumeAt >= since;
  }

  get summary(): RateLimitSummary | undefined {
    const throttled = this.throttle.summary;
    if (this.responses === 0 && throttled === undefined) return undefined;
    const http = {
      responses: this.responses,
      waitedMs: Math.round(this.waitedMs),
      gaveUp: this.gaveUp,
      concurrency: this.slots.reported,
    };
    if (throttled === undefined) return http;
    const concurrency = [http.concurrency, throttled.concurrency].filter((slots) => slots > 0);
    return {
      responses: http.responses,
      waitedMs: http.waitedMs + throttled.waitedMs,
      gaveUp: http.gaveUp + throttled.gaveUp,
      concurrency: concurrency.length === 0 ? 0 : Math.min(...concurrency),
      throttled: throttled.refusals,
      perSecond: throttled.perSecond,
      said: throttled.said,
    };
  }

  /**
   * Sends `send` until it is answered otherwise than 429, waiting each pause out. `status` reads the answer's
   * status and Retry-After; `discard` releases a 429's body. Throws RateLimitedError when it has to stop waiting.
   */
  async send<T>(
    send: () => Promise<T>,
    read: (answer: T) => { status?: number; retryAfter?: string | null },
    discard: (answer: T) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      // Once a request had to be given up, the limit is known not to lift soon: a request that meets a pause ends
      // at once instead of queueing behind it, so a server that keeps refusing costs the run seconds, not its deadline.
      if (this.gaveUp > 0 && this.resumeAt > performance.now()) {
        this.gaveUp++;
        throw new RateLimitedError(attempt - 1);
      }
      await this.ready(signal);
      const release = await this.slots.take(signal);
      let answer: T;
      try {
        answer = await send();
      } finally {
        release();
      }
      const { status, retryAfter } = read(answer);
      if (status !== 429) return answer;
      await discard(answer);
      const wait = this.tooMany(retryAfter, attempt);
      const attempts = this.gaveUp > 0 ? 1 : RATE_LIMIT.attempts;
      if (attempt >= attempts || !this.canWait(wait, signal)) {
        this.gaveUp++;
        throw new RateLimitedError(attempt);
      }
    }
  }

  /** A fetch that waits out 429s (for the SDK's transport and the modern one). */
  fetch(base: FetchLike): FetchLike {
    return (url, init) =>
      this.send(
        () => base(url, init),
        (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after') }),
        async (response) => {
          await response.body?.cancel().catch(() => undefined);
        },
        init?.signal ?? undefined,
      );
  }

  /** Records a 429: the pause every request now waits for, and the back-off of the requests in flight at once. */
  private tooMany(retryAfter: string | null | undefined, attempt: number): number {
    this.responses++;
    // Without a Retry-After: 1 s, doubled for each 429 in a row. With one, at least a tenth of that from the second
    // 429 in a row on: a server that says "0" and refuses again must not use up every attempt at once.
    const backoff = Math.min(RATE_LIMIT.backoffMs * 2 ** (attempt - 1), RATE_LIMIT.maxWaitMs);
    const asked = retryAfterMs(retryAfter);
    const wait = asked === undefined ? backoff : Math.max(asked, attempt === 1 ? 0 : backoff / 10);
    const now = performance.now();
    const until = now + wait;
    if (until > this.resumeAt) {
      // Only the part of this pause that no earlier pause covers is time waited.
      this.waitedMs += until - Math.max(this.resumeAt, now);
      this.resumeAt = until;
    }
    this.slots.halve();
    return wait;
  }

  private canWait(wait: number, signal?: AbortSignal): boolean {
    if (signal?.aborted === true || this.deadline?.signal?.aborted === true) return false;
    return this.deadline?.at === undefined || performance.now() + wait < this.deadline.at;
  }

  /** Resolves once no pause is on (at once when none is), or when `signal` or the run deadline ends the wait. */
  private async ready(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const left = this.resumeAt - performance.now();
      if (left <= 0) return;
      await sleep(left, [signal, this.deadline?.signal]);
      if (signal?.aborted === true || this.deadline?.signal?.aborted === true) return;
    }
  }
}
