import { defineRule } from '../../engine/rule.js';
import { caseData, casesNamed, exercisedPrompts, promptLocation, quoteName, reportVerdicts } from './shared.js';

export const optionalArguments = defineRule({
  id: 'prompts/optional-arguments',
  family: 'prompts',
  needs: ['prompts'],
  description: 'A prompt renders with only its required arguments, and with each optional argument left out or empty.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'PR2',
    texts: {
      '2025-11-25': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'schema#promptargument',
        quote: 'PromptArgument: Whether this argument must be provided. required?: boolean;',
      },
      '2025-06-18': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'schema#promptargument',
        quote: 'PromptArgument: Whether this argument must be provided. required?: boolean;',
      },
      '2025-03-26': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/prompts#prompt',
        quote: 'PromptArgument: Whether this argument must be provided. required?: boolean;',
      },
      '2024-11-05': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/prompts#prompt',
        quote: 'PromptArgument: Whether this argument must be provided. required?: boolean;',
      },
      '2026-07-28': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'schema#promptargument',
        quote: 'PromptArgument: Whether this argument must be provided. required?: boolean;',
      },
    },
  },
  docs:
    'Clients build a form from the declaration and send exactly what the user filled in. An argument declared ' +
    'optional (`required` false or absent) must be omittable: cases `minimum` (required arguments only) and ' +
    '`optional-omitted` (each optional argument left out in turn) must render. Rejecting them is "optional treated ' +
    'as required", and every client that trusts the declaration fails. Case `optional-empty` sends an empty string ' +
    'for each optional argument: the server must either reject it with -32602 or render exactly what it renders ' +
    'when the argument is omitted (an empty value must not leave a dangling "Focus: " line or a marker).',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    reportVerdicts(context, casesNamed(exercised.prompts, 'minimum', 'optional-omitted'), (result) =>
      result.case === 'minimum'
        ? `prompt called with its required arguments only (case minimum)`
        : `prompt called without optional argument ${quoteName(result.argument ?? '')} (case optional-omitted)`,
    );
    for (const prompt of exercised.prompts) {
      for (const empty of prompt.results.filter((result) => result.case === 'optional-empty')) {
        if (empty.verdict !== 'correct' || !empty.rendered) {
          reportVerdicts(context, [empty], () => `optional argument ${quoteName(empty.argument ?? '')} sent empty (case optional-empty)`);
          continue;
        }
        const omitted = prompt.results.find((result) => result.case === 'optional-omitted' && result.argument === empty.argument);
        if (omitted?.rendered && omitted.rendered.digest !== empty.rendered.digest) {
          context.report({
            message: `optional argument ${quoteName(empty.argument ?? '')} sent empty renders differently from leaving it out (case optional-empty); reject it with -32602 or treat it as omitted`,
            location: promptLocation(prompt.prompt.name),
            data: caseData(empty, context.runtime.showValues),
          });
        }
      }
    }
  },
});
