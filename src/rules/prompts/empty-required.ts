import { defineRule } from '../../engine/rule.js';
import { casesNamed, exercisedPrompts, quoteName, reportVerdicts } from './shared.js';

export const emptyRequired = defineRule({
  id: 'prompts/empty-required',
  family: 'prompts',
  needs: ['prompts'],
  description: 'An empty or blank value for a required argument is rejected with -32602 (policy prompts.empty_required).',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PR9',
    texts: {
      '2025-11-25': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an empty or blank value for a required argument is invalid is mcpact's reading (policy prompts.empty_required), not the text's.",
      },
      '2025-06-18': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an empty or blank value for a required argument is invalid is mcpact's reading (policy prompts.empty_required), not the text's.",
      },
      '2025-03-26': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an empty or blank value for a required argument is invalid is mcpact's reading (policy prompts.empty_required), not the text's.",
      },
      '2024-11-05': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an empty or blank value for a required argument is invalid is mcpact's reading (policy prompts.empty_required), not the text's.",
      },
      '2026-07-28': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an empty or blank value for a required argument is invalid is mcpact's reading (policy prompts.empty_required), not the text's.",
      },
    },
  },
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
