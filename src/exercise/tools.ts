/**
 * The tools/call requests the tools rules share: one plan per server (built from the Surface and the safe-call
 * policy, reproducible from a fixed seed per tool) and one outcome per planned call. Several rules judge the same
 * call (a valid call feeds tools/valid-input, tools/structured-content and tools/structured-text), so each call
 * is sent once per run however many rules look at it: the plan and the outcomes live in the run cache of the
 * server's run.
 *
 * Rule levels decide what is reported, not what is called: which calls are made is the policy's job
 * (`calls:` in the config); `--skip tools` makes none.
 */
import type { Outcome } from '../connect/rpc.js';
import type { ServerSettings } from '../config/schema.js';
import { unknownToolName } from './injected.js';
import { cacheKey } from '../util/run-cache.js';
import type { ExerciseContext } from './context.js';
import { CALL_REASONS, callPolicy, type CallPolicy, type CallReason } from './call-policy.js';
import type { Location } from '../model/location.js';
import { truncate } from '../util/text.js';
import { items } from '../surface/items.js';
import type { Surface } from '../surface/types.js';
import { asRecord, type JsonRecord } from '../util/json.js';
import { quote } from '../util/text.js';
import { GENERATION_LIMITS, GenerationBudget, invalidVariants, seedFor, validExamples, type InvalidVariant } from './inputs.js';
import { compileSchema } from '../util/schema-validator.js';
import { evenSample } from '../util/sample.js';
import { classifyAnswer, isErrorResult, NETWORK_FAILURES, unreachableEvidence, unreachableNote, wordsOf, type Classified } from './answers.js';
import { followInputRequired, inputRequiredOf, type InputRound } from './input-required.js';

export type CallKind = 'unknown-tool' | 'malformed' | 'valid' | 'invalid';

export interface PlannedCall {
  /** Unique within the plan; also the cache key of its outcome. */
  key: string;
  kind: CallKind;
  /** The tool called, as declared (absent for calls without a name). */
  tool?: string;
  /** What the call tries, for messages: "arguments is an array", "property \"city\" missing", ... */
  what: string;
  /** The params of the tools/call request, sent exactly as given. */
  params: unknown;
  /** Seed of the generated arguments (valid and invalid calls), to reproduce them. */
  seed?: number;
  variant?: InvalidVariant;
}

export interface Skipped {
  name: string;
  reason: CallReason | 'no-valid-example' | 'no-invalid-variant' | 'unusable-schema' | 'generation-budget' | 'sampled';
}

export interface ToolPlan {
  policy: CallPolicy;
  /** A name no tool of this server has. */
  unknownName: string;
  unknown: PlannedCall;
  /** The malformed-params cases tools/malformed-call judges. */
  malformed: PlannedCall[];
  /** The malformed-params cases that could not be sent as meant (no tool may be called under the safe-call policy). */
  malformedSkipped: string[];
  /** Calls made only as evidence of the server's SDK (engine/inherited.ts), judged by no rule but tools/call-answered. */
  evidence: PlannedCall[];
  valid: PlannedCall[];
  invalid: PlannedCall[];
  /** Tools that get no valid-input call, and why. */
  validSkipped: Skipped[];
  /** Tools that get no invalid-input probe, and why. */
  invalidSkipped: Skipped[];
}

export const SKIP_REASONS: Record<Exclude<Skipped['reason'], CallReason>, string> = {
  'no-valid-example': 'no input its inputSchema accepts could be generated',
  'no-invalid-variant': 'no input its inputSchema rejects could be generated',
  'unusable-schema': 'its inputSchema does not compile (see schema/tool-input-schema)',
  'generation-budget': `generating inputs from its inputSchema went past mcpact's budget (${GENERATION_LIMITS.nodes} schema nodes, ${GENERATION_LIMITS.ms} ms of CPU)`,
  sampled: 'the server has more tools than `calls.max_tools`, so an evenly spread sample of them is exercised',
};

/** Tools exercised at most (`calls.max_tools`): past it, cost would grow with the contract for little news. */
export const DEFAULT_MAX_TOOLS = 500;

const PLAN = cacheKey<ToolPlan>('tools/plan');
const ANSWERS = cacheKey<Map<string, Promise<CallAnswer>>>('tools/answers');

