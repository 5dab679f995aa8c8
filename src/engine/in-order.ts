/**
 * Servers run side by side, but a streaming reporter must hear them one after another, in config order, as if they
 * had run in turn: the console prints one server's families under its heading. `inOrder` gives each server its own
 * hooks; the events of a server that is not first in line are held until every server before it has finished, then
 * replayed in the order they happened.
 */
import { nameRecord } from '../util/json.js';

type Event = () => void;

export interface OrderedHooks<H> {
  /** The hooks server `index` (config order) calls. */
  forServer(index: number): H;
  /** Server `index` has finished: the next servers' held events are replayed. */
  done(index: number): void;
}

/** `hooks` is an object of optional callbacks (ReportHooks and the runner's own): each is held or passed on alike. */
export function inOrder<H extends object>(hooks: H, count: number): OrderedHooks<H> {
  const held: Event[][] = Array.from({ length: count }, () => []);
  const finished = new Array<boolean>(count).fill(false);
  let current = 0;
  return {
    forServer(index) {
      const own = nameRecord<unknown>();
      for (const [name, hook] of Object.entries(hooks)) {
        if (typeof hook !== 'function') continue;
        own[name] = (...args: unknown[]) => {
          const event = () => (hook as (...values: unknown[]) => void).apply(hooks, args);
          if (index === current) event();
          else held[index]!.push(event);
        };
      }
      return own as H;
    },
    done(index) {
      finished[index] = true;
      while (current < count && finished[current]) {
        current++;
        if (current < count) for (const event of held[current]!.splice(0)) event();
      }
    },
  };
}
