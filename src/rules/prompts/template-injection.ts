import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import type { KeptRendering } from '../../exercise/prompts/kept-rendering.js';
import { caseData, casesNamed, exercisedPrompts, FAILURES_ONLY, promptLocation, quoteName, reportVerdicts } from './shared.js';

/** How often the rendering shows the value sent for argument `name`, verbatim. */
const verbatim = (rendered: KeptRendering, name: string | undefined) => (name === undefined ? 0 : (rendered.carried.get(name)?.occurrences ?? 0));

export const templateInjection = defineRule({
  id: 'prompts/template-injection',
  family: 'prompts',
  needs: ['prompts'],
  description: "A value like {{other_argument}} stays text: it is never replaced by another argument's value.",
  defaultSeverity: 'error',
  spec: {
    texts: since('2024-11-05', {
      keyword: 'MUST',
      binds: 'both',
      section: 'server/prompts#security',
      quote: 'Implementations MUST carefully validate all prompt inputs and outputs to prevent injection attacks or unauthorized access to resources.',
    }),
  },
  docs:
    'Case `template-injection` sends the first argument as `{{<second argument>}}`. A server that renders by ' +
    'substituting into a template and then substitutes again (or builds the template from user text) replaces it ' +
    "with the second argument's value: user input can then pull any other value, including hidden ones, into the " +
    'prompt. The value must appear as the literal text (escaped is fine), or be refused with an error. Crashes and ' +
    'hangs are findings too.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    for (const prompt of exercised.prompts) {
      const complete = prompt.results.find((result) => result.case === 'complete');
      for (const result of casesNamed([prompt], 'template-injection')) {
        if (result.verdict !== 'correct') {
          reportVerdicts(
            context,
            [result],
            () => `argument ${quoteName(result.argument ?? '')} sent as {{${result.variant ?? ''}}} (case template-injection)`,
            FAILURES_ONLY,
          );
          continue;
        }
        if (!result.rendered || !complete?.rendered || result.variant === undefined || !prompt.accepted) continue;
        // The second argument sends its accepted value in both calls; the first sends `{{<second>}}` in this one.
        const grew = verbatim(result.rendered, result.variant) > verbatim(complete.rendered, result.variant);
        if (grew && verbatim(result.rendered, result.argument) === 0) {
          context.report({
            message: `argument ${quoteName(result.argument ?? '')} sent as {{${result.variant}}} was replaced by the value of ${quoteName(result.variant)} (case template-injection)`,
            location: promptLocation(prompt.prompt.name),
            data: caseData(result, context.runtime.showValues, { anchor: `{{${result.variant}}} substituted` }),
          });
        }
      }
    }
  },
});
