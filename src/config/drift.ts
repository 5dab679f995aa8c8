/**
 * `drift:` options of a server: where its lockfile is, which changes fail the build, re-levelled change ids, and
 * whether wording (descriptions, titles, instructions) is part of the contract. See docs/drift.md.
 */
import { z } from 'zod';
import { CHANGE_IDS, LEVELS, type ChangeId } from '../drift/changes.js';

const level = z.enum(LEVELS);

export const driftConfigSchema = z
  .strictObject({
    baseline: z
      .string()
      .min(1)
      .describe('The lockfile, relative to the config file (mcpact baseline writes it). When set, `mcpact run` also diffs against it.')
      .optional(),
    fail_on: z
      .array(z.enum([...LEVELS, ...CHANGE_IDS]))
      .describe('Levels and/or change ids whose changes fail the build (severity error). Default: [breaking, risky].')
      .optional(),
    // A strict object rather than a record: an unknown id is then an unknown key, reported with a did-you-mean.
    // (Object.fromEntries cannot keep the key type, hence the cast.)
    levels: z
      .strictObject(Object.fromEntries(CHANGE_IDS.map((id) => [id, level.optional()])) as Record<ChangeId, z.ZodOptional<typeof level>>)
      .describe('Re-level change ids: `<change id>: breaking | risky | compatible`.')
      .optional(),
    descriptions: z
      .enum(['compare', 'ignore'])
      .describe('compare (default): wording is contract; ignore: description, title and instruction changes are not reported.')
      .optional(),
  })
  .describe('Contract drift against a committed lockfile (docs/drift.md).');

export type DriftConfig = z.infer<typeof driftConfigSchema>;