/** What a planned call came to. */
export interface CallAnswer {
  /** The answer; after an input-required round trip (2026-07-28), the answer to the last retry. */
  outcome: Outcome;
  /** The input-required answers the call got before `outcome`, each with the retry mcpact sent (exercise/input-required.ts). */
  rounds?: InputRound[];
}

/** The key of the tools/call whose `arguments` is a string, whose answer identifies an SDK (engine/inherited.ts). */
export const MALFORMED_ARGUMENTS_STRING = 'malformed:arguments-string';
/** The key of the malformed call whose params have no "name" (sent to every server with tools; SDK evidence too). */
export const MALFORMED_NO_NAME = 'malformed:no-name';

export function toolPlan({ surface, settings, cache }: Pick<ExerciseContext, 'surface' | 'settings' | 'cache'>): ToolPlan {
  return cache.once(PLAN, () => buildPlan(surface, settings));
}

/**
 * What a planned call came to, sending it on first use only; counted among the answers the asking rule saw. Every
 * call but a valid one sends bad input (connect/probe.ts `RequestTag`). In 2026-07-28 an input-required answer is
 * not the tool's result yet: the call is followed the way a client follows it, and is what its retries came to.
 * A retry calls the same tool with the same arguments, so the safe-call policy that allowed the call allows it.
 */
export async function callAnswer(context: Pick<ExerciseContext, 'surface' | 'probe' | 'cache'>, call: PlannedCall): Promise<CallAnswer> {
  const answers = context.cache.once(ANSWERS, () => new Map<string, Promise<CallAnswer>>());
  let answer = answers.get(call.key);
  if (!answer) {
    answer = send(context, call);
    answers.set(call.key, answer);
  }
  const answered = await answer;
  context.probe.saw(answered.outcome);
  return answered;
}

/** The outcome of a planned call (see callAnswer). */
export async function callOutcome(context: Pick<ExerciseContext, 'surface' | 'probe' | 'cache'>, call: PlannedCall): Promise<Outcome> {
  return (await callAnswer(context, call)).outcome;
}

async function send({ surface, probe }: Pick<ExerciseContext, 'surface' | 'probe'>, call: PlannedCall): Promise<CallAnswer> {
  const tag = call.kind === 'valid' ? {} : { bad: `tools/call with ${callLabel(call)}` };
  const first = await probe.request('tools/call', call.params, tag);
  const params = asRecord(call.params);
  if (surface.era !== 'modern' || params === undefined || inputRequiredOf(first) === undefined) return { outcome: first };
  return followInputRequired(params, first, (retry) => probe.request('tools/call', retry, tag));
}

/** The valid calls of the plan, sent first (engine/warm-up.ts): they must not meet a server bad input already broke. */
export async function warmToolCalls(context: Pick<ExerciseContext, 'surface' | 'settings' | 'probe' | 'cache'>): Promise<void> {
  if (context.surface.lists.tools.status !== 'ok') return;
  await outcomesOf(context, toolPlan(context).valid);
}

/** A planned call in words: "an unknown tool name", or the tool and what the call tries. */
export function callLabel(call: PlannedCall): string {
  return call.kind === 'unknown-tool' || call.kind === 'malformed' ? call.what : `${quote(call.tool, 40)} (${call.what})`;
}

/** Every call with what it came to, in plan order. */
export function outcomesOf(
  context: Pick<ExerciseContext, 'surface' | 'probe' | 'cache'>,
  calls: readonly PlannedCall[],
): Promise<({ call: PlannedCall } & CallAnswer)[]> {
  return Promise.all(calls.map(async (call) => ({ call, ...(await callAnswer(context, call)) })));
}

