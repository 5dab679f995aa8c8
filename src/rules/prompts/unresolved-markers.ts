import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { SYNTAX_MARKERS, WORD_MARKERS } from '../../exercise/prompts/markers.js';
import { caseData, exercisedPrompts, promptLocation } from './shared.js';

export const unresolvedMarkers = defineRule({
  id: 'prompts/unresolved-markers',
  family: 'prompts',
  needs: ['prompts'],
  description: 'Rendered text has no leftover placeholders ({{name}}, ${name}), [object Object] or stray undefined/null/NaN.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'A rendering carries no leftover placeholder ({{name}}, ${name}), no [object Object] and no undefined, null or NaN a case introduced: the model would read them as text. The specification says nothing about what a rendering may contain.',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/prompts#getting-a-prompt',
      quote: 'To retrieve a specific prompt, clients send a `prompts/get` request.',
      note: 'The text says nothing about what a rendering may contain.',
    }),
  },
  docs:
    'In every successful rendering of the matrix, mcpact looks for placeholders that were not resolved, by their ' +
    'shape: `{{name}}` (also with a helper, arguments or a filter: `{{#if draft}}`, `{{ user.name | upper }}`; a pair ' +
    'of braces is one marker) and `${name}`, and for `[object Object]`. Braces around anything else (a JSX style ' +
    "object `{{ color: 'red' }}`) are no placeholder, and code spans and fenced blocks are the author's code, quoted " +
    'on purpose: both are left out. So are the spans that are values mcpact sent: case `template-injection` sends ' +
    '`{{<other argument>}}`, and a server that renders it verbatim, once or many times, does right. The words ' +
    '`undefined`, `null` and `NaN` are flagged only when a case introduces them, i.e. they are absent from the ' +
    'rendering with all arguments: the classic "Focus: undefined" when an optional argument is left out. The ' +
    'finding names the marker and the case, not the text.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    for (const prompt of exercised.prompts) {
      // The markers were counted on the whole text when the matrix kept the rendering, outside every span that is a
      // value mcpact sent (exercise/prompts/kept-rendering.ts): those spans are mcpact's words, not the server's.
      const complete = prompt.results.find((result) => result.case === 'complete')?.rendered?.markers;
      const seen = new Set<string>();
      // Renderings of invalid input are judged by the rule for that case; markers there would say it twice.
      for (const result of prompt.results.filter((entry) => entry.expected !== 'invalid-params')) {
        const counts = result.rendered?.markers;
        if (counts === undefined) continue;
        const found = [
          ...SYNTAX_MARKERS.filter((marker) => (counts.get(marker) ?? 0) > 0),
          ...WORD_MARKERS.filter((word) => (counts.get(word) ?? 0) > (complete?.get(word) ?? 0)),
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
