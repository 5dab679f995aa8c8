/**
 * The RunReport: plain data every reporter is a function of. Its zod schema is the source of
 * schemas/report.v1.schema.json (kept current by a test), so the JSON reporter's output is documented exactly.
 */
import { z } from 'zod';
import { LOCATION_KINDS } from './location.js';
import { FAMILIES } from './family.js';
import { SEVERITIES } from './severity.js';
import { ANSWER_CLASSES } from './answer.js';
import { knownSectionSchema } from './known-findings.js';
import { TRANSPORTS } from './transport.js';
import { BASES, ERAS, FALLBACKS, KEYWORDS, PARTIES, QUOTED_REVISIONS, REQUIREMENT_LEVELS } from './spec.js';

/**
 * pass: judged, nothing found. fail: findings. skip: not applicable (or turned off). error: the rule crashed or
 * ran out of time (the run is incomplete). inconclusive: the rule ran but could not reach a verdict (no answer to
 * two tries, a list the server could not deliver); never a pass, never a finding.
 */
export const RULE_STATUSES = ['pass', 'fail', 'skip', 'error', 'inconclusive'] as const;

/**
 * The parts of this model that are mcpact's own words, never a server's or the user's: rule ids, the quoted
 * specification, the signature table's entries, mcpact's name and version. Redaction (report/redact-report.ts)
 * leaves them as they are, as it leaves every key, enum and literal of the model: a secret that happens to be such a
 * word must not change what the report says of itself, only the values a server or the user supplied.
 */
export const OWN_WORDS = new WeakSet<z.core.$ZodType>();

function own<T extends z.core.$ZodType>(schema: T): T {
  OWN_WORDS.add(schema);
  return schema;
}

const specSchema = z.strictObject({
  basis: z
    .enum(BASES)
    .describe(
      "What the verdict rests on. spec: the quoted sentence says what was checked. policy: mcpact's own expectation (`policy`), which no quoted sentence states; `quote` is context, not the basis, and the finding is a warning at most by default. config: the config's own expectation.",
    ),
  policy: z.string().optional().describe("With basis policy: mcpact's expectation in words."),
  lenient: z
    .literal(true)
    .optional()
    .describe(
      'With basis policy: the server accepted what the policy would refuse (an undeclared argument, a blank value), which the specification permits; the finding is info by default.',
    ),
  revision: z
    .enum(QUOTED_REVISIONS)
    .describe('Specification revision the verdict rests on: the one the server negotiated, or the target revision when `fallback` is set.'),
  extension: z
    .string()
    .optional()
    .describe(
      'Set when the quote is from the specification of an MCP extension (its id and revision, e.g. io.modelcontextprotocol/ui 2026-01-26), which applies at whatever revision was negotiated; `section` is then an anchor of that document.',
    ),
  level: z
    .enum(REQUIREMENT_LEVELS)
    .describe(
      "What the quoted text requires of the server: its keyword, BEST PRACTICE when it states no level, POLICY when the verdict is mcpact's own (the text does not say it, or binds only the client), CONFIG for the config's own expectations.",
    ),
  section: z.string().describe('Page and anchor under specification/<revision>/.'),
  checklist: z.string().optional().describe('Id in the server checklist (docs/conformance.md).'),
  keyword: z.enum(KEYWORDS).optional().describe('Keyword of the quoted sentence (SCHEMA: a type of schema.ts; none: the text states no level).'),
  binds: z.enum(PARTIES).optional().describe('Whom the quoted sentence binds, as the text puts it.'),
  quote: z
    .string()
    .optional()
    .describe('The sentence the verdict rests on, verbatim from the revision (" … " marks words left out); with basis policy, the context of the policy.'),
  fallback: z
    .enum(FALLBACKS)
    .optional()
    .describe('Why the target revision is cited: the server negotiated no revision mcpact knows, or the negotiated revision has no such requirement.'),
  url: z.string(),
});
own(specSchema);

const locationSchema = z.strictObject({
  kind: z.enum(LOCATION_KINDS),
  name: z.string().optional(),
  pointer: z.string().optional().describe('JSON Pointer into the item.'),
});

export const inheritedSchema = z
  .strictObject({
    sdk: z.string().describe('The SDK or framework the behaviour comes from, and its API where that matters: "@modelcontextprotocol/sdk McpServer".'),
    versions: z.string().describe('The versions known to behave exactly so (an npm semver range, or the framework major).'),
    signature: z.string().describe('Id of the row of the signature table (docs/rules.md#inherited-behaviour) that matched.'),
    reference: z.string().optional().describe('An upstream issue, pull request or source file that shows the behaviour.'),
  })
  .describe(
    'Set when the finding is behaviour of the SDK the server is built on, recognised from its own answers: the severity is then the `inherited` config level (default info) unless `rules:` sets the rule.',
  );
