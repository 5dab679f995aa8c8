/**
 * What the rules of the modern era share. A requirement of the modern era only is ABSENT in every legacy revision
 * (model/spec.ts `ModernSpecTexts`), so the engine does not run it on a legacy session (engine/rule.ts `appliesInEra`).
 */
import { ABSENT, type ModernSpecTexts, type SpecText } from '../../model/spec.js';
import type { ExerciseContext } from '../../exercise/context.js';
import { listedResources, sharedRead } from '../../exercise/resources.js';

/** Every legacy revision lacks the requirement; 2026-07-28 has this text. */
export function modernOnly(text: SpecText): ModernSpecTexts {
  return { '2025-11-25': ABSENT, '2025-06-18': ABSENT, '2025-03-26': ABSENT, '2024-11-05': ABSENT, '2026-07-28': text };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The result of `resources/read` of the first listed resource, as the resources rules read it (the read is shared,
 * so judging it costs no request of its own when they run); undefined when nothing is listed or no result came.
 */
export async function firstReadResult(
  context: Pick<ExerciseContext, 'surface' | 'probe' | 'cache' | 'settings'>,
): Promise<Record<string, unknown> | undefined> {
  const first = listedResources(context.surface)[0];
  if (first === undefined) return undefined;
  const read = await sharedRead(context, first.uri);
  return read.outcome.kind === 'result' && isObject(read.outcome.result) ? read.outcome.result : undefined;
}
