/**
 * The known-findings file (`mcpact run --known-findings FILE`): findings a team has accepted for now. A listed
 * finding does not fail the run; a listed one that no longer occurs does, as stale, so the list cannot rot. Its zod
 * schema is the source of schemas/known-findings.v1.schema.json, and of the `knownFindings` section of the report.
 */
import { z } from 'zod';
import { LOCATION_KINDS } from './location.js';

export const knownEntrySchema = z
  .strictObject({
    server: z.string().min(1).describe('The server, by its name in the config (or the name a zero-config run gave it).'),
    rule: z.string().min(1).describe('The rule id (the rule of this occurrence, for a finding that stands for several rules).'),
    location: z
      .strictObject({
        kind: z.enum(LOCATION_KINDS),
        name: z.string().optional(),
        pointer: z.string().optional().describe('JSON Pointer into the item.'),
      })
      .describe('Where the finding is, as the report says it.'),
    cause: z
      .string()
      .describe(
        "What was found: the finding's message with the item's name, numbers (timings, counts, sizes; JSON-RPC error codes stay) and quoted values set aside, cut to 200 characters. Matched exactly.",
      ),
    note: z.string().optional().describe('Yours: why the finding is accepted, a ticket. Never matched; kept when the file is updated.'),
  })
  .describe('One known finding: one occurrence of one rule at one place. Matched on server, rule, location and cause.');

export const knownFileSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Editor hint; ignored by mcpact.'),
    version: z.literal(1),
    findings: z.array(knownEntrySchema).describe('Sorted by server, rule, location and cause (`--update-known-findings` writes them so).'),
  })
  .describe('mcpact known findings (docs/ci.md#known-findings).');

export const knownSectionSchema = z
  .strictObject({
    file: z.string().describe('The known-findings file, relative to the working directory, with forward slashes.'),
    known: z.number().int().nonnegative().describe('How many findings of this report the file lists (they are marked `known` and do not fail the run).'),
    stale: z
      .array(knownEntrySchema)
      .describe(
        'Listed findings that no longer occur, although their rule ran to a verdict on their server: each fails the run (exit 1) until removed (`--update-known-findings`).',
      ),
  })
  .describe('Present when the run was given a known-findings file (--known-findings, or known_findings in the config).');

export type KnownEntry = z.infer<typeof knownEntrySchema>;
export type KnownFile = z.infer<typeof knownFileSchema>;
export type KnownSection = z.infer<typeof knownSectionSchema>;

export function knownFindingsJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(knownFileSchema, { target: 'draft-2020-12', io: 'input' }),
    $id: 'https://github.com/mcpact/mcpact/schemas/known-findings.v1.schema.json',
    title: 'mcpact known findings',
  };
}
