import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { caseData, casesNamed, exercisedPrompts, FAILURES_ONLY, promptLocation, quoteName, reportVerdicts } from './shared.js';

export const delimiterInjection = defineRule({
  id: 'prompts/delimiter-injection',
  family: 'prompts',
  needs: ['prompts'],
  description: 'Values with closing tags, code fences or a fake "System:" turn never add messages or change roles.',
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
    'Case `delimiter-injection` sends each argument, in turn, as text that tries to leave its data boundary: closing ' +
    'tags, a code fence, a line starting "System:", a chat-template role marker and "ignore previous instructions". ' +
    'The rendered result must have the same number of messages with the same roles as the normal rendering: user ' +
    'text that can create an assistant or system turn can speak for the server. Refusing the value with an error is ' +
    'also fine; crashes and hangs are findings.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    for (const prompt of exercised.prompts) {
      const complete = prompt.results.find((result) => result.case === 'complete');
      for (const result of casesNamed([prompt], 'delimiter-injection')) {
        const subject = `argument ${quoteName(result.argument ?? '')} sent with delimiters and a fake system turn (case delimiter-injection)`;
        if (result.verdict !== 'correct') {
          reportVerdicts(context, [result], () => subject, FAILURES_ONLY);
          continue;
        }
        if (!result.rendered || !complete?.rendered) continue;
        if (complete.rendered.rolesDigest !== result.rendered.rolesDigest) {
          // What a finding shows of each: the first roles (exercise/prompts/kept-rendering.ts).
          const before = complete.rendered.roles.join(',');
          const after = result.rendered.roles.join(',');
          context.report({
            message: `${subject} changed the messages: roles [${after.slice(0, 80)}] instead of [${before.slice(0, 80)}]`,
            location: promptLocation(prompt.prompt.name),
            data: caseData(result, context.runtime.showValues, { rolesBefore: complete.rendered.roles, rolesAfter: result.rendered.roles }),
          });
        }
      }
    }
  },
});
