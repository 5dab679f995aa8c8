/**
 * The one concurrency limiter: at most `max` pieces of work at once, the rest in arrival order. A finished piece
 * hands its slot straight to the next one waiting, so waking costs O(1) however long the queue (planned calls of
 * a 10,000-tool server wait here all at once).
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Index of the next waiter: the queue is consumed from the front without Array#shift's O(n) copy. */
  private head = 0;

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`a limiter needs at least one slot, got ${max}`);
  }

  /** Pieces of work running now. */
  get running(): number {
    return this.active;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private release(): void {
    if (this.head < this.waiting.length) {
      const next = this.waiting[this.head]!;
      this.head++;
      // Drop the consumed front once it is most of the array, so the queue's memory stays bounded.
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      next();
    } else {
      this.active--;
    }
  }
}
