import { defineRule } from '../../engine/rule.js';
import { casesNamed, exercisedPrompts, quoteName, reportVerdicts } from './shared.js';

export const unknownArgument = defineRule({
  id: 'prompts/unknown-argument',
  family: 'prompts',
  needs: ['prompts'],
  description: 'An undeclared argument, or a declared one in other letter case, is rejected (policy prompts.unknown_arguments).',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PR9',
    texts: {
      '2025-11-25': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an undeclared argument is invalid is mcpact's reading (policy prompts.unknown_arguments), not the text's.",
      },
      '2025-06-18': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an undeclared argument is invalid is mcpact's reading (policy prompts.unknown_arguments), not the text's.",
      },
      '2025-03-26': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an undeclared argument is invalid is mcpact's reading (policy prompts.unknown_arguments), not the text's.",
      },
      '2024-11-05': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an undeclared argument is invalid is mcpact's reading (policy prompts.unknown_arguments), not the text's.",
      },
      '2026-07-28': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#implementation-considerations',
        quote: 'Servers SHOULD validate prompt arguments before processing',
        note: "That an undeclared argument is invalid is mcpact's reading (policy prompts.unknown_arguments), not the text's.",
      },
    },
  },
  docs:
    'Case `unknown-argument` adds a key no prompt declares (`mcpact_unknown_argument`); case ' +
    '`case-variant-argument` sends a declared argument under another letter case (`Code` for `code`). A server ' +
    'that silently accepts them masks client bugs: after an argument is renamed, old clients keep sending the old ' +
    'name, the server drops the value, and the model gets a generic prompt. With the default policy ' +
    '`prompts.unknown_arguments: reject`, acceptance is a finding; set it to `accept` if your server ignores ' +
    'unknown keys on purpose.',
  async check(context) {
    if (context.settings.prompts?.unknown_arguments === 'accept') return context.skip('prompts.unknown_arguments is accept');
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    reportVerdicts(context, casesNamed(exercised.prompts, 'unknown-argument', 'case-variant-argument'), (result) =>
      result.case === 'unknown-argument'
        ? `prompt called with undeclared argument "mcpact_unknown_argument" (case unknown-argument)`
        : `argument ${quoteName(result.argument ?? '')} sent as ${quoteName(result.variant ?? '')} (case case-variant-argument)`,
    );
  },
});
