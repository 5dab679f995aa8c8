import { defineRule } from '../../engine/rule.js';
import type { CaseResult } from '../../exercise/prompts/exercise.js';
import { caseData, exercisedPrompts, promptLocation } from './shared.js';

/** Template syntax that should never survive rendering. */
const SYNTAX_MARKERS = ['{{', '}}', '${', '[object Object]'] as const;
/** Words that are ordinary English or code in a prompt, but a bug when rendering introduces them. */
const WORD_MARKERS = ['undefined', 'null', 'NaN'] as const;

const count = (text: string, needle: string) => text.split(needle).length - 1;
const countWord = (text: string, word: string) => (text.match(new RegExp(`\\b${word}\\b`, 'g')) ?? []).length;

function supplied(result: CaseResult): string {
  const args = result.params.arguments;
  return typeof args === 'object' && args !== null ? Object.values(args).map(String).join('\n') : '';
}

export const unresolvedMarkers = defineRule({
  id: 'prompts/unresolved-markers',
  family: 'prompts',
  needs: ['prompts'],
  description: 'Rendered text has no leftover template markers ({{, }}, ${, [object Object]) or stray undefined/null/NaN.',
  defaultSeverity: 'warning',
  spec: {
    texts: {
      '2025-11-25': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts#getting-a-prompt',
        quote: 'To retrieve a specific prompt, clients send a `prompts/get` request.',
        note: 'The text says nothing about what a rendering may contain.',
      },
      '2025-06-18': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts#getting-a-prompt',
        quote: 'To retrieve a specific prompt, clients send a `prompts/get` request.',
        note: 'The text says nothing about what a rendering may contain.',
      },
      '2025-03-26': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts#getting-a-prompt',
        quote: 'To retrieve a specific prompt, clients send a `prompts/get` request.',
        note: 'The text says nothing about what a rendering may contain.',
      },
      '2024-11-05': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts#getting-a-prompt',
        quote: 'To retrieve a specific prompt, clients send a `prompts/get` request.',
        note: 'The text says nothing about what a rendering may contain.',
      },
      '2026-07-28': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts#getting-a-prompt',
        quote: 'To retrieve a specific prompt, clients send a `prompts/get` request.',
        note: 'The text says nothing about what a rendering may contain.',
      },
    },
  },
  docs:
    'In every successful rendering of the matrix, mcpact looks for template syntax that was not resolved (`{{`, `}}`, ' +
    '`${`) and for `[object Object]`, except where the supplied values themselves contain them. The words ' +
    '`undefined`, `null` and `NaN` are flagged only when a case introduces them, i.e. they are absent from the ' +
    'rendering with all arguments: the classic "Focus: undefined" when an optional argument is left out. The ' +
    'finding names the marker and the case, not the text.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    for (const prompt of exercised.prompts) {
      const complete = prompt.results.find((result) => result.case === 'complete')?.rendered?.text ?? '';
      const seen = new Set<string>();
      // Renderings of invalid input are judged by the rule for that case; markers there would say it twice.
      for (const result of prompt.results.filter((entry) => entry.expected !== 'invalid-params')) {
        const text = result.rendered?.text;
        if (text === undefined) continue;
        const values = supplied(result);
        const found = [
          ...SYNTAX_MARKERS.filter((marker) => count(text, marker) > count(values, marker)),
          ...WORD_MARKERS.filter((word) => countWord(text, word) > countWord(values, word) && countWord(text, word) > countWord(complete, word)),
        ];
        for (const marker of found) {
          if (seen.has(marker)) continue;
          seen.add(marker);
          context.report({
            message: `rendered text contains unresolved ${JSON.stringify(marker)} (case ${result.case}${result.argument ? `, argument ${JSON.stringify(result.argument)}` : ''})`,
            location: promptLocation(prompt.prompt.name),
            data: caseData(result, context.runtime.showValues, { anchor: marker }),
          });
        }
      }
    }
  },
});