own(inheritedSchema);

export const findingSchema = z.strictObject({
  ruleId: own(z.string()),
  severity: z.enum(SEVERITIES),
  message: z.string().describe('The message of the first occurrence, when the finding stands for several.'),
  location: locationSchema.describe('Where the finding is; the first occurrence, when it stands for several.'),
  count: z
    .number()
    .int()
    .min(2)
    .optional()
    .describe(
      'Present when one cause was found at several places: the findings of one rule whose messages differ only in names, numbers and quoted values (and whose codes agree) are one finding, and so are the findings of one family that rest on the same answer to bad input (`data.cases` lists their rules and cases).',
    ),
  locations: z
    .array(
      locationSchema.extend({
        message: z.string().optional().describe("This occurrence's own message, when it differs from the finding's."),
        ruleId: z
          .string()
          .optional()
          .describe("This occurrence's rule, when it is another rule of the family than the finding's (one answer to bad input judged by several rules)."),
      }),
    )
    .optional()
    .describe('With count: every occurrence of the cause, the first one included, in report order (never capped).'),
  answer: z
    .strictObject({
      class: z.enum(ANSWER_CLASSES).optional().describe('What mcpact made of the answer to bad input (docs/rules.md#answer-classes).'),
      code: z.union([z.number(), z.string()]).optional().describe('The JSON-RPC error code; absent for results.'),
      said: z.string().optional().describe("The server's words on one line, cut to 160 characters; data.said has them whole (up to 2,000 characters)."),
      evidence: z.string().optional().describe('Why the answer got its class.'),
    })
    .optional()
    .describe("The server's own answer the verdict rests on (the first occurrence's, when the finding stands for several)."),
  spec: specSchema.optional(),
  data: z.record(z.string(), z.unknown()).optional().describe('Raw values of the first occurrence.'),
  inherited: inheritedSchema.optional(),
  known: z
    .literal(true)
    .optional()
    .describe(
      'Set when the known-findings file lists every occurrence of this finding: it is reported, and does not fail the run (docs/ci.md#known-findings).',
    ),
});

export const ruleResultSchema = z.strictObject({
  id: own(z.string()),
  family: z.enum(FAMILIES),
  status: z.enum(RULE_STATUSES),
  severity: z.enum(SEVERITIES),
  durationMs: z.number().int().nonnegative(),
  reason: z
    .string()
    .optional()
    .describe('Why the rule was skipped, errored or inconclusive; for other statuses, notes such as items that could not be exercised.'),
});

const millis = z.number().nonnegative();

export const latencyToolSchema = z.strictObject({
  name: z.string(),
  samples: z.number().int().nonnegative().describe('Timed calls that answered with a result without isError: the only ones in the percentiles.'),
  errors: z.number().int().nonnegative().describe('Calls answered with an isError result, a JSON-RPC error or a malformed response.'),
  timeouts: z.number().int().nonnegative().describe('Calls without an answer within timeouts.call_ms (or cut short when the connection closed).'),
  p50Ms: millis.nullable().describe('Median of the samples in ms (nearest rank); null without samples.'),
  p95Ms: millis.nullable().describe('95th percentile of the samples in ms (nearest rank); null without samples.'),
  budget: z.strictObject({ p50Ms: millis.optional(), p95Ms: millis.optional() }).optional().describe('The budgets that applied to this tool.'),
});

export const latencySchema = z
  .strictObject({
    tools: z.array(latencyToolSchema),
    overall: z
      .strictObject({
        samples: z.number().int().nonnegative(),
        p50Ms: millis.nullable(),
        p95Ms: millis.nullable(),
      })
      .describe('Percentiles over the samples of every tool together.'),
    skipped: z.array(z.strictObject({ name: z.string(), reason: z.string() })).describe('Tools in latency.tools that were not timed, and why.'),
  })
  .describe('Latency measurements (latency/budget), present when the config asks for them, whether or not a budget failed.');

export const backendSchema = z
  .strictObject({
    calls: z.number().int().nonnegative().describe('tools/call requests that got an answer.'),
    unreachable: z.number().int().nonnegative().describe("Of those, answers showing the server's backend was unreachable."),
    evidence: z.string().describe('What the first such answer showed: "a DNS failure", "a failed fetch", ...'),
    said: z.string().optional().describe("The server's words in the first such answer, on one line."),
  })
  .describe("Present when most tool calls found the server's backend unreachable: the verdicts that needed it are inconclusive.");

