import { defineRule, type RuleContext } from '../../engine/rule.js';
import type { Outcome } from '../../connect/rpc.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { answerOf, isErrorResult, wordsOf } from '../../exercise/answers.js';
import { tamperedState } from '../../exercise/injected.js';
import { inputRequestEntries, inputRequiredOf, retryFor, type Retry } from '../../exercise/input-required.js';
import { isComplete } from '../../exercise/modern-result.js';
import { callData, callLabel, describeSkipped, outcomesOf, toolLocation, toolPlan, type CallAnswer, type PlannedCall } from '../../exercise/tools.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { MISSING_INPUT_SPEC, REQUEST_STATE_SPECS, STATE_WORDS } from '../request-state.js';

/** A state that fails verification is rejected (the tampered-state probe). */
const TAMPERED_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'MUST',
    binds: 'server',
    section: 'basic/patterns/mrtr#server-requirements-basic-workflow',
    quote:
      'If `requestState` influences authorization, resource access, or business logic, servers MUST protect its integrity (e.g. HMAC or AEAD) and MUST reject state that fails verification.',
    note: 'Integrity protection MAY be omitted only when tampering can cause nothing worse than request failure. mcpact reports a tampered state that was served only when a retry without any requestState was not: then the state decides whether the call completes.',
  }),
};

const SPECS = { echo: REQUEST_STATE_SPECS.echo, tampered: TAMPERED_SPEC } as const satisfies Record<string, RuleSpec>;

type Basis = keyof typeof SPECS | 'missing';

type Chain = { call: PlannedCall } & CallAnswer;

const keys = (list: readonly string[]) => list.map((key) => quote(key, 40)).join(', ');

export const requestState = defineRule({
  id: 'tools/request-state',
  family: 'tools',
  needs: ['tools'],
  description:
    'In 2026-07-28, tools/call retried after an input-required answer is served; a requestState mcpact changed is refused; a retry that lacks input gets a new input-required result, not an error.',
  defaultSeverity: 'warning',
  // The rule's own sentence is the SHOULD, as prompts/request-state's: a tampered state's MUST is conditional on what
  // the state decides, which mcpact sees only from outside, so its findings cite that MUST at the rule's level.
  spec: MISSING_INPUT_SPEC,
  alsoQuotes: SPECS,
  docs:
    'Every valid-input tools/call (the safe-call policy decides which tools, see tools/valid-input) follows an ' +
    'input-required answer the way a client does: the same call with a new id, the exact `requestState` echoed, ' +
    'each elicitation declined, the roots listed as none, a sampling request left out, up to 3 retries while the ' +
    'server asks again. Per tool, the first call that got such an answer is judged. The round trip: a served retry ' +
    '(a result, an isError result, another input-required result) passes; a refusal whose words name the state, a ' +
    'crash or a garbled answer is a finding; an error after a retry that left a request unanswered is a finding ' +
    '(SHOULD ask again); any other error is no verdict (mcpact made the arguments up, and a declined elicitation may ' +
    'end the call). Once the round trip was served, two probes start from a new first call each, sent as bad input ' +
    '(after the valid work of the run): the retry with the `requestState` changed in one character of the same kind ' +
    '(so it still decodes): refused, an isError result or asked again passes; served as a complete result is a ' +
    'finding, unless the same retry without any requestState is served too (then the state decides nothing and ' +
    'may go unprotected); and, when the first answer had input requests mcpact answered, the retry with the ' +
    '`requestState` and no answers: a JSON-RPC error or an isError result is a finding (the text asks for a new ' +
    'input-required result "rather than returning an error"). Skipped when no call was answered input_required ' +
    'with anything to send back; not run in the legacy era.',
  async check(context) {
    const { surface, settings, cache, probe } = context;
    if (surface.lists.tools.status === 'not-declared') return context.skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    if (plan.valid.length === 0) return context.skip(`no tool may be called under the safe-call policy: ${describeSkipped(plan.validSkipped)}`);
    const byTool = new Map<string, Chain[]>();
    for (const answer of await outcomesOf({ surface, probe, cache }, plan.valid)) {
      if (answer.call.tool === undefined || answer.rounds?.[0]?.retry === undefined) continue;
      byTool.set(answer.call.tool, [...(byTool.get(answer.call.tool) ?? []), answer]);
    }
    if (byTool.size === 0) return context.skip('no valid-input tools/call was answered input_required with a requestState or input requests to answer');
    const undecided: string[] = [];
    await Promise.all([...byTool.values()].map((chains) => judgeTool(context, chains, undecided)));
    if (undecided.length > 0) context.inconclusive(undecided.sort().join('; '));
  },
});

