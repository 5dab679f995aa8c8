/**
 * Wording and data shared by the prompt rules, so every matrix finding reads the same way and carries the same
 * fields: data.case, data.code, data.expected, data.verdict, and a redacted summary of the arguments sent.
 */
import { createHash } from 'node:crypto';
import type { Report, RuleContext } from '../../engine/rule.js';
import type { RuleSpec } from '../../model/spec.js';
import { ANSWERED } from '../answered.js';
import type { Location } from '../../model/location.js';
import { exercisePrompts, type CaseResult, type PromptExercise, type PromptsExercise, type Verdict } from '../../exercise/prompts/exercise.js';
import type { CaseName, Expectation } from '../../exercise/prompts/matrix.js';
import { answerOf, unreachableNote, wordsOf } from '../../exercise/answers.js';
import type { Answer } from '../../model/answer.js';

export const EXPECTED_TEXT: Record<Expectation, string> = {
  success: 'a rendered result',
  'invalid-params': 'JSON-RPC error -32602',
  survive: 'a rendered result or JSON-RPC error -32602',
};

export function promptLocation(name: string, pointer?: string): Location {
  const location: Location = { kind: 'prompt', name: name.length > 200 ? `${name.slice(0, 200)}…` : name };
  if (pointer !== undefined) location.pointer = pointer;
  return location;
}

/** What happened, in words: "was accepted", "got JSON-RPC error -32603", "crashed the server", ... */
export function describeVerdict(result: CaseResult): string {
  const { outcome } = result;
  switch (result.verdict) {
    case 'accepted':
      return 'was silently accepted (the server rendered a result)';
    case 'rejected':
    case 'unreachable':
    case 'own-value':
      return `got JSON-RPC error ${outcome.kind === 'error' ? String(outcome.code).slice(0, 20) : '?'}`;
    case 'wrong-code': {
      const code = `got JSON-RPC error ${outcome.kind === 'error' ? String(outcome.code).slice(0, 20) : '?'}`;
      if (result.answer === undefined) return code;
      return result.answer.class === 'not-validated' ? `${code} (not validated: ${result.answer.evidence})` : `${code} (validated, wrong code)`;
    }
    case 'crash':
      return 'crashed the server (the connection closed)';
    case 'hang':
      return `hung (no answer within ${outcome.ms} ms)`;
    case 'malformed':
      return 'got a response with neither result nor error';
    case 'not-run':
      return 'could not be sent: the server had already gone away';
    case 'correct':
      return 'behaved as expected';
    case 'input-required':
      return 'still answered input_required when mcpact stopped retrying';
  }
}

/** Argument keys, value lengths and a short hash; the values themselves only with --show-values. */
export function summarizeArguments(args: unknown, showValues: boolean): Record<string, unknown> {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { sent: Array.isArray(args) ? 'an array' : typeof args };
  }
  const entries = Object.entries(args);
  const summary: Record<string, unknown> = {
    keys: entries.map(([key]) => key),
    lengths: Object.fromEntries(entries.map(([key, value]) => [key, typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0)])),
    hash: createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 12),
  };
  if (showValues) summary.values = args;
  return summary;
}

export function caseData(result: CaseResult, showValues: boolean, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const data: Record<string, unknown> = {
    case: result.case,
    verdict: result.verdict,
    expected: result.expected === 'invalid-params' ? -32602 : EXPECTED_TEXT[result.expected],
    arguments: summarizeArguments(result.params.arguments, showValues),
  };
  if (result.outcome.kind === 'error') data.code = result.outcome.code;
  const said = wordsOf(result.outcome);
  if (said !== undefined && result.verdict !== 'correct') data.said = said;
  if (result.argument !== undefined) data.argument = result.argument;
  if (result.variant !== undefined) data.variant = result.variant;
  // A listed name in other letter case is a name the server does not list: its lookup of names answers, not the
  // prompt the name was made from (engine/merge-answers.ts merges the same answer to case unknown-prompt with it).
  if (result.case === 'case-variant-prompt') data.answeredAt = 'server';
  return { ...data, ...extra };
}

/**
 * The prompts whose matrix ran (`stage`: the whole matrix, or `promptRenders` for a rule that judges only what must
 * render, so that bad input it does not judge never puts its verdict in doubt). Prompts without an accepted argument map are noted on the rule's result (with the
 * hint to add examples); when none ran the rule is skipped, never failed.
 */
export async function exercisedPrompts(
  context: RuleContext,
  stage: (context: RuleContext) => Promise<PromptsExercise> = exercisePrompts,
): Promise<{ exercise: PromptsExercise; prompts: PromptExercise[] } | undefined> {
  if (context.surface.lists.prompts.status !== 'ok') {
    context.skip('the server declares no prompts (or prompts/list failed)');
    return undefined;
  }
  const exercise = await stage(context);
  const prompts = exercise.prompts.filter((prompt) => prompt.accepted !== undefined);
  const skipped = exercise.prompts.filter((prompt) => prompt.skipped !== undefined);
  // Prompts that took their arguments but never rendered (input required): no verdict on them, and no pass.
  const pending = exercise.prompts.filter((prompt) => prompt.pending !== undefined);
  if (exercise.prompts.length === 0) {
    context.skip('the server lists no prompt the matrix can exercise');
    return undefined;
  }
  if (prompts.length === 0) {
    const reasons = [...pending, ...skipped].map((prompt) => `${prompt.prompt.name}: ${prompt.pending ?? prompt.skipped}`).join('; ');
    if (pending.length > 0) context.inconclusive(`no prompt rendered: ${reasons}`);
    else context.skip(reasons);
    return undefined;
  }
  if (skipped.length > 0) context.note(`not exercised: ${skipped.map((prompt) => `${prompt.prompt.name} (${prompt.skipped})`).join('; ')}`);
  if (pending.length > 0) context.note(`not rendered: ${pending.map((prompt) => `${prompt.prompt.name} (${prompt.pending})`).join('; ')}`);
  if (exercise.sampledOut > 0) {
    context.note(
      `${exercise.sampledOut} ${exercise.sampledOut === 1 ? 'prompt' : 'prompts'} not exercised: the server has more prompts than \`prompts.max_prompts\`, so an evenly spread sample of them is exercised`,
    );
  }
  return { exercise, prompts };
}

