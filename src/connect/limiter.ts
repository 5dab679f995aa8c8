/**
 * The one concurrency limiter: at most `max` pieces of work at once, the rest waiting. Work waits in lanes (the
 * probe gives each rule family one), and a freed slot goes to the lanes in turn, first come first served within a
 * lane: 500 slow tool calls queued at once cannot keep one ping of another family waiting behind all of them. With
 * one lane it is plain arrival order. A finished piece hands its slot straight to the next one waiting, so waking
 * costs O(1) however long the queue (planned calls of a 10,000-tool server wait here all at once).
 */
export class Limiter {
  private active = 0;
  /** The lanes with work waiting, in turn order: the next slot goes to the first, which then moves to the back. */
  private readonly lanes = new Map<string, Queue>();

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`a limiter needs at least one slot, got ${max}`);
  }

  /** Pieces of work running now. */
  get running(): number {
    return this.active;
  }

  /** Pieces of work of `lane` waiting for a slot. */
  waiting(lane = ''): number {
    return this.lanes.get(lane)?.size ?? 0;
  }

  async run<T>(work: () => Promise<T>, lane = ''): Promise<T> {
    if (this.active < this.max) this.active++;
    else await new Promise<void>((resolve) => this.enqueue(lane, resolve));
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private enqueue(lane: string, wake: () => void): void {
    let queue = this.lanes.get(lane);
    if (queue === undefined) {
      queue = new Queue();
      this.lanes.set(lane, queue);
    }
    queue.push(wake);
  }

  private release(): void {
    const next = this.lanes.entries().next();
    if (next.done === true) {
      this.active--;
      return;
    }
    const [lane, queue] = next.value;
    const wake = queue.shift();
    // The lane had its turn: to the back of the line, or out of it when nothing of it waits any more.
    this.lanes.delete(lane);
    if (queue.size > 0) this.lanes.set(lane, queue);
    wake();
  }
}

/** A FIFO consumed from the front without Array#shift's O(n) copy. */
class Queue {
  private readonly items: (() => void)[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: () => void): void {
    this.items.push(item);
  }

  /** The front item; only called on a queue that is not empty. */
  shift(): () => void {
    const item = this.items[this.head]!;
    this.head++;
    // Drop the consumed front once it is most of the array, so the queue's memory stays bounded.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
    return item;
  }
}
