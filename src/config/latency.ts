/**
 * `latency:` of a server (opt-in): how many timed calls to make to which tools, and the p50/p95 budgets they must
 * meet (docs/suites.md#latency-budgets). Only tools the safe-call policy (`calls:`) allows are ever called.
 */
import { z } from 'zod';

export const LATENCY_DEFAULTS = { samples: 20, warmup: 1 } as const;

const budgetMs = (what: string) => z.number().positive().max(86_400_000).describe(what);

const budgetSchema = z
  .strictObject({
    p50_ms: budgetMs('Budget for the median, in ms.').optional(),
    p95_ms: budgetMs('Budget for the 95th percentile, in ms.').optional(),
  })
  .describe('Budgets for one tool; each one given replaces the top-level budget of the same name for this tool.');

export const latencyConfigSchema = z
  .strictObject({
    samples: z.number().int().min(1).max(1000).describe(`Timed calls per tool (default ${LATENCY_DEFAULTS.samples}).`).optional(),
    warmup: z.number().int().min(0).max(100).describe(`Untimed calls per tool before the samples (default ${LATENCY_DEFAULTS.warmup}).`).optional(),
    p50_ms: budgetMs("Budget for each tool's median, in ms.").optional(),
    p95_ms: budgetMs("Budget for each tool's 95th percentile, in ms.").optional(),
    tools: z
      .array(z.string().min(1))
      .min(1)
      .describe('Tools to time (default: every tool the safe-call policy allows). A tool the policy forbids is skipped, never called.')
      .optional(),
    per_tool: z
      .record(z.string(), budgetSchema)
      .describe('Budgets by tool name; each one given replaces the top-level budget of the same name for that tool.')
      .optional(),
    args: z
      .record(z.string(), z.record(z.string(), z.unknown()))
      .describe('Arguments by tool name (default: those of the first succeeding suite case for the tool, else generated from its inputSchema).')
      .optional(),
  })
  .superRefine((latency, context) => {
    const tools = latency.tools;
    tools?.forEach((name, index) => {
      if (tools.indexOf(name) !== index) context.addIssue({ code: 'custom', path: ['tools', index], message: `"${name}" is listed twice` });
    });
    if (tools === undefined) return;
    for (const key of ['per_tool', 'args'] as const) {
      for (const name of Object.keys(latency[key] ?? {})) {
        if (!tools.includes(name)) context.addIssue({ code: 'custom', path: [key, name], message: `"${name}" is not in latency.tools, so it is never timed` });
      }
    }
  })
  .describe('Latency budgets (opt-in): timed calls to tools the safe-call policy allows, with p50/p95 budgets (docs/suites.md).');

export type LatencyConfig = z.infer<typeof latencyConfigSchema>;
export type LatencyBudget = z.infer<typeof budgetSchema>;