/** The results of the named cases across the exercised prompts. */
export function casesNamed(prompts: readonly PromptExercise[], ...names: CaseName[]): CaseResult[] {
  return prompts.flatMap((prompt) => prompt.results.filter((result) => names.includes(result.case)));
}

/**
 * For adversarial values any error answer is a safe refusal: which code it carries is judged by the validation
 * rules (wrong-type and friends). What matters here is that the server neither died, hung nor answered garbage.
 */
export const FAILURES_ONLY: readonly Verdict[] = ['crash', 'hang', 'malformed'];

/** What one case's finding rests on, when not (only) the rule's own sentence: `Report.spec` and `Report.lenient`. */
export type CaseBasis = (result: CaseResult) => Pick<Report, 'spec' | 'lenient'>;

/**
 * The basis of a case that expects a refusal mcpact's policy asks for (`policy`, or the rule's own when it is the
 * policy): a rendering is leniency the specification permits (prompts/get takes any argument key and any string),
 * a refusal with another code stays on the policy, and no proper answer at all breaks JSON-RPC whatever the policy.
 */
export function refusalPolicy(policy?: RuleSpec): CaseBasis {
  return (result) => {
    if (FAILURES_ONLY.includes(result.verdict)) return { spec: ANSWERED };
    const spec = policy === undefined ? {} : { spec: policy };
    return result.verdict === 'accepted' ? { ...spec, lenient: true } : spec;
  };
}

/** Reports every case whose verdict is not `correct` (or, with `only`, is one of those verdicts), in the shared wording. */
export function reportVerdicts(
  context: RuleContext,
  results: readonly CaseResult[],
  subject: (result: CaseResult) => string,
  only?: readonly Verdict[],
  basis?: CaseBasis,
): void {
  const unreachable: CaseResult[] = [];
  const pending: CaseResult[] = [];
  const ownValues: CaseResult[] = [];
  for (const result of results) {
    if (result.verdict === 'correct' || result.verdict === 'not-run') continue;
    if (result.verdict === 'own-value') {
      ownValues.push(result);
      continue;
    }
    if (result.verdict === 'unreachable') {
      unreachable.push(result);
      continue;
    }
    if (result.verdict === 'input-required') {
      pending.push(result);
      continue;
    }
    if (only && !only.includes(result.verdict)) continue;
    context.report({
      message: `${subject(result)} ${describeVerdict(result)}; expected ${EXPECTED_TEXT[result.expected]}`,
      location: result.prompt === '' ? { kind: 'server' } : promptLocation(result.prompt),
      ...caseAnswer(result),
      data: caseData(result, context.runtime.showValues),
      ...basis?.(result),
    });
  }
  reportUnreachable(context, unreachable);
  reportPending(context, pending);
  reportOwnValues(context, ownValues);
}

/** Cases whose error named a value mcpact made up for another argument: they failed on mcpact's value, so no verdict. */
export function reportOwnValues(context: RuleContext, cases: readonly CaseResult[]): void {
  if (cases.length === 0) return;
  const values = [
    ...new Set(cases.map((result) => `${quoteName(result.prompt)} ${result.ownValue?.argument ?? '?'}=${quoteName(result.ownValue?.value ?? '')}`)),
  ];
  context.inconclusive(
    `${cases.length} case(s) of prompts failed on a value mcpact made up for another argument, which the error names, so they show nothing of what they try: ${values.slice(0, 5).join(', ')}`,
  );
}

/** Cases that still answered input_required when mcpact stopped retrying: nothing was rendered to judge. */
export function reportPending(context: RuleContext, pending: readonly CaseResult[]): void {
  if (pending.length === 0) return;
  const places = [...new Set(pending.map((result) => (result.prompt === '' ? 'prompts/get' : quoteName(result.prompt))))];
  context.inconclusive(
    `no verdict for ${pending.length} case(s) of ${places.slice(0, 5).join(', ')}${places.length > 5 ? ` and ${places.length - 5} more` : ''}: ` +
      'prompts/get still answered input_required when mcpact stopped retrying (prompts/request-state judges the round trip)',
  );
}

/** Cases whose answer showed the server's backend unreachable: no verdict, said once on the rule's result. */
export function reportUnreachable(context: RuleContext, unreachable: readonly CaseResult[]): void {
  const note = unreachableNote(
    unreachable.map((result) => ({ place: quoteName(result.prompt), outcome: result.outcome, evidence: result.answer?.evidence ?? 'backend unreachable' })),
    'case(s) of prompts',
  );
  if (note !== undefined) context.inconclusive(note);
}

/** The server's answer of a case, for its finding (none for a hang or a crash). */
export function caseAnswer(result: CaseResult): { answer?: Answer } {
  return result.outcome.kind === 'closed' || result.outcome.kind === 'timeout' ? {} : { answer: answerOf(result.outcome, result.answer) };
}

export const quoteName = (name: string): string => JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);
