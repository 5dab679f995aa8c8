/**
 * `calls:` options of a server: which of its tools mcpact may call (the safe-call policy, docs/tools.md).
 * By default only tools annotated read-only are called with valid input; these keys widen or narrow that.
 */
import { z } from 'zod';

const toolNames = (what: string) => z.array(z.string().min(1)).describe(what);

export const callsConfigSchema = z
  .strictObject({
    allow: toolNames('Tools that may also be called with valid input, although not annotated readOnlyHint: true.').optional(),
    deny: toolNames('Tools never called at all, not even with invalid input. Wins over allow and all.').optional(),
    all: z.boolean().describe('true: every tool may be called with valid and invalid input (deny still wins).').optional(),
    max_tools: z
      .number()
      .int()
      .min(1)
      .describe('Tools exercised at most (default 500): a server with more gets an evenly spread sample, and the rules say how many were left out.')
      .optional(),
  })
  .describe('Safe-call policy: which tools mcpact calls with generated inputs (see docs/tools.md).');

export type CallsConfig = z.infer<typeof callsConfigSchema>;
