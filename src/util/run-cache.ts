/**
 * Work shared between the rules of one server's run (the tool-call plan and its outcomes, the prompt matrix, the
 * drift comparison): computed by the first rule that asks, handed to the others, and dropped with the run. The
 * engine makes one per server, so nothing outlives the run it belongs to and nothing leaks between servers.
 */
export interface CacheKey<T> {
  /** For debugging only; keys are compared by identity. */
  readonly name: string;
  /** Never set: it carries the value type. */
  readonly type?: T;
}

/** A key for one kind of shared work, declared once next to the code that computes it. */
export function cacheKey<T>(name: string): CacheKey<T> {
  return { name };
}

export class RunCache {
  private readonly values = new Map<CacheKey<unknown>, unknown>();

  /** The value for `key`, built on first use; a promise is cached as is, so concurrent rules share one computation. */
  once<T>(key: CacheKey<T>, build: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = build();
    this.values.set(key, value);
    return value;
  }
}