async function judgeTool(context: RuleContext, chains: Chain[], undecided: string[]): Promise<void> {
  const served = chains.find((chain) => chain.outcome.kind === 'result');
  if (served === undefined) return judgeRefusal(context, chains[0]!, undecided);
  await probeTampered(context, served, undecided);
  await probeMissing(context, served, undecided);
}

/** The first round trip of a tool was not served: a refusal of the state, of missing input, or of something mcpact cannot tell. */
function judgeRefusal(context: RuleContext, chain: Chain, undecided: string[]): void {
  const rounds = chain.rounds!;
  const retry = rounds[rounds.length - 1]!.retry!;
  const { outcome } = chain;
  const after = `the retry of tools/call of ${callLabel(chain.call)}${rounds.length > 1 ? ` (retry ${rounds.length})` : ''}`;
  if (outcome.kind === 'timeout') return void undecided.push(`${after} got ${describeOutcome(outcome)}`);
  if (outcome.kind !== 'error') return reportOn(context, 'echo', `${after} ${outcomeWords(outcome)}`, chain.call, retry, outcome);
  const code = describeOutcome(outcome);
  if (retry.params.requestState !== undefined && STATE_WORDS.test(wordsOf(outcome) ?? '')) {
    return reportOn(context, 'echo', `${after}, with the requestState echoed unchanged, was refused: ${code}`, chain.call, retry, outcome);
  }
  if (retry.omitted.length > 0) {
    const message = `${after} without an answer to input request ${keys(retry.omitted)} got ${code}; expected a new input-required result asking again`;
    return reportOn(context, 'missing', message, chain.call, retry, outcome);
  }
  const why =
    retry.declined.length > 0
      ? `mcpact declined ${keys(retry.declined)}, and a decline may end the call`
      : 'mcpact cannot tell whether the state or its made-up arguments were refused';
  undecided.push(`${after} got ${code}, and ${why}`);
}

/**
 * After a served round trip: a new first call, and its retry with the state changed. Served as a complete result,
 * the same retry without any state tells whether the state decides anything (then it must be protected).
 */
async function probeTampered(context: RuleContext, served: Chain, undecided: string[]): Promise<void> {
  if (typeof served.rounds![0]!.result.requestState !== 'string') return;
  const fresh = await freshRound(context, served, undecided, 'with a tampered requestState');
  if (fresh === undefined || typeof fresh.retry.params.requestState !== 'string') return;
  const state = fresh.retry.params.requestState;
  const params = { ...fresh.retry.params, requestState: tamperedState(state) };
  const label = callLabel(served.call);
  const tag = { bad: `tools/call of ${label} with a tampered requestState` };
  const outcome = await context.probe.request('tools/call', params, tag);
  const subject = `the retry of tools/call of ${label} with its requestState changed in one character`;
  if (outcome.kind === 'timeout') return void undecided.push(`${subject} got ${describeOutcome(outcome)}`);
  if (outcome.kind === 'closed' || outcome.kind === 'malformed')
    return reportOn(context, 'tampered', `${subject} ${outcomeWords(outcome)}`, served.call, fresh.retry, outcome);
  if (!completes(outcome)) return;
  const { requestState: _state, ...stateless } = fresh.retry.params;
  const without = await context.probe.request('tools/call', stateless, { bad: `tools/call of ${label} retried without its requestState` });
  if (completes(without)) {
    context.note(`${label}: a tampered requestState was served, and so was the retry without any: the state decides nothing there`);
    return;
  }
  reportOn(
    context,
    'tampered',
    `${subject} was served as a complete result, although the retry without a requestState was not (${outcomeSummary(without)}): state that fails verification must be rejected`,
    served.call,
    { ...fresh.retry, params },
    outcome,
  );
}

