import { defineRule } from '../../engine/rule.js';
import { casesNamed, exercisedPrompts, quoteName, reportVerdicts } from './shared.js';

export const emptyRequired = defineRule({
  id: 'prompts/empty-required',
  family: 'prompts',
  needs: ['prompts'],
  description: 'An empty or blank value for a required argument is rejected with -32602 (policy prompts.empty_required).',
  defaultSeverity: 'warning',
  spec: { revision: '2025-11-25', level: 'SHOULD', section: 'server/prompts#implementation-considerations', checklist: 'PR9' },
  docs:
    'Cases `empty-required` ("") and `whitespace-required` (spaces and a tab) fill each required argument with ' +
    'nothing. Servers should validate arguments before rendering; an empty required value usually renders a prompt ' +
    "with nothing where the user's input belongs. Some servers accept empty text on purpose: set " +
    '`prompts.empty_required: accept` to turn this check off for a server.',
  async check(context) {
    if (context.settings.prompts?.empty_required === 'accept') return context.skip('prompts.empty_required is accept');
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    reportVerdicts(
      context,
      casesNamed(exercised.prompts, 'empty-required', 'whitespace-required'),
      (result) =>
        `required argument ${quoteName(result.argument ?? '')} sent ${result.case === 'empty-required' ? 'empty' : 'as whitespace'} (case ${result.case})`,
    );
  },
});