function buildPlan(surface: Surface, settings: ServerSettings): ToolPlan {
  const policy = callPolicy(surface, settings.calls);
  const declared = new Set(policy.tools.map((tool) => tool.name));
  const unknownName = unknownToolName(declared);

  const schemas = toolSchemas(surface);

  const valid: PlannedCall[] = [];
  const invalid: PlannedCall[] = [];
  const validSkipped: Skipped[] = [];
  const invalidSkipped: Skipped[] = [];
  // Tools named in calls.allow were chosen by the user: always exercised.
  const allowed = new Set(settings.calls?.allow ?? []);
  const exercised = evenSample(
    policy.tools.filter((tool) => tool.valid.allowed || tool.invalid.allowed),
    settings.calls?.max_tools ?? DEFAULT_MAX_TOOLS,
    (tool) => allowed.has(tool.name),
  );
  for (const tool of policy.tools) {
    if (!tool.valid.allowed) validSkipped.push({ name: tool.name, reason: tool.valid.reason });
    if (!tool.invalid.allowed) invalidSkipped.push({ name: tool.name, reason: tool.invalid.reason });
    if (!tool.valid.allowed && !tool.invalid.allowed) continue;
    if (!exercised.has(tool)) {
      if (tool.valid.allowed) validSkipped.push({ name: tool.name, reason: 'sampled' });
      if (tool.invalid.allowed) invalidSkipped.push({ name: tool.name, reason: 'sampled' });
      continue;
    }
    const schema = schemas.get(tool.name);
    const compiled = schema && compileSchema(schema);
    if (!schema || !compiled) {
      if (tool.valid.allowed) validSkipped.push({ name: tool.name, reason: 'unusable-schema' });
      if (tool.invalid.allowed) invalidSkipped.push({ name: tool.name, reason: 'unusable-schema' });
      continue;
    }
    const seed = seedFor(tool.name);
    const budget = new GenerationBudget();
    const examples = tool.valid.allowed ? validExamples(schema, compiled.validate, seed, budget) : [];
    if (tool.valid.allowed) {
      if (examples.length === 0) validSkipped.push({ name: tool.name, reason: budget.exhausted ? 'generation-budget' : 'no-valid-example' });
      examples.forEach((example, index) =>
        valid.push({
          key: `valid:${tool.name}:${index}`,
          kind: 'valid',
          tool: tool.name,
          what: `valid example ${index + 1}`,
          params: { name: tool.name, arguments: example },
          seed,
        }),
      );
    }
    if (!tool.invalid.allowed) continue;
    // Variants change one thing of a valid example only where running the tool is allowed; otherwise they leave
    // no required property usable (see invalidVariants).
    const variants = budget.exhausted ? [] : invalidVariants(schema, compiled.validate, tool.valid.allowed ? examples[0] : undefined, budget);
    if (variants.length === 0) invalidSkipped.push({ name: tool.name, reason: budget.exhausted ? 'generation-budget' : 'no-invalid-variant' });
    variants.forEach((variant, index) =>
      invalid.push({
        key: `invalid:${tool.name}:${index}`,
        kind: 'invalid',
        tool: tool.name,
        what: describeVariant(variant),
        params: { name: tool.name, arguments: variant.arguments },
        seed,
        variant,
      }),
    );
  }

  // The malformed-arguments cases need a tool that exists, or the answer judged would be the unknown-tool answer,
  // and one safe to run, since a server that does not validate may run it with them: a tool cleared for valid
  // calls. Without one they cannot be sent as meant and are skipped; params without "name" reach no tool and are
  // always sent.
  const target = policy.tools.find((tool) => tool.valid.allowed)?.name;
  const noName: PlannedCall = { key: MALFORMED_NO_NAME, kind: 'malformed', what: 'params without "name"', params: { arguments: {} } };
  const malformed: PlannedCall[] =
    target === undefined
      ? [noName]
      : [
          noName,
          { key: 'malformed:arguments-array', kind: 'malformed', tool: target, what: '"arguments" is an array', params: { name: target, arguments: [] } },
          { key: MALFORMED_ARGUMENTS_STRING, kind: 'malformed', tool: target, what: '"arguments" is a string', params: { name: target, arguments: 'mcpact' } },
        ];
  const malformedSkipped = target === undefined ? ['"arguments" is an array', '"arguments" is a string'] : [];
  // The SDK is recognised by its answer to "arguments" a string (engine/inherited.ts), which its request schema gives
  // before any tool is looked up: without a tool to send it to, it goes to the unknown name, as evidence only.
  const evidence: PlannedCall[] =
    target === undefined
      ? [
          {
            key: MALFORMED_ARGUMENTS_STRING,
            kind: 'malformed',
            tool: unknownName,
            what: '"arguments" is a string, to an unknown tool name',
            params: { name: unknownName, arguments: 'mcpact' },
          },
        ]
      : [];
  const unknown: PlannedCall = {
    key: 'unknown-tool',
    kind: 'unknown-tool',
    tool: unknownName,
    what: 'an unknown tool name',
    params: { name: unknownName, arguments: {} },
  };
  return { policy, unknownName, unknown, malformed, malformedSkipped, evidence, valid, invalid, validSkipped, invalidSkipped };
}

