/**
 * `suites:` of a server: behavioural cases the user writes for its tools, prompts and resources, each with the
 * arguments to send and what must come back (docs/suites.md). Everything that can be checked without the server
 * is checked here, with the position of the offending key: one target per suite, unique case names, anchors that
 * fit the target's kind, prompt arguments as strings, resource arguments that fill the URI template's variables,
 * valid regular expressions and JSONPath syntax.
 */
import { z } from 'zod';
import { jsonPathProblem } from '../util/jsonpath-syntax.js';
import { parseUriTemplate } from '../util/uri-template.js';
import { templateVariables } from '../util/uri-expand.js';
import { regex } from './prompts.js';

export const SUITE_KINDS = ['tool', 'prompt', 'resource'] as const;
export type SuiteKind = (typeof SUITE_KINDS)[number];

/** The jsonpath checks; each assertion has exactly one. */
export const JSONPATH_CHECKS = ['equals', 'matches', 'exists', 'count'] as const;

const jsonPath = z
  .string()
  .superRefine((path, context) => {
    const problem = jsonPathProblem(path);
    if (problem !== undefined) context.addIssue({ code: 'custom', message: `not a valid JSONPath: ${problem}` });
  })
  .describe('A JSONPath (jsonpath-plus syntax) into the result, e.g. $.content[0].text or $.structuredContent.sum.');

const jsonPathAssertion = z
  .strictObject({
    path: jsonPath,
    equals: z.unknown().describe('Every value the path selects equals this JSON value (deep equality).').optional(),
    matches: regex.describe('Every value the path selects matches this regular expression (non-strings as their JSON text).').optional(),
    exists: z.boolean().describe('true: the path selects at least one value; false: it selects none.').optional(),
    count: z.number().int().nonnegative().describe('The path selects exactly this many values.').optional(),
  })
  .superRefine((assertion, context) => {
    const given = JSONPATH_CHECKS.filter((key) => key in assertion);
    if (given.length !== 1) {
      context.addIssue({ code: 'custom', message: `give exactly one of ${JSONPATH_CHECKS.join(', ')}${given.length > 1 ? ` (got ${given.join(', ')})` : ''}` });
    }
  })
  .describe('One assertion on the values a JSONPath selects.');

const messagesSchema = z
  .strictObject({
    roles: z
      .array(z.enum(['user', 'assistant']))
      .describe('The exact sequence of message roles.')
      .optional(),
    match: z.array(regex).describe('Regular expressions that must match the rendered text.').optional(),
    not_match: z.array(regex).describe('Regular expressions that must not match the rendered text.').optional(),
  })
  .describe('Prompt cases only: anchors on the rendered messages, as in prompts.<name>.expect.');

const expectSchema = z
  .strictObject({
    is_error: z.boolean().describe('Tool cases only: the result has isError: true (true) or not (false).').optional(),
    error_code: z.number().int().describe('The request fails with this JSON-RPC error code (e.g. -32602); jsonpath then reads the error object.').optional(),
    jsonpath: z.array(jsonPathAssertion).min(1).describe('Assertions on the result (or on the error, with error_code).').optional(),
    output_matches_schema: z.boolean().describe("Tool cases only: structuredContent conforms to the tool's outputSchema.").optional(),
    golden: z.string().min(1).describe('File (relative to the config) holding the expected result; --update-golden writes it.').optional(),
    normalize: z
      .array(z.strictObject({ pattern: regex, replace: z.string() }))
      .describe('Replacements (regex pattern -> text) applied to the result text before the golden comparison.')
      .optional(),
    messages: messagesSchema.optional(),
  })
  .superRefine((expect, context) => {
    if (expect.error_code !== undefined) {
      for (const key of ['is_error', 'output_matches_schema', 'golden', 'messages'] as const) {
        if (expect[key] !== undefined) context.addIssue({ code: 'custom', path: [key], message: `${key} needs a result, but error_code expects an error` });
      }
    }
    if (expect.normalize !== undefined && expect.golden === undefined) {
      context.addIssue({ code: 'custom', path: ['normalize'], message: 'normalize applies to the golden comparison: add golden' });
    }
  })
  .describe('What must come back. Without error_code, the request must succeed (answer with a result).');

const caseSchema = z
  .strictObject({
    name: z.string().min(1).describe('Names the case in reports (unique within its suite).'),
    args: z
      .record(z.string(), z.unknown())
      .describe('Tool: the arguments object. Prompt: argument values (strings). Resource: values for the URI template variables.')
      .optional(),
    expect: expectSchema.optional(),
  })
  .describe('One request and its expectations.');

