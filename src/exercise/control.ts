/**
 * The control request of a run (connect/health.ts): asked again after each burst of bad input to tell whether the
 * server still serves what it served at capture. It must have answered well at capture and change nothing: the
 * first page of a declared list (tools, prompts or resources; templates have no sentence of their own that a
 * server must serve them), the shortest one, so that asking it often costs little.
 */
import type { Control } from '../connect/health.js';
import { LISTS, type Surface } from '../surface/types.js';

/** The control for this Surface; none when the capture read no such list (then nothing can be compared). */
export function controlRequest(surface: Surface): Control | undefined {
  const served = LISTS.filter((spec) => spec.kind !== 'resourceTemplates')
    .map((spec) => surface.lists[spec.kind])
    .filter((list) => list.status === 'ok' && list.problems.length === 0);
  const shortest = served.reduce<(typeof served)[number] | undefined>(
    (best, list) => (best === undefined || list.items.length < best.items.length ? list : best),
    undefined,
  );
  return shortest === undefined ? undefined : { method: shortest.spec.method, params: {}, captured: { kind: 'result' } };
}
