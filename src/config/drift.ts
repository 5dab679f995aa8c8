/**
 * `drift:` options of a server: where its lockfile is, which changes fail the build, re-levelled change ids,
 * whether wording (descriptions, titles, instructions) is part of the contract, and whether the output shapes of
 * tools without an outputSchema are observed. See docs/drift.md.
 */
import { z } from 'zod';
import { CHANGE_IDS, currentChangeId, LEVELS, RENAMED_CHANGE_IDS, type ChangeId, type Level } from '../model/changes.js';

const level = z.enum(LEVELS);
/** Old names of renamed ids: still accepted, meaning the new id (model/changes.ts). */
const RENAMED = Object.keys(RENAMED_CHANGE_IDS);

/** Calls per tool when observing output shapes: a few, so the shape is not one sample's accident. */
export const DEFAULT_OUTPUT_SAMPLES = 3;
export const MAX_OUTPUT_SAMPLES = 10;

export const driftConfigSchema = z
  .strictObject({
    baseline: z
      .string()
      .min(1)
      .describe('The lockfile, relative to the config file (mcpact baseline writes it). When set, `mcpact run` also diffs against it.')
      .optional(),
    fail_on: z
      .array(z.enum([...LEVELS, ...CHANGE_IDS, ...RENAMED] as [string, ...string[]]))
      .describe('Levels and/or change ids whose changes fail the build (severity error). Default: [breaking, risky].')
      .meta({ default: ['breaking', 'risky'] })
      .transform((items) => items.map(currentChangeId) as (Level | ChangeId)[])
      .optional(),
    // A strict object rather than a record: an unknown id is then an unknown key, reported with a did-you-mean.
    // (Object.fromEntries cannot keep the key type, hence the cast.)
    levels: z
      .strictObject(Object.fromEntries([...CHANGE_IDS, ...RENAMED].map((id) => [id, level.optional()])) as Record<ChangeId, z.ZodOptional<typeof level>>)
      .describe('Re-level change ids: `<change id>: breaking | risky | compatible`.')
      .transform(renamedToCurrent)
      .optional(),
    descriptions: z
      .enum(['compare', 'ignore'])
      .describe('compare (default): wording is contract; ignore: description, title and instruction changes are not reported.')
      .meta({ default: 'compare' })
      .optional(),
    output_shapes: z
      .boolean()
      .describe(
        'Opt-in: for tools without an outputSchema that the safe-call policy allows, baseline records the structure of their results (never values) and diff compares it (docs/drift.md).',
      )
      .optional(),
    resource_contents: z
      .boolean()
      .describe(
        'Opt-in: baseline pins a SHA-256 of the contents of each listed resource (up to resources.max_reads) and of the UI resource each tool links (_meta.ui.resourceUri); diff reads them again and reports resource-content-changed and tool-ui-resource-changed (docs/drift.md).',
      )
      .optional(),
    output_samples: z
      .number()
      .int()
      .min(1)
      .max(MAX_OUTPUT_SAMPLES)
      .describe(`Calls per tool when recording output shapes (default ${DEFAULT_OUTPUT_SAMPLES}); diff repeats the number the lockfile recorded.`)
      .meta({ default: DEFAULT_OUTPUT_SAMPLES })
      .optional(),
  })
  .superRefine((drift, context) => {
    // An option that would be accepted and then ignored is refused instead.
    if (drift.output_samples !== undefined && drift.output_shapes !== true) {
      context.addIssue({ code: 'custom', path: ['output_samples'], message: 'has no effect without output_shapes: true' });
    }
  })
  .describe('Contract drift against a committed lockfile (docs/drift.md).');

export type DriftConfig = z.infer<typeof driftConfigSchema>;

/** `drift.levels` with a renamed id under its new name (the new name wins when both are given). */
function renamedToCurrent(levels: Partial<Record<ChangeId, Level>>): Partial<Record<ChangeId, Level>> {
  const current: Partial<Record<ChangeId, Level>> = {};
  for (const [id, value] of Object.entries(levels) as [string, Level | undefined][]) {
    if (value === undefined) continue;
    const name = currentChangeId(id) as ChangeId;
    if (name === id || current[name] === undefined) current[name] = value;
  }
  return current;
}