export const suiteSchema = z
  .strictObject({
    tool: z.string().min(1).describe('The tool to call (tools/call).').optional(),
    prompt: z.string().min(1).describe('The prompt to get (prompts/get).').optional(),
    resource: z.string().min(1).describe('The resource URI to read (resources/read); may be a URI template filled from args.').optional(),
    cases: z.array(caseSchema).min(1),
  })
  .superRefine((suite, context) => {
    const kinds = SUITE_KINDS.filter((kind) => suite[kind] !== undefined);
    if (kinds.length !== 1) {
      context.addIssue({ code: 'custom', message: `give exactly one of tool, prompt, resource${kinds.length > 1 ? ` (got ${kinds.join(', ')})` : ''}` });
      return;
    }
    const kind = kinds[0]!;
    const seen = new Set<string>();
    suite.cases.forEach((entry, index) => {
      const at = (...path: (string | number)[]) => ['cases', index, ...path];
      if (seen.has(entry.name)) context.addIssue({ code: 'custom', path: at('name'), message: `duplicate case name "${entry.name}" in this suite` });
      seen.add(entry.name);
      const expect = entry.expect ?? {};
      if (kind !== 'tool') {
        for (const key of ['is_error', 'output_matches_schema'] as const) {
          if (expect[key] !== undefined) context.addIssue({ code: 'custom', path: at('expect', key), message: `${key} applies to tool cases only` });
        }
      }
      if (kind !== 'prompt' && expect.messages !== undefined) {
        context.addIssue({ code: 'custom', path: at('expect', 'messages'), message: 'messages applies to prompt cases only (use jsonpath)' });
      }
      if (kind === 'prompt') {
        for (const [key, value] of Object.entries(entry.args ?? {})) {
          if (typeof value !== 'string') context.addIssue({ code: 'custom', path: at('args', key), message: 'prompt arguments are strings (quote the value)' });
        }
      }
      if (kind === 'resource' && entry.args !== undefined) checkTemplateArgs(suite.resource!, entry.args, at, context);
    });
    if (kind === 'resource' && suite.cases.every((entry) => entry.args === undefined)) {
      const parsed = parseUriTemplate(suite.resource!);
      if (!parsed.ok) context.addIssue({ code: 'custom', path: ['resource'], message: `not a valid URI template: ${parsed.message}` });
    }
  })
  .describe('Cases for one tool, prompt or resource: exactly one of tool, prompt, resource, and cases.');

function checkTemplateArgs(
  resource: string,
  args: Record<string, unknown>,
  at: (...path: (string | number)[]) => (string | number)[],
  context: z.RefinementCtx,
): void {
  const parsed = parseUriTemplate(resource);
  if (!parsed.ok) {
    context.addIssue({ code: 'custom', path: ['resource'], message: `not a valid URI template (column ${parsed.column}): ${parsed.message}` });
    return;
  }
  const variables = templateVariables(parsed.parts);
  if (variables.length === 0) {
    context.addIssue({
      code: 'custom',
      path: at('args'),
      message: 'args of a resource case fill the variables of its URI template, but the resource has none',
    });
    return;
  }
  for (const [key, value] of Object.entries(args)) {
    if (!variables.includes(key))
      context.addIssue({ code: 'custom', path: at('args', key), message: `the URI template has no variable "${key}" (it has ${variables.join(', ')})` });
    else if (typeof value !== 'string' && typeof value !== 'number')
      context.addIssue({ code: 'custom', path: at('args', key), message: 'a URI template value is a string or a number' });
  }
}

export const suitesConfigSchema = z.array(suiteSchema).describe('Behavioural suites: cases for tools, prompts and resources (docs/suites.md).');

export type SuiteConfig = z.infer<typeof suiteSchema>;
export type SuiteCase = z.infer<typeof caseSchema>;
export type CaseExpect = z.infer<typeof expectSchema>;
export type JsonPathAssertion = z.infer<typeof jsonPathAssertion>;

/** The suite's target: its kind and the tool name, prompt name or resource URI (template). */
export function suiteTarget(suite: SuiteConfig): { kind: SuiteKind; name: string } {
  const kind = SUITE_KINDS.find((candidate) => suite[candidate] !== undefined) ?? 'tool';
  return { kind, name: suite[kind] ?? '' };
}

/**
 * String values of suite case arguments and of latency.args: user data, kept out of every report and trace unless
 * --show-values (as prompt example values are).
 */
export function argumentValues(settings: { suites?: readonly SuiteConfig[]; latency?: { args?: Record<string, Record<string, unknown>> } }): string[] {
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(strings)
        : typeof value === 'object' && value !== null
          ? Object.values(value).flatMap(strings)
          : [];
  return [...(settings.suites ?? []).flatMap((suite) => suite.cases.flatMap((entry) => strings(entry.args))), ...strings(settings.latency?.args)];
}