export function describeVariant(variant: InvalidVariant): string {
  const property = variant.property === undefined ? '' : `property ${quote(variant.property, 40)} `;
  switch (variant.kind) {
    case 'missing-required':
      return variant.property === undefined ? 'every required property missing' : `required ${property}missing`;
    case 'wrong-type':
      return variant.property === undefined ? 'every required property of the wrong type' : `${property}of the wrong type`;
    case 'enum':
      return `${property}outside its enum`;
    case 'bound':
      return `${property}violating ${variant.keyword}`;
    case 'additional-property':
      return `an undeclared property (${variant.keyword}: false)`;
  }
}

/**
 * The shape of an answer, as the cause of a finding (engine/merge.ts): an error by its code and the server's words,
 * a result by whether it is an isError result. A success to invalid input is one cause whatever the tool answered.
 */
export function answerCause(outcome: Outcome): string {
  if (outcome.kind === 'error') return `error ${String(outcome.code).slice(0, 20)} ${gist(wordsOf(outcome))}`;
  if (outcome.kind === 'result') return isErrorResult(outcome.result) ? `isError result ${gist(wordsOf(outcome))}` : 'result';
  return outcome.kind;
}

/**
 * What kind of answer the server's words are, without the details that differ per tool and per input: the text up
 * to its first colon ("Invalid arguments", "fetch failed", "MCP error -32603"), or its first words.
 */
function gist(said: string | undefined): string {
  if (said === undefined) return '';
  const colon = said.indexOf(':');
  return (colon > 0 && colon <= 60 ? said.slice(0, colon) : said.split(/\s+/).slice(0, 4).join(' ')).toLowerCase();
}

export interface JudgedCall {
  call: PlannedCall;
  outcome: Outcome;
  classified: Classified;
}

/**
 * The invalid-input probes with their answers, classified (exercise/answers.ts). Both layers count as rejected in
 * every revision: from 2025-11-25 on the text lists input validation errors among the tool execution errors, before
 * that it lists "invalid arguments" among the protocol errors and "invalid input data" among the execution errors.
 *
 * An unreachable backend is no verdict by itself: a server may call its backend before it validates (to sign in,
 * to load a schema), and then a validating server and one that passes everything on fail alike, in the same words,
 * on valid input too. Servers MUST validate all tool inputs; they need not validate before any I/O. What tells the
 * two apart is a call of the same tool that was answered without the backend: an invalid input it rejected in
 * words that show validation, or (`compareValid`, when tools/valid-input makes those calls) a valid input it served.
 * Then the backend is no step before validation, and an invalid value (a wrong type, a value outside an enum or a
 * bound) that reached it got past validation. Without such a call, a tool that refused nothing and sent out even
 * the input no validator lets through is judged by noneRefused.
 */
export async function judgedInvalidCalls(
  context: Pick<ExerciseContext, 'surface' | 'settings' | 'probe' | 'cache'>,
  { compareValid }: { compareValid: boolean },
): Promise<JudgedCall[]> {
  const plan = toolPlan(context);
  const judged = (await outcomesOf(context, plan.invalid)).map(({ call, outcome }) => ({
    call,
    outcome,
    classified: classifyAnswer(outcome, {
      correct: (outcome.kind === 'error' && outcome.code === -32602) || (outcome.kind === 'result' && isErrorResult(outcome.result)),
      names: [call.variant?.property, ...Object.keys(call.variant?.arguments ?? {})],
      values: badValues(call.variant),
    }),
  }));
  if (!judged.some((entry) => entry.classified.class === 'backend-unreachable')) return judged;
  const withoutBackend = new Map<string | undefined, string>();
  for (const { call, classified } of judged) {
    if (classified.showsValidation === true) withoutBackend.set(call.tool, 'rejected other invalid input without it, in words that show validation');
  }
  if (compareValid) {
    for (const { call, outcome } of await outcomesOf(context, plan.valid)) {
      const served = outcome.kind === 'result' && !isErrorResult(outcome.result) && unreachableEvidence(outcome) === undefined;
      if (served && !withoutBackend.has(call.tool)) withoutBackend.set(call.tool, 'served valid input without it');
    }
  }
  const compared = judged.map((entry): JudgedCall => {
    const other = withoutBackend.get(entry.call.tool);
    if (entry.classified.class !== 'backend-unreachable' || other === undefined || badValues(entry.call.variant).length === 0) return entry;
    const evidence = `${entry.classified.evidence} reaching its backend, although the same tool ${other}: the backend is no step before validation, so this input got past it`;
    return { ...entry, classified: { class: 'not-validated', evidence, wentOn: true } };
  });
  return noneRefused(compared, toolSchemas(context.surface));
}

