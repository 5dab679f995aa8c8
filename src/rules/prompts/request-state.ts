import { defineRule, type RuleContext } from '../../engine/rule.js';
import type { Outcome } from '../../connect/rpc.js';
import { MISSING_INPUT_SPEC, REQUEST_STATE_SPECS, STATE_WORDS } from '../request-state.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';
import { UNEXPECTED_INPUT } from '../../exercise/injected.js';
import { promptRenders, type CaseResult, type PromptExercise } from '../../exercise/prompts/exercise.js';
import { inputRequestEntries, inputRequiredOf, retryFor, type Retry } from '../../exercise/input-required.js';
import type { JsonRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { promptLocation, quoteName } from './shared.js';

/** The inputResponses key no server asks for: the retry that carries it tests that unknown entries are ignored. */
export { UNEXPECTED_INPUT };

type Basis = keyof typeof REQUEST_STATE_SPECS | 'missing';

const keys = (list: readonly string[]) => list.map((key) => quote(key, 40)).join(', ');

export const requestState = defineRule({
  id: 'prompts/request-state',
  family: 'prompts',
  needs: ['prompts'],
  description:
    'In 2026-07-28, prompts/get retried after an input-required answer (requestState echoed, input requests answered) is served; a retry that lacks input gets a new input-required result, not an error.',
  defaultSeverity: 'warning',
  spec: MISSING_INPUT_SPEC,
  alsoQuotes: REQUEST_STATE_SPECS,
  docs:
    'The prompt matrix follows every input-required answer the way a client does: it retries the same prompts/get ' +
    'with a new id, the exact `requestState` echoed, and an `inputResponses` entry per input request as a client ' +
    'without a user gives it: each elicitation declined (`action: "decline"`), roots listed as none (`roots: []`), ' +
    'and a sampling request, which mcpact has no model to answer, left out. It retries up to 3 times while the ' +
    'server asks again (which servers MAY do). What the retry came to: a rendered prompt or another input-required ' +
    'result is a pass; a refusal whose words name the state (`Invalid or expired requestState`) or a crash is a ' +
    "finding (best practice: the state is the server's own, echoed at once); an error after a retry that left a " +
    'request unanswered is a finding (SHOULD ask again, not fail). An error that names an argument (mcpact made ' +
    'the value up) or follows a declined elicitation (a decline may end the request), or that says neither, is no ' +
    'verdict. Once a retry was served, two probes start from a new first request each (so a server that takes a ' +
    'state only once is not tripped): the retry with the `requestState` and no answers, when there were input ' +
    'requests (an error is a finding: SHOULD ask again), and the retry with one more `inputResponses` entry, ' +
    '`mcpact_unexpected_input`, that no server asked for (an error is a finding: SHOULD ignore it). Skipped when no ' +
    'answer was input_required with anything to send back; not run in the legacy era.',
  async check(context) {
    if (context.surface.lists.prompts.status !== 'ok') return context.skip('the server declares no prompts (or prompts/list failed)');
    const exercise = await promptRenders(context);
    const undecided: string[] = [];
    const judged = await Promise.all(exercise.prompts.map((prompt) => judgePrompt(context, prompt, undecided)));
    if (!judged.includes(true)) return context.skip('no prompts/get of the matrix was answered input_required with a requestState or input requests to answer');
    if (undecided.length > 0) context.inconclusive(undecided.sort().join('; '));
  },
});

/** Judges the round trips of one prompt; false when it had none. */
async function judgePrompt(context: RuleContext, prompt: PromptExercise, undecided: string[]): Promise<boolean> {
  // Round trips of calls with arguments the server should take: the search for a map, and the cases that must render.
  const chains = [...new Set([...prompt.attempts, ...prompt.results.filter((result) => result.expected === 'success')])].filter(
    (result) => result.rounds?.[0]?.retry !== undefined,
  );
  if (chains.length === 0) return false;
  const served = chains.find((result) => result.outcome.kind === 'result');
  if (served === undefined) {
    judgeRefusal(context, prompt, chains[0]!, undecided);
    return true;
  }
  await probeMissing(context, served, undecided);
  await probeUnexpected(context, served, undecided);
  return true;
}

/** The first retry of a prompt was not served: a refusal of the state, of missing input, or of something mcpact cannot tell. */
function judgeRefusal(context: RuleContext, prompt: PromptExercise, chain: CaseResult, undecided: string[]): void {
  const name = prompt.prompt.name;
  const rounds = chain.rounds!;
  const retry = rounds[rounds.length - 1]!.retry!;
  const { outcome } = chain;
  const after = `the retry of prompts/get (case ${chain.case}${rounds.length > 1 ? `, retry ${rounds.length}` : ''})`;
  if (outcome.kind === 'timeout') return void undecided.push(`${quoteName(name)}: ${after} got ${describeOutcome(outcome)}`);
  if (outcome.kind !== 'error') return reportOn(context, name, 'echo', `${after} ${outcomeWords(outcome)}`, chain, retry, outcome);
  const words = wordsOf(outcome) ?? '';
  const code = describeOutcome(outcome);
  if (retry.params.requestState !== undefined && STATE_WORDS.test(words)) {
    return reportOn(context, name, 'echo', `${after}, with the requestState echoed unchanged, was refused: ${code}`, chain, retry, outcome);
  }
  if (retry.omitted.length > 0) {
    return reportOn(
      context,
      name,
      'missing',
      `${after} without an answer to input request ${keys(retry.omitted)} got ${code}; expected a new input-required result asking again`,
      chain,
      retry,
      outcome,
    );
  }
  const named = prompt.prompt.arguments.find((argument) => argument.name.length >= 2 && words.includes(argument.name));
  const why =
    named !== undefined
      ? `it names argument ${quoteName(named.name)}, so the value mcpact made up may be what was refused`
      : retry.declined.length > 0
        ? `mcpact declined ${keys(retry.declined)}, and a decline may end the request`
        : 'mcpact cannot tell whether the state or its made-up argument values were refused';
  undecided.push(`${quoteName(name)}: ${after} got ${code}, and ${why}`);
}

/**
 * After a served retry: a new first request, and its retry with the requestState but none of the answers. An
 * error is what the text's missing-information sentence asks servers not to answer.
 */
async function probeMissing(context: RuleContext, served: CaseResult, undecided: string[]): Promise<void> {
  const first = served.rounds![0]!;
  if ((inputRequestEntries(first.result) ?? []).length === 0 || first.retry!.omitted.length > 0) return;
  const fresh = await freshRound(context, served, undecided, 'without answers');
  if (fresh === undefined) return;
  const entries = inputRequestEntries(fresh.result) ?? [];
  if (typeof fresh.result.requestState !== 'string' || entries.length === 0) return; // the retry would be the first request again
  const { inputResponses: _answers, ...params } = fresh.retry.params;
  const outcome = await context.probe.request('prompts/get', params);
  const retry: Retry = { params, declined: [], omitted: entries.map(([key]) => key) };
  judgeProbe(context, served, retry, outcome, 'missing', `without answers to input request ${keys(retry.omitted)}`, undecided);
}

/** After a served retry: a new first request, and its retry with one inputResponses entry more that nobody asked for. */
async function probeUnexpected(context: RuleContext, served: CaseResult, undecided: string[]): Promise<void> {
  const fresh = await freshRound(context, served, undecided, `with ${UNEXPECTED_INPUT}`, { [UNEXPECTED_INPUT]: { action: 'decline' } });
  if (fresh === undefined) return;
  const outcome = await context.probe.request('prompts/get', fresh.retry.params);
  judgeProbe(context, served, fresh.retry, outcome, 'ignore', `with an unexpected inputResponses entry ${quote(UNEXPECTED_INPUT)}`, undecided);
}

/** The served case's request sent anew, and the retry for its input-required answer (undefined, noted, when there is none). */
async function freshRound(
  context: RuleContext,
  served: CaseResult,
  undecided: string[],
  what: string,
  extra?: JsonRecord,
): Promise<{ result: JsonRecord; retry: Retry } | undefined> {
  const outcome = await context.probe.request('prompts/get', served.params);
  const result = inputRequiredOf(outcome);
  const retry = result && retryFor(served.params, result, extra);
  if (result !== undefined && retry !== undefined) return { result, retry };
  const got =
    result !== undefined ? 'an input-required result with nothing to send back' : outcome.kind === 'result' ? 'a rendering' : describeOutcome(outcome);
  if (outcome.kind !== 'result') undecided.push(`${quoteName(served.prompt)}: the retry ${what} was not tried: asked anew, prompts/get got ${got}`);
  else context.note(`${quoteName(served.prompt)}: the retry ${what} was not tried: asked anew, prompts/get got ${got}`);
  return undefined;
}

function judgeProbe(context: RuleContext, served: CaseResult, retry: Retry, outcome: Outcome, basis: Basis, what: string, undecided: string[]): void {
  if (outcome.kind === 'result') return;
  const subject = `the retry of prompts/get ${what} (after case ${served.case})`;
  if (outcome.kind === 'timeout') return void undecided.push(`${quoteName(served.prompt)}: ${subject} got ${describeOutcome(outcome)}`);
  const expected = basis === 'missing' ? 'expected a new input-required result asking again' : 'expected the entry to be ignored';
  reportOn(context, served.prompt, basis, `${subject} ${outcomeWords(outcome)}; ${expected}`, served, retry, outcome);
}

function outcomeWords(outcome: Outcome): string {
  if (outcome.kind === 'closed') return 'crashed the server (the connection closed)';
  if (outcome.kind === 'malformed') return 'got a response with neither result nor error';
  return `got ${describeOutcome(outcome)}`;
}

function reportOn(context: RuleContext, name: string, basis: Basis, message: string, chain: CaseResult, retry: Retry, outcome: Outcome): void {
  const state = retry.params.requestState;
  context.report({
    message,
    location: promptLocation(name),
    ...(basis === 'missing' ? {} : { spec: REQUEST_STATE_SPECS[basis] }),
    ...(outcome.kind === 'closed' || outcome.kind === 'timeout' ? {} : { answer: answerOf(outcome) }),
    data: {
      case: chain.case,
      ...(typeof state === 'string' ? { requestStateLength: state.length } : {}),
      declined: retry.declined,
      omitted: retry.omitted,
      ...(outcome.kind === 'error' ? { code: outcome.code } : {}),
    },
  });
}
