/**
 * A wait in line: resolves when someone calls the wake-up pushed onto `line` (each waiter then checks its condition
 * again), or when `signal` aborts, whichever comes first. Used where requests wait for a place or a turn.
 */
export function nextWake(line: (() => void)[], signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const wake = () => {
      signal?.removeEventListener('abort', wake);
      resolve();
    };
    line.push(wake);
    signal?.addEventListener('abort', wake, { once: true });
  });
}