export const rateLimitSchema = z
  .strictObject({
    responses: z.number().int().nonnegative().describe('HTTP 429 Too Many Requests answers received; each was waited out and the request sent again.'),
    waitedMs: z.number().int().nonnegative().describe('Time spent waiting them out.'),
    gaveUp: z
      .number()
      .int()
      .nonnegative()
      .describe('Requests still rate limited when mcpact had to stop waiting: the rules that needed them are inconclusive.'),
    concurrency: z
      .number()
      .int()
      .nonnegative()
      .describe('Requests in flight at once after the back-off (halved on each 429 or each episode of throttling refusals, at least 1).'),
    throttled: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        'JSON-RPC error answers whose words said the server throttles ("rate limit exceeded", "too many requests"), on any transport; each was waited out and the request sent again. `responses` counts HTTP 429s only.',
      ),
    perSecond: z.number().int().nonnegative().optional().describe('Requests mcpact sent per second after backing off from throttling refusals.'),
    said: z.string().optional().describe("The server's words in its first throttling refusal."),
  })
  .describe('Present when the server rate limited mcpact (HTTP 429, or JSON-RPC refusals saying it throttles). Neither is ever a finding.');

export const serverReportSchema = z.strictObject({
  name: z.string(),
  transport: z
    .enum(TRANSPORTS)
    .describe('How mcpact reached the server: stdio, http (Streamable HTTP), sse (the legacy HTTP+SSE transport of 2024-11-05), memory (tests).'),
  serverInfo: z.record(z.string(), z.unknown()).nullable(),
  protocolVersion: z.string().nullable().describe('The negotiated protocol version, null when none was agreed.'),
  era: z
    .enum(ERAS)
    .optional()
    .describe('The era the session spoke: legacy (initialize) or modern (server/discover, 2026-07-28 and later); absent when no session opened.'),
  complete: z.boolean().describe('False when the server could not be tested fully (connection failure, deadline).'),
  error: z.string().optional().describe('Why testing stopped early, when it did.'),
  source: z
    .strictObject({
      file: z.string().describe('The config file, relative to the working directory, with forward slashes.'),
      line: z.number().int().positive(),
    })
    .optional()
    .describe('Where the config defines this server (absent for zero-config runs); SARIF uses it as the physical location.'),
  backend: backendSchema.optional(),
  rateLimit: rateLimitSchema.optional(),
  rules: z.array(ruleResultSchema),
  findings: z.array(findingSchema),
  latency: latencySchema.optional(),
});

const countsSchema = <const T extends readonly [string, ...string[]]>(keys: T) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, z.number().int().nonnegative()])) as Record<T[number], z.ZodNumber>);

export const runReportSchema = z.strictObject({
  schemaVersion: z.literal(1),
  tool: own(z.strictObject({ name: z.literal('mcpact'), version: z.string() })),
  complete: z.boolean(),
  durationMs: z.number().int().nonnegative(),
  failOn: z.enum(SEVERITIES).describe('Lowest severity that fails the run.'),
  servers: z.array(serverReportSchema),
  summary: z.strictObject({
    servers: z.number().int().nonnegative(),
    rules: countsSchema(RULE_STATUSES),
    findings: countsSchema(SEVERITIES),
    inherited: z.number().int().nonnegative().describe('How many of the findings are inherited from the SDK (they are counted in `findings` too).'),
  }),
  redaction: z
    .strictObject({
      noisy: z.number().int().positive().describe('How many of those values are shorter than 8 characters or letters alone.'),
    })
    .optional()
    .describe(
      "Present when redaction is noisy: some of the values kept out of the report (the config's secrets, -e values, prompt and suite arguments without --show-values) are short or plain words. Each is still replaced wherever it is a value (never in keys or mcpact's own words), so `[redacted]` may also stand for ordinary text, such as a word of a server's message.",
    ),
  knownFindings: knownSectionSchema.optional(),
});

export type Finding = z.infer<typeof findingSchema>;
export type InheritedMark = z.infer<typeof inheritedSchema>;
export type RuleResult = z.infer<typeof ruleResultSchema>;
export type ServerReport = z.infer<typeof serverReportSchema>;
export type RunReport = z.infer<typeof runReportSchema>;
export type RuleStatus = (typeof RULE_STATUSES)[number];
export type LatencyReport = z.infer<typeof latencySchema>;
export type BackendReport = z.infer<typeof backendSchema>;
export type RateLimitReport = z.infer<typeof rateLimitSchema>;
export type LatencyToolReport = z.infer<typeof latencyToolSchema>;

export function reportJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(runReportSchema, { target: 'draft-2020-12' }),
    $id: 'https://github.com/mcpact/mcpact/schemas/report.v1.schema.json',
    title: 'mcpact JSON report',
  };
}
