import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';
import { exercisePrompts } from '../../exercise/prompts/exercise.js';
import { describeOutcome } from '../outcome.js';

export const completionUnknownPrompt = defineRule({
  id: 'prompts/completion-unknown-prompt',
  family: 'prompts',
  needs: ['prompts'],
  description: 'completion/complete for a prompt that does not exist gets -32602.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'C3',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/utilities/completion#requesting-completions',
        quote: 'To get completion suggestions, clients send a `completion/complete` request specifying what is being completed through a reference type:',
        note: 'This revision lists no error codes for completion/complete.',
      },
      {
        '2025-03-26': {
          keyword: 'SHOULD',
          section: 'server/utilities/completion#error-handling',
          quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid prompt name: `-32602` (Invalid params)',
          note: undefined,
        },
      },
    ),
  },
  docs:
    'Asked to complete an argument of `mcpact-no-such-prompt`, a server that declares `completions` should answer ' +
    '-32602 (invalid params). Suggestions for a prompt that does not exist, or -32603, mislead clients.',
  async check(context) {
    if (context.surface.capabilities.completions === undefined) return context.skip('the server does not declare completions');
    const outcome = (await exercisePrompts(context)).completionForUnknownPrompt;
    if (!outcome || (outcome.kind === 'error' && outcome.code === -32602)) return;
    context.report({
      message: `completion/complete for a prompt that does not exist got ${describeOutcome(outcome)}; expected JSON-RPC error -32602`,
      location: { kind: 'server' },
      answer: answerOf(outcome),
      data: { outcome: outcome.kind, code: outcome.kind === 'error' ? outcome.code : undefined, expected: -32602, said: wordsOf(outcome) },
    });
  },
});
