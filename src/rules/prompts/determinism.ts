import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { promptRenders } from '../../exercise/prompts/exercise.js';
import { ANSWERED } from '../answered.js';
import { caseData, casesNamed, exercisedPrompts, FAILURES_ONLY, promptLocation, reportVerdicts } from './shared.js';

export const determinism = defineRule({
  id: 'prompts/determinism',
  family: 'prompts',
  needs: ['prompts'],
  description: 'The same arguments twice render identical messages.',
  defaultSeverity: 'info',
  spec: {
    basis: 'policy',
    policy:
      'The same arguments render the same messages twice, so that a rendering can be checked against a golden file and model behaviour reproduced. The specification does not ask for it.',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/prompts#getting-a-prompt',
      quote: 'To retrieve a specific prompt, clients send a `prompts/get` request.',
      note: 'The text does not ask for identical renderings of the same arguments.',
    }),
  },
  alsoQuotes: { 'no proper answer': ANSWERED },
  docs:
    'Case `determinism` repeats the accepted call and compares the messages byte for byte. A prompt that embeds a ' +
    'timestamp, a random id or unordered data cannot be checked against a golden file without `normalize` rules, ' +
    'and makes model behaviour harder to reproduce. Informational: some prompts are meant to vary.',
  async check(context) {
    const exercised = await exercisedPrompts(context, promptRenders);
    if (!exercised) return;
    for (const prompt of exercised.prompts) {
      const complete = prompt.results.find((result) => result.case === 'complete');
      for (const again of casesNamed([prompt], 'determinism')) {
        if (again.verdict !== 'correct') {
          reportVerdicts(
            context,
            [again],
            () => 'the accepted call repeated (case determinism)',
            undefined,
            (result) => (FAILURES_ONLY.includes(result.verdict) ? { spec: ANSWERED } : {}),
          );
        } else if (complete?.rendered && again.rendered && complete.rendered.digest !== again.rendered.digest) {
          context.report({
            message: 'the same arguments rendered different messages on a second call (case determinism)',
            location: promptLocation(prompt.prompt.name),
            data: caseData(again, context.runtime.showValues, { anchor: 'identical messages' }),
          });
        }
      }
    }
  },
});
