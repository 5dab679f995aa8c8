import { defineRule, type RuleContext } from '../../engine/rule.js';
import { exercisePrompts, type CaseResult } from '../../exercise/prompts/exercise.js';
import { MAX_INPUT_REQUESTS } from '../../exercise/input-required.js';
import { INPUT_REQUIRED_SPEC, INPUT_REQUIRED_SPECS, inputRequiredProblems, type InputRequiredProblem } from '../input-required.js';
import { promptLocation, summarizeArguments } from './shared.js';

export const inputRequired = defineRule({
  id: 'prompts/input-required',
  family: 'prompts',
  needs: ['prompts'],
  description:
    'In 2026-07-28, an input-required answer to prompts/get has inputRequests or requestState, well formed, asking only for what the client declared.',
  defaultSeverity: 'error',
  spec: INPUT_REQUIRED_SPEC,
  alsoQuotes: INPUT_REQUIRED_SPECS,
  docs:
    'In 2026-07-28 a server may answer `prompts/get` with `resultType: "input_required"` (multi round-trip ' +
    'requests): the prompt renders once the client retries with what was asked for. mcpact judges every such answer ' +
    'the prompt matrix gets, the retries included: it carries `inputRequests` or `requestState` (MUST); ' +
    '`requestState` is a string and `inputRequests` a map (SCHEMA); each input request is an `elicitation/create` ' +
    '(a `message`, and a `requestedSchema` of type object with properties in form mode or a `url` in URL mode), a ' +
    '`sampling/createMessage` (`messages` and `maxTokens`) or a `roots/list` (MUST); and each asks only for a ' +
    'capability the request declared (MUST NOT): mcpact declares none, so any input request is a finding, and a ' +
    'server that needs one answers with a requestState only or refuses with MissingRequiredClientCapability ' +
    '(-32021). Up to 50 input requests of one answer are judged. That keys are unique (MUST) cannot be seen once ' +
    'the JSON is parsed, and is not checked. Each problem is reported once per prompt. Skipped when no answer was ' +
    'input_required; not run in the legacy era, which has no input-required results. prompts/request-state judges ' +
    'the retry.',
  async check(context) {
    if (context.surface.lists.prompts.status !== 'ok') return context.skip('the server declares no prompts (or prompts/list failed)');
    const exercise = await exercisePrompts(context);
    const seen = new Set<string>();
    let judged = 0;
    const judge = (name: string, result: CaseResult) => {
      (result.rounds ?? []).forEach((round, index) => {
        judged++;
        for (const problem of inputRequiredProblems(round.result)) {
          const key = `${name}|${problem.basis}|${problem.pointer}|${problem.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          report(context, name, result, index, problem);
        }
      });
    };
    for (const prompt of exercise.prompts) {
      for (const result of new Set([...prompt.attempts, ...prompt.results])) judge(prompt.prompt.name, result);
    }
    for (const result of exercise.server) judge('', result);
    if (judged === 0) return context.skip('no prompts/get of the matrix was answered input_required');
    if (seen.size === 0) context.note(`${judged} input-required answer(s) judged, up to ${MAX_INPUT_REQUESTS} input requests of each`);
  },
});

function report(context: RuleContext, name: string, result: CaseResult, round: number, problem: InputRequiredProblem): void {
  context.report({
    message: `${problem.message} (case ${result.case}${round > 0 ? `, retry ${round}` : ''})`,
    location: name === '' ? { kind: 'server', pointer: problem.pointer } : promptLocation(name, problem.pointer),
    ...(problem.basis === 'fields' ? {} : { spec: INPUT_REQUIRED_SPECS[problem.basis] }),
    data: { case: result.case, round, arguments: summarizeArguments(result.params.arguments, context.runtime.showValues), ...problem.data },
  });
}
