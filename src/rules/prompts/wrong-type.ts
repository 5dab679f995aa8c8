import { defineRule } from '../../engine/rule.js';
import { casesNamed, exercisedPrompts, quoteName, reportVerdicts } from './shared.js';

export const wrongType = defineRule({
  id: 'prompts/wrong-type',
  family: 'prompts',
  description: 'An argument value that is not a string is rejected with -32602, not -32603 and not rendered.',
  defaultSeverity: 'warning',
  spec: { revision: '2025-11-25', level: 'SHOULD', section: 'server/prompts#implementation-considerations', checklist: 'PR9' },
  docs:
    'Prompt arguments are a map of names to strings. Case `wrong-type` sends each argument as a number, a boolean, ' +
    'null, an object and an array (`data.variant` says which). The server should validate and answer -32602 ' +
    '(invalid params). -32603 (internal error) means the value reached code that did not expect it; a rendered ' +
    'result means "[object Object]" or "42" may have reached the model. Servers built on the TypeScript SDK answer ' +
    '-32603 here today; the finding says which code was seen.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    reportVerdicts(context, casesNamed(exercised.prompts, 'wrong-type'), (result) =>
      `argument ${quoteName(result.argument ?? '')} sent as ${result.variant ?? 'a non-string'} (case wrong-type)`,
    );
  },
});