/**
 * The invalid-input calls whose answer is, code and words, the answer the same tool gave to its valid call: an
 * answer that does not depend on the input (a catch-all around a backend that is not set up: "An error occurred
 * while processing your request") says nothing about whether the input was checked. Only the calls the run makes
 * anyway are compared (tools/valid-input's, sent first); none are sent for this.
 */
export async function answeredAsValid(
  context: Pick<ExerciseContext, 'surface' | 'settings' | 'probe' | 'cache'>,
  judged: readonly JudgedCall[],
): Promise<Set<JudgedCall>> {
  const byTool = new Map<string | undefined, Outcome[]>();
  for (const { call, outcome } of await outcomesOf(context, toolPlan(context).valid)) byTool.set(call.tool, [...(byTool.get(call.tool) ?? []), outcome]);
  return new Set(judged.filter((entry) => byTool.get(entry.call.tool)?.some((valid) => sameAnswer(valid, entry.outcome)) === true));
}

/** The same error code and words, or the same isError result words. */
function sameAnswer(a: Outcome, b: Outcome): boolean {
  if (a.kind === 'error' && b.kind === 'error') return a.code === b.code && wordsOf(a) === wordsOf(b);
  if (a.kind === 'result' && b.kind === 'result') return isErrorResult(a.result) && isErrorResult(b.result) && wordsOf(a) === wordsOf(b);
  return false;
}

/** Calls of one tool that leave it no lawful reading but "not checked" before they reach its backend. */
const NONE_REFUSED_MIN = 2;

/**
 * A tool that refused none of the invalid input it was sent, and sent every call of it out to its backend over the
 * network, among them at least NONE_REFUSED_MIN inputs that no validator lets through (a required property with no
 * default left out, a value outside its enum, a value of a type no conversion makes valid): a server that checked
 * its input before calling its backend would have refused those without it. What is left is a server that sends
 * a request out before it validates, whatever the input (to sign in, say); the rule's docs name that reading, and
 * a failure of the server's own setup (credentials, a command, a configuration) never counts here.
 */
function noneRefused(judged: JudgedCall[], schemas: ReadonlyMap<string, JsonRecord | undefined>): JudgedCall[] {
  const byTool = new Map<string | undefined, JudgedCall[]>();
  for (const entry of judged) byTool.set(entry.call.tool, [...(byTool.get(entry.call.tool) ?? []), entry]);
  const unrefused = new Set<string | undefined>();
  for (const [tool, calls] of byTool) {
    const allSent = calls.every((entry) => entry.classified.class === 'backend-unreachable' && NETWORK_FAILURES.has(entry.classified.evidence));
    const firm = calls.filter((entry) => firmlyInvalid(entry.call.variant, schemas.get(tool ?? '')));
    if (allSent && firm.length >= NONE_REFUSED_MIN) unrefused.add(tool);
  }
  if (unrefused.size === 0) return judged;
  return judged.map((entry): JudgedCall => {
    if (!unrefused.has(entry.call.tool) || !firmlyInvalid(entry.call.variant, schemas.get(entry.call.tool ?? ''))) return entry;
    const evidence = `${entry.classified.evidence} reaching its backend, as every invalid input to the tool did, none refused, among them inputs no validator lets through`;
    return { ...entry, classified: { class: 'not-validated', evidence, wentOn: true } };
  });
}

/**
 * Input that no validator, strict or lenient, lets through: a required property left out that has no default to
 * fill it, a value outside its enum, a value of a type no coercion turns into a valid one. A bound or an undeclared
 * property is not (a lenient server may clamp the one and drop the other).
 */
