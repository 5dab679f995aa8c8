/**
 * The RunReport: plain data every reporter is a function of. Its zod schema is the source of
 * schemas/report.v1.schema.json (kept current by a test), so the JSON reporter's output is documented exactly.
 */
import { z } from 'zod';
import { FAMILIES, LOCATION_KINDS } from '../engine/rule.js';
import { SEVERITIES } from '../engine/severity.js';
import { KNOWN_REVISIONS } from '../spec/revisions.js';

export const RULE_STATUSES = ['pass', 'fail', 'skip', 'error'] as const;

const specSchema = z.strictObject({
  revision: z.enum(KNOWN_REVISIONS).describe('Specification revision the verdict rests on.'),
  level: z.enum(['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'SCHEMA', 'BEST PRACTICE']),
  section: z.string().describe('Page and anchor under specification/<revision>/.'),
  checklist: z.string().optional().describe('Id in the server checklist (docs/conformance.md).'),
  url: z.string(),
});

export const findingSchema = z.strictObject({
  ruleId: z.string(),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  location: z.strictObject({
    kind: z.enum(LOCATION_KINDS),
    name: z.string().optional(),
    pointer: z.string().optional().describe('JSON Pointer into the item.'),
  }),
  spec: specSchema.optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const ruleResultSchema = z.strictObject({
  id: z.string(),
  family: z.enum(FAMILIES),
  status: z.enum(RULE_STATUSES),
  severity: z.enum(SEVERITIES),
  durationMs: z.number().int().nonnegative(),
  reason: z.string().optional().describe('Why the rule was skipped or errored.'),
});

export const serverReportSchema = z.strictObject({
  name: z.string(),
  transport: z.enum(['stdio', 'http', 'memory']),
  serverInfo: z.record(z.string(), z.unknown()).nullable(),
  protocolVersion: z.string().nullable().describe('The negotiated protocol version, null when none was agreed.'),
  complete: z.boolean().describe('False when the server could not be tested fully (connection failure, deadline).'),
  error: z.string().optional().describe('Why testing stopped early, when it did.'),
  rules: z.array(ruleResultSchema),
  findings: z.array(findingSchema),
});

const countsSchema = <const T extends readonly [string, ...string[]]>(keys: T) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, z.number().int().nonnegative()])) as Record<T[number], z.ZodNumber>);

export const runReportSchema = z.strictObject({
  schemaVersion: z.literal(1),
  tool: z.strictObject({ name: z.literal('mcpact'), version: z.string() }),
  complete: z.boolean(),
  durationMs: z.number().int().nonnegative(),
  failOn: z.enum(SEVERITIES).describe('Lowest severity that fails the run.'),
  servers: z.array(serverReportSchema),
  summary: z.strictObject({
    servers: z.number().int().nonnegative(),
    rules: countsSchema(RULE_STATUSES),
    findings: countsSchema(SEVERITIES),
  }),
});

export type Finding = z.infer<typeof findingSchema>;
export type RuleResult = z.infer<typeof ruleResultSchema>;
export type ServerReport = z.infer<typeof serverReportSchema>;
export type RunReport = z.infer<typeof runReportSchema>;
export type RuleStatus = (typeof RULE_STATUSES)[number];

export function reportJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(runReportSchema, { target: 'draft-2020-12' }),
    $id: 'https://github.com/mcpact/mcpact/schemas/report.v1.schema.json',
    title: 'mcpact JSON report',
  };
}
