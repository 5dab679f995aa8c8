import { nextWake } from '../util/wake.js';

/**
 * The places among a server's requests in flight at once, which a server's refusals lower: unbounded until the
 * first refusal (HTTP 429, connect/rate-limit.ts; a JSON-RPC throttling answer, connect/throttling.ts), then half
 * of what was in use, down to one.
 */
export class Slots {
  private limit = Number.POSITIVE_INFINITY;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  /** The bound for the report: 0 while there is none. */
  get reported(): number {
    return Number.isFinite(this.limit) ? this.limit : 0;
  }

  /** Halves the bound (from what is in use, the first time), down to one request in flight. */
  halve(): void {
    this.limit = Math.max(1, Math.floor((Number.isFinite(this.limit) ? this.limit : this.active + 1) / 2));
  }

  /** Waits for a place (or for `signal` to abort); resolves with the function that frees it. */
  async take(signal?: AbortSignal): Promise<() => void> {
    while (this.active >= this.limit && signal?.aborted !== true) await nextWake(this.waiting, signal);
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      // Every waiter checks again: one woken by its abort may still sit in the list.
      for (const wake of this.waiting.splice(0)) wake();
    };
  }
}
