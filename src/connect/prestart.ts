/**
 * Servers started ahead of their sessions. A stdio server takes a few hundred milliseconds to start, and mcpact
 * takes about as long to load its rules and reporters; `mcpact run` starts the first servers as soon as the config
 * is read, so the two overlap. The session for the same target adopts the child (connect/stdio.ts `launch`), and
 * what the server wrote meanwhile waits in its pipes. A child no session adopts is killed by `discardPrestarted`,
 * or by the exit hook if mcpact dies first.
 */
import { childEnvironment } from './child-env.js';
import { discard, launch, type Launched } from './stdio.js';

/** A stdio server as a session target names it (connect/session.ts SessionTarget). */
interface StdioTarget {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

const waiting = new Map<string, Launched[]>();

/** Two targets are the same server when they would spawn the same process: command, args, cwd and env. */
function keyOf(target: StdioTarget): string {
  const env = Object.entries(target.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([target.command, target.args, target.cwd ?? null, env]);
}

/** Spawns the server of `target` now; the next session for it adopts the child. */
export function prestart(target: StdioTarget): Launched {
  const key = keyOf(target);
  const launched = launch({ command: target.command, args: target.args, env: childEnvironment(target.env), cwd: target.cwd });
  waiting.set(key, [...(waiting.get(key) ?? []), launched]);
  return launched;
}

/** The child started for `target`, if one waits (each is adopted once). */
export function takePrestarted(target: StdioTarget): Launched | undefined {
  const key = keyOf(target);
  const queue = waiting.get(key);
  const launched = queue?.shift();
  if (queue?.length === 0) waiting.delete(key);
  return launched;
}

/**
 * Kills the children of `started` still waiting (the run ended before reaching its server, or failed before it
 * started), or every waiting child without it. A run names its own: two runs of the library may share a process,
 * and the one that ends first must not kill a server the other has yet to adopt.
 */
export async function discardPrestarted(started?: readonly Launched[]): Promise<void> {
  const mine = started && new Set(started);
  const ours = (launched: Launched) => mine === undefined || mine.has(launched);
  const dropped: Launched[] = [];
  for (const [key, queue] of waiting) {
    dropped.push(...queue.filter(ours));
    const kept = queue.filter((launched) => !ours(launched));
    if (kept.length > 0) waiting.set(key, kept);
    else waiting.delete(key);
  }
  await Promise.all(dropped.map(discard));
}
