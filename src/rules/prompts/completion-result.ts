import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { answerOf } from '../../exercise/answers.js';
import type { Outcome } from '../../connect/rpc.js';
import { asRecord, jsonType } from '../../util/json.js';
import { describeOutcome } from '../outcome.js';
import { promptRenders } from '../../exercise/prompts/exercise.js';
import { promptLocation, quoteName } from './shared.js';

const MAX_VALUES = 100;

/** What is wrong with a completion/complete outcome, or undefined when it is a valid result or a -32602. */
export function completionProblem(outcome: Outcome): string | undefined {
  if (outcome.kind === 'error') return outcome.code === -32602 ? undefined : `failed with ${describeOutcome(outcome)}`;
  if (outcome.kind !== 'result') return `got ${describeOutcome(outcome)}`;
  const completion = asRecord(asRecord(outcome.result)?.completion);
  if (!completion) return 'result has no completion object';
  const { values, total, hasMore } = completion;
  if (!Array.isArray(values)) return `completion.values must be an array, got ${jsonType(values)}`;
  if (values.length > MAX_VALUES) return `completion.values has ${values.length} entries; at most ${MAX_VALUES} are allowed`;
  const bad = values.findIndex((value) => typeof value !== 'string');
  if (bad !== -1) return `completion.values[${bad}] must be a string, got ${jsonType(values[bad])}`;
  if (total !== undefined && (typeof total !== 'number' || !Number.isInteger(total) || total < 0)) return 'completion.total must be a non-negative integer';
  if (hasMore !== undefined && typeof hasMore !== 'boolean') return 'completion.hasMore must be a boolean';
  return undefined;
}

export const completionResult = defineRule({
  id: 'prompts/completion-result',
  family: 'prompts',
  needs: ['prompts'],
  description: 'completion/complete for each prompt argument answers with at most 100 string values and well-typed total/hasMore.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'C2',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/utilities/completion#completeresult',
        quote: 'CompleteResult: An array of completion values. Must not exceed 100 items. values: string[];',
      },
      {
        '2025-06-18': { section: 'schema#completeresult' },
        '2026-07-28': { quote: 'CompleteResult: An array of completion values. Must not exceed 100 items. … values: string[];' },
      },
    ),
  },
  docs:
    'When a server declares `completions`, clients ask it for suggestions as the user types a prompt argument. ' +
    'mcpact asks once per argument of every prompt, with an empty value. The result must be ' +
    '`{ completion: { values: string[], total?: integer, hasMore?: boolean } }` with at most 100 values. An ' +
    'argument without suggestions answers an empty list (-32602 is tolerated); -32603, a hang or a crash is a ' +
    'finding. Without the capability the method must answer -32601: that is protocol/capability-consistency.',
  async check(context) {
    if (context.surface.capabilities.completions === undefined) return context.skip('the server does not declare completions');
    const exercise = await promptRenders(context);
    for (const prompt of exercise.prompts) {
      for (const [argument, outcome] of prompt.completions) {
        const problem = completionProblem(outcome);
        if (problem === undefined) continue;
        context.report({
          message: `completion for argument ${quoteName(argument)}: ${problem}`,
          location: promptLocation(prompt.prompt.name),
          answer: answerOf(outcome),
          data: { argument, outcome: outcome.kind, code: outcome.kind === 'error' ? outcome.code : undefined },
        });
      }
    }
  },
});
