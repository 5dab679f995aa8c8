import { defineRule } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { caseData, casesNamed, exercisedPrompts, promptLocation, quoteName, reportVerdicts } from './shared.js';

/** "Missing required arguments: -32602": the code the text asks for. */
const MISSING = {
  checklist: 'PR7',
  texts: since('2024-11-05', {
    keyword: 'SHOULD',
    binds: 'server',
    section: 'server/prompts#error-handling',
    quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Missing required arguments: `-32602` (Invalid params)',
  }),
} satisfies RuleSpec;

/** That the refusal names the argument is mcpact's policy: the text asks for the code, not for any words. */
const NAMED: RuleSpec = {
  ...MISSING,
  basis: 'policy',
  policy: 'The -32602 error for a missing required argument names the argument, so that a user can fix the call. The specification asks for the code only.',
};

export const missingRequired = defineRule({
  id: 'prompts/missing-required',
  family: 'prompts',
  needs: ['prompts'],
  description: 'Leaving out a required argument is rejected with -32602, and the message names the argument.',
  defaultSeverity: 'warning',
  spec: MISSING,
  alsoQuotes: { 'the words of the refusal': NAMED },
  docs:
    'Case `missing-required` omits each required argument in turn. The spec asks servers to answer -32602 ' +
    '(invalid params) for missing required arguments. A server that renders anyway hands the model a prompt with a ' +
    "hole in it; one that answers -32603 or crashes looks broken to the client. mcpact's policy adds that the " +
    'error message names the argument, so a user can fix the call (the text asks for the code only, so that finding ' +
    'rests on the policy). The requirement is a SHOULD, hence a warning: raise it to error in the ' +
    'config if your clients rely on it.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    const results = casesNamed(exercised.prompts, 'missing-required');
    reportVerdicts(context, results, (result) => `prompt called without required argument ${quoteName(result.argument ?? '')} (case missing-required)`);
    for (const result of results) {
      const { outcome } = result;
      if (result.verdict !== 'correct' || outcome.kind !== 'error' || result.argument === undefined) continue;
      if (typeof outcome.message === 'string' && outcome.message.includes(result.argument)) continue;
      context.report({
        message: `the -32602 error for missing argument ${quoteName(result.argument)} does not name it (case missing-required)`,
        location: promptLocation(result.prompt),
        data: caseData(result, context.runtime.showValues, { anchor: 'error message names the argument' }),
        spec: NAMED,
      });
    }
  },
});
