import { defineRule } from '../../engine/rule.js';
import { promptRenders } from '../../exercise/prompts/exercise.js';
import { caseData, exercisedPrompts, promptLocation, quoteName } from './shared.js';

export const argumentDropped = defineRule({
  id: 'prompts/argument-dropped',
  family: 'prompts',
  needs: ['prompts'],
  description: 'Every supplied argument value appears in the rendered messages (verbatim or escaped).',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'Every argument value supplied appears in the rendering (verbatim or escaped), or the argument was probably read under another name. The specification does not say how an argument shows in the rendering.',
    texts: {
      '2025-11-25': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts',
        quote: 'Clients can discover available prompts, retrieve their contents, and provide arguments to customize them.',
        note: 'The text does not say how an argument must show in the rendering.',
      },
      '2025-06-18': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts',
        quote: 'Clients can discover available prompts, retrieve their contents, and provide arguments to customize them.',
        note: 'The text does not say how an argument must show in the rendering.',
      },
      '2025-03-26': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts',
        quote: 'Clients can discover available prompts, retrieve their contents, and provide arguments to customize them.',
        note: 'The text does not say how an argument must show in the rendering.',
      },
      '2024-11-05': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts',
        quote: 'Clients can discover available prompts, retrieve their contents, and provide arguments to customize them.',
        note: 'The text does not say how an argument must show in the rendering.',
      },
      '2026-07-28': {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts',
        quote: 'Clients can discover available prompts, retrieve their contents, and provide arguments to customize them.',
        note: 'The text does not say how an argument must show in the rendering.',
      },
    },
  },
  docs:
    "In the rendering with all arguments (case `complete`), each argument's value must appear in the text a model " +
    'reads: verbatim, JSON-escaped, HTML-escaped or URL-encoded. A value that appears nowhere was dropped: the ' +
    'signature of an argument renamed on one side only, where the server reads `lang` while clients send ' +
    '`language` and the model gets a generic prompt. Prompts that deliberately turn a value into other words (a ' +
    'risk level into an instruction) trip this check: re-level it or turn it off for that server.',
  async check(context) {
    const exercised = await exercisedPrompts(context, promptRenders);
    if (!exercised) return;
    for (const prompt of exercised.prompts) {
      const complete = prompt.results.find((result) => result.case === 'complete');
      if (!complete?.rendered || !prompt.accepted) continue;
      for (const [name, value] of Object.entries(prompt.accepted)) {
        if (value.trim() === '' || complete.rendered.carried.get(name)?.appears === true) continue;
        context.report({
          message: `the value of argument ${quoteName(name)} appears nowhere in the rendered messages (case complete)`,
          location: promptLocation(prompt.prompt.name),
          data: caseData(complete, context.runtime.showValues, { argument: name, anchor: 'value rendered' }),
        });
      }
    }
  },
});
