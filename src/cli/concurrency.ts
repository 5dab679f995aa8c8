/** How many servers of a config run side by side by default (`--concurrency` on run): one per CPU core, at least two. */
import { availableParallelism } from 'node:os';

export function defaultServerConcurrency(): number {
  // Most of a server's time is spent waiting on it, so even one core keeps two busy.
  return Math.max(2, availableParallelism());
}
