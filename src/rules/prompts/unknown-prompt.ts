import { defineRule } from '../../engine/rule.js';
import { casesNamed, exercisedPrompts, quoteName, reportVerdicts } from './shared.js';

export const unknownPrompt = defineRule({
  id: 'prompts/unknown-prompt',
  family: 'prompts',
  needs: ['prompts'],
  description: 'prompts/get for a prompt that does not exist, or a listed name in other letter case, gets -32602.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PR6',
    texts: {
      '2025-11-25': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#error-handling',
        quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid prompt name: `-32602` (Invalid params)',
      },
      '2025-06-18': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#error-handling',
        quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid prompt name: `-32602` (Invalid params)',
      },
      '2025-03-26': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#error-handling',
        quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid prompt name: `-32602` (Invalid params)',
      },
      '2024-11-05': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#error-handling',
        quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid prompt name: `-32602` (Invalid params)',
      },
      '2026-07-28': {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/prompts#error-handling',
        quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid prompt name: `-32602` (Invalid params)',
      },
    },
  },
  docs:
    'Case `unknown-prompt` asks for `mcpact-no-such-prompt`; case `case-variant-prompt` asks for a listed prompt ' +
    'with its first letter in the other case. Both should be rejected with -32602. Matching names ' +
    'case-insensitively makes two clients disagree about which prompts exist.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    const results = [
      ...exercised.exercise.server.filter((result) => result.case === 'unknown-prompt'),
      ...casesNamed(exercised.prompts, 'case-variant-prompt'),
    ];
    reportVerdicts(context, results, (result) =>
      result.case === 'unknown-prompt'
        ? 'prompts/get for a prompt that does not exist (case unknown-prompt)'
        : `prompts/get for ${quoteName(result.variant ?? '')} (case case-variant-prompt)`,
    );
  },
});