/** After a served round trip: a new first call, and its retry with the requestState but none of the answers. */
async function probeMissing(context: RuleContext, served: Chain, undecided: string[]): Promise<void> {
  const first = served.rounds![0]!;
  if ((inputRequestEntries(first.result) ?? []).length === 0 || first.retry!.omitted.length > 0) return;
  const fresh = await freshRound(context, served, undecided, 'without answers');
  if (fresh === undefined) return;
  const entries = inputRequestEntries(fresh.result) ?? [];
  if (typeof fresh.result.requestState !== 'string' || entries.length === 0) return; // the retry would be the first call again
  const { inputResponses: _answers, ...params } = fresh.retry.params;
  const label = callLabel(served.call);
  const outcome = await context.probe.request('tools/call', params, { bad: `tools/call of ${label} retried without answers` });
  const retry: Retry = { params, declined: [], omitted: entries.map(([key]) => key) };
  const subject = `the retry of tools/call of ${label} without answers to input request ${keys(retry.omitted)}`;
  if (outcome.kind === 'timeout') return void undecided.push(`${subject} got ${describeOutcome(outcome)}`);
  if (outcome.kind === 'result' && !isErrorResult(outcome.result)) return;
  const got = outcome.kind === 'result' ? `got an isError result (${quote(wordsOf(outcome) ?? '', 80)})` : outcomeWords(outcome);
  reportOn(context, 'missing', `${subject} ${got}; expected a new input-required result asking again`, served.call, retry, outcome);
}

/** The served call sent anew, and the retry for its input-required answer (undefined, noted, when there is none). */
async function freshRound(context: RuleContext, served: Chain, undecided: string[], what: string): Promise<{ result: JsonRecord; retry: Retry } | undefined> {
  const params = asRecord(served.call.params) ?? {};
  const outcome = await context.probe.request('tools/call', params, { bad: `tools/call of ${callLabel(served.call)}, retried ${what}` });
  const result = inputRequiredOf(outcome);
  const retry = result && retryFor(params, result);
  if (result !== undefined && retry !== undefined) return { result, retry };
  const got = result !== undefined ? 'an input-required result with nothing to send back' : outcome.kind === 'result' ? 'a result' : describeOutcome(outcome);
  const line = `${callLabel(served.call)}: the retry ${what} was not tried: called anew, tools/call got ${got}`;
  if (outcome.kind !== 'result') undecided.push(line);
  else context.note(line);
  return undefined;
}

/** A result that is the tool's answer: complete, and no isError. */
function completes(outcome: Outcome): boolean {
  return outcome.kind === 'result' && isComplete(outcome.result) && !isErrorResult(outcome.result);
}

function outcomeSummary(outcome: Outcome): string {
  if (outcome.kind === 'result') return isComplete(outcome.result) ? 'an isError result' : 'asked for input again';
  return describeOutcome(outcome);
}

function outcomeWords(outcome: Outcome): string {
  if (outcome.kind === 'closed') return 'crashed the server (the connection closed)';
  if (outcome.kind === 'malformed') return 'got a response with neither result nor error';
  return `got ${describeOutcome(outcome)}`;
}

function reportOn(context: RuleContext, basis: Basis, message: string, call: PlannedCall, retry: Retry, outcome: Outcome): void {
  const state = retry.params.requestState;
  context.report({
    message,
    location: toolLocation(call.tool),
    ...(basis === 'missing' ? {} : { spec: SPECS[basis] }),
    ...(outcome.kind === 'closed' || outcome.kind === 'timeout' ? {} : { answer: answerOf(outcome) }),
    data: {
      ...callData(call),
      ...(typeof state === 'string' ? { requestStateLength: state.length } : {}),
      declined: retry.declined,
      omitted: retry.omitted,
      ...(outcome.kind === 'error' ? { code: outcome.code } : {}),
    },
  });
}
