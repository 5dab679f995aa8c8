import { defineRule } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { ANSWERED } from '../answered.js';
import { caseData, casesNamed, exercisedPrompts, FAILURES_ONLY, promptLocation, quoteName, refusalPolicy, reportVerdicts } from './shared.js';

/** "Whether this argument must be provided": what the declaration promises of an optional argument. */
const DECLARATION = {
  checklist: 'PR2',
  texts: since(
    '2024-11-05',
    {
      keyword: 'SCHEMA',
      binds: 'server',
      section: 'server/prompts#prompt',
      quote: 'PromptArgument: Whether this argument must be provided. required?: boolean;',
    },
    { '2025-06-18': { section: 'schema#promptargument' } },
  ),
} satisfies RuleSpec;

/**
 * That an optional argument sent empty means the same as leaving it out is mcpact's policy: the declaration says
 * only whether it must be provided, nothing about empty values.
 */
const EMPTY_OPTIONAL: RuleSpec = {
  ...DECLARATION,
  basis: 'policy',
  policy:
    'An optional argument sent as "" renders exactly what leaving it out renders, or is refused with -32602, so that no dangling "Focus: " line reaches the model. The declaration says only whether an argument must be provided, nothing about empty values.',
};

export const optionalArguments = defineRule({
  id: 'prompts/optional-arguments',
  family: 'prompts',
  needs: ['prompts'],
  description: 'A prompt renders with only its required arguments, and with each optional argument left out or empty.',
  defaultSeverity: 'error',
  spec: DECLARATION,
  alsoQuotes: { 'empty optional values': EMPTY_OPTIONAL, 'no proper answer': ANSWERED },
  docs:
    'Clients build a form from the declaration and send exactly what the user filled in. An argument declared ' +
    'optional (`required` false or absent) must be omittable: cases `minimum` (required arguments only) and ' +
    '`optional-omitted` (each optional argument left out in turn) must render. Rejecting them is "optional treated ' +
    'as required", and every client that trusts the declaration fails: an error, on the declaration\'s own sentence. ' +
    "Case `optional-empty` sends an empty string for each optional argument. mcpact's policy is that the server " +
    'either rejects it with -32602 or renders exactly what it renders when the argument is omitted (an empty value ' +
    'must not leave a dangling "Focus: " line or a marker). The declaration says nothing about empty values, so ' +
    'those findings rest on the policy and are warnings. A crash, a hang or a response that is neither result nor ' +
    'error breaks JSON-RPC and cites it.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    reportVerdicts(
      context,
      casesNamed(exercised.prompts, 'minimum', 'optional-omitted'),
      (result) =>
        result.case === 'minimum'
          ? `prompt called with its required arguments only (case minimum)`
          : `prompt called without optional argument ${quoteName(result.argument ?? '')} (case optional-omitted)`,
      undefined,
      (result) => (FAILURES_ONLY.includes(result.verdict) ? { spec: ANSWERED } : {}),
    );
    for (const prompt of exercised.prompts) {
      for (const empty of prompt.results.filter((result) => result.case === 'optional-empty')) {
        if (empty.verdict !== 'correct' || !empty.rendered) {
          reportVerdicts(
            context,
            [empty],
            () => `optional argument ${quoteName(empty.argument ?? '')} sent empty (case optional-empty)`,
            undefined,
            refusalPolicy(EMPTY_OPTIONAL),
          );
          continue;
        }
        const omitted = prompt.results.find((result) => result.case === 'optional-omitted' && result.argument === empty.argument);
        if (omitted?.rendered && omitted.rendered.digest !== empty.rendered.digest) {
          context.report({
            message: `optional argument ${quoteName(empty.argument ?? '')} sent empty renders differently from leaving it out (case optional-empty); reject it with -32602 or treat it as omitted`,
            location: promptLocation(prompt.prompt.name),
            data: caseData(empty, context.runtime.showValues),
            spec: EMPTY_OPTIONAL,
          });
        }
      }
    }
  },
});