function firmlyInvalid(variant: InvalidVariant | undefined, schema: JsonRecord | undefined): boolean {
  if (variant === undefined) return false;
  switch (variant.kind) {
    case 'enum':
      return true;
    case 'wrong-type':
      return variant.coercible !== true;
    case 'missing-required': {
      const properties = asRecord(schema?.properties);
      const required = variant.property === undefined ? (Array.isArray(schema?.required) ? schema.required : []) : [variant.property];
      const declared = (name: string) => (properties !== undefined && Object.hasOwn(properties, name) ? asRecord(properties[name]) : undefined);
      return required.every((name) => typeof name === 'string' && declared(name)?.default === undefined);
    }
    default:
      return false;
  }
}

/** Each tool's inputSchema, as declared (the first of a repeated name). */
function toolSchemas(surface: Surface): Map<string, JsonRecord | undefined> {
  const schemas = new Map<string, JsonRecord | undefined>();
  for (const item of items(surface, 'tools')) {
    const name = item.record?.name;
    if (typeof name === 'string' && !schemas.has(name)) schemas.set(name, asRecord(item.record?.inputSchema));
  }
  return schemas;
}

/**
 * The values a variant breaks the schema with: its property's, or every value when it is about no one property.
 * None for a required property left out or an undeclared one added: a validator that fills in a default or drops
 * unknown keys goes on with valid data, so that such a call went on shows nothing of the input it was sent.
 */
function badValues(variant: InvalidVariant | undefined): unknown[] {
  if (variant === undefined || variant.kind === 'missing-required' || variant.kind === 'additional-property') return [];
  if (variant.property === undefined) return Object.values(variant.arguments);
  return Object.hasOwn(variant.arguments, variant.property) ? [variant.arguments[variant.property]] : [];
}

/** "fetch failed" (and 2 more): the server's words of the unreachable-backend answers, for a rule's inconclusive reason. */
export function unreachableReason(judged: readonly JudgedCall[], what: string): string | undefined {
  return unreachableNote(
    judged
      .filter((entry) => entry.classified.class === 'backend-unreachable')
      .map((entry) => ({ place: quote(entry.call.tool, 60), outcome: entry.outcome, evidence: entry.classified.evidence })),
    what,
  );
}

/** What a finding says about a generated call: the exact arguments (generated, so never a user's secret) and the seed. */
export function callData(call: PlannedCall): JsonRecord {
  const data: JsonRecord = { params: call.params };
  if (call.seed !== undefined) data.seed = call.seed;
  if (call.variant)
    data.variant = { kind: call.variant.kind, keyword: call.variant.keyword, ...(call.variant.property !== undefined && { property: call.variant.property }) };
  return data;
}

/** "a (reason); b (reason); and N more": the tools a rule did not exercise, bounded, for its note. */
export function describeSkipped(skipped: readonly Skipped[], max = 10): string {
  // Tools left out of a sample are one line, not thousands of names.
  const sampled = skipped.filter((entry) => entry.reason === 'sampled').length;
  const named = skipped.filter((entry) => entry.reason !== 'sampled');
  const shown = named.slice(0, max).map((entry) => `${quote(entry.name, 60)} (${reasonText(entry.reason)})`);
  const more = named.length - shown.length;
  const parts = [...(shown.length > 0 ? [shown.join('; ') + (more > 0 ? `; and ${more} more` : '')] : [])];
  if (sampled > 0) parts.push(`${sampled} ${sampled === 1 ? 'tool' : 'tools'} not exercised (${SKIP_REASONS.sampled})`);
  return parts.join('; ');
}

/** " (opt in with calls.allow or calls.all)" when some tool was left out by the safe-call policy, not by the sample. */
export function optInHint(skipped: readonly Skipped[]): string {
  return skipped.some((entry) => Object.hasOwn(CALL_REASONS, entry.reason)) ? ' (opt in with calls.allow or calls.all)' : '';
}

function reasonText(reason: Skipped['reason']): string {
  return Object.hasOwn(SKIP_REASONS, reason) ? SKIP_REASONS[reason as keyof typeof SKIP_REASONS] : CALL_REASONS[reason as CallReason];
}

/** A finding's location on the called tool, with the same bounded label the Surface items use. */
export function toolLocation(name: string | undefined, pointer?: string): Location {
  if (name === undefined) return { kind: 'server' };
  return { kind: 'tool', name: truncate(name, 200), ...(pointer !== undefined && { pointer }) };
}
