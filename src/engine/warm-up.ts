/**
 * Order by construction: as the rules start, the valid work they will ask for anyway is sent first, through the same
 * caches, so that every rule gets those outcomes and none of them meets a server that bad input already changed (a
 * circuit breaker, a broken backend connection). Per family whose rules run: the valid calls of the tool
 * plan, the resource reads, the prompt renders. Bad input waits for this warm-up (connect/probe.ts `holdBadInput`),
 * at most one call deadline, so a slow warm-up cannot hold the rest of the run.
 */
import type { Probe } from '../connect/probe.js';
import type { ExerciseContext } from '../exercise/context.js';
import { promptRenders } from '../exercise/prompts/exercise.js';
import { familyReads } from '../exercise/resource-reads.js';
import { warmToolCalls } from '../exercise/tools.js';
import type { Family } from '../model/family.js';

type WarmUp = (context: ExerciseContext) => Promise<unknown>;

/** The valid work of each family that has any, sent before its rules (and every other rule's bad input). */
const WARM_UPS: Partial<Record<Family, WarmUp>> = {
  tools: warmToolCalls,
  resources: familyReads,
  prompts: promptRenders,
};

/**
 * Sends the valid work of `families`, each family on its own view of the probe (`view`: its lane, its deadline), and
 * holds bad input until it is done or `holdMs` has passed; resolves when the warm-up is done.
 */
export function warmUp(context: ExerciseContext, families: ReadonlySet<Family>, view: (family: Family) => Probe, holdMs: number): Promise<void> {
  const work = Promise.all(
    [...families].flatMap((family) => {
      const warm = WARM_UPS[family];
      // A failed warm-up is no verdict: the rule that needs the work asks for it again and judges what it gets.
      return warm === undefined ? [] : [warm({ ...context, probe: view(family) }).catch(() => undefined)];
    }),
  ).then(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const held = new Promise<void>((resolve) => (timer = setTimeout(resolve, holdMs)));
  context.probe.holdBadInput(Promise.race([work, held]).finally(() => clearTimeout(timer)));
  return work;
}
