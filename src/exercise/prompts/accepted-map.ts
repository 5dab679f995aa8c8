/**
 * The search for an argument map a server accepts for one prompt, shared by the prompt matrix (which needs one
 * before any invalid case means something) and by drift (which records it at baseline and replays it later).
 */
import type { Outcome } from '../../connect/rpc.js';
import { asRecord, nameRecord, ownValue } from '../../util/json.js';
import { candidates } from './candidates.js';
import type { DeclaredPrompt } from './declared.js';
import type { ArgumentMap } from './matrix.js';

/** Attempts at finding an accepted argument map before the prompt is given up. */
export const MAX_MAP_ATTEMPTS = 8;

/** Candidate values per declared argument, best first; `listedUris`: the server's own resource URIs, for URI arguments. */
export function candidateLists(
  prompt: DeclaredPrompt,
  examples: Record<string, string>,
  completions: ReadonlyMap<string, Outcome>,
  listedUris: readonly string[] = [],
): string[][] {
  return prompt.arguments.map((argument) =>
    candidates(argument.name, argument.description, ownValue(examples, argument.name), completionValues(completions.get(argument.name)), listedUris),
  );
}

/**
 * Tries maps until one renders: after a rejection, the argument the error message names (or else the next one in
 * turn) moves to its next candidate. `attempt` sends the map and says whether the server rendered it.
 */
export async function searchArgumentMap(
  prompt: DeclaredPrompt,
  lists: string[][],
  attempt: (map: ArgumentMap) => Promise<Outcome>,
): Promise<{ map?: ArgumentMap; last?: Outcome }> {
  const positions = lists.map(() => 0);
  let last: Outcome | undefined;
  for (let round = 0; round < MAX_MAP_ATTEMPTS; round++) {
    const map = nameRecord(prompt.arguments.map((argument, index) => [argument.name, lists[index]![positions[index]!]!]));
    last = await attempt(map);
    if (last.kind === 'result') return { map, last };
    if (last.kind !== 'error' || !advance(prompt, lists, positions, last.message, round)) break;
  }
  return { last };
}

function advance(prompt: DeclaredPrompt, lists: string[][], positions: number[], message: unknown, round: number): boolean {
  const text = typeof message === 'string' ? message : '';
  const canMove = (index: number) => positions[index]! + 1 < lists[index]!.length;
  const named = prompt.arguments.findIndex((argument, index) => canMove(index) && text.includes(argument.name));
  const count = prompt.arguments.length;
  const index = named !== -1 ? named : [...Array(count).keys()].map((offset) => (round + offset) % count).find(canMove);
  if (index === undefined || index === -1) return false;
  positions[index]!++;
  return true;
}

export function completionValues(outcome: Outcome | undefined): string[] {
  if (outcome?.kind !== 'result') return [];
  const values = asRecord(asRecord(outcome.result)?.completion)?.values;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : [];
}

/** Asks completion/complete for each argument (empty prefix), when the server declares completions. */
export async function askCompletions(
  prompt: DeclaredPrompt,
  declared: boolean,
  request: (method: string, params: unknown) => Promise<Outcome>,
): Promise<Map<string, Outcome>> {
  const completions = new Map<string, Outcome>();
  if (!declared) return completions;
  for (const argument of prompt.arguments) {
    completions.set(
      argument.name,
      await request('completion/complete', { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: argument.name, value: '' } }),
    );
  }
  return completions;
}

export function describeRejection(outcome: Outcome | undefined): string {
  switch (outcome?.kind) {
    case undefined:
      return 'no attempt was made';
    case 'error':
      return `last answer: JSON-RPC error ${String(outcome.code)}`;
    case 'timeout':
      return 'the server did not answer in time';
    case 'closed':
      return 'the connection closed';
    case 'malformed':
      return 'the answer was neither a result nor an error';
    case 'result':
      return 'the result was not usable';
  }
}
