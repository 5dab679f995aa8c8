import { promptNameUnique } from '../../../src/rules/schema/prompt-name-unique.js';
import { ruleTester } from '../../support/rule-tester.js';

const prompt = (name: unknown) => ({ name });

ruleTester(promptNameUnique, {
  valid: [
    { name: 'distinct names over two pages', server: { prompts: [prompt('a'), prompt('b'), prompt('c')] } },
    { name: 'names are case-sensitive', server: { prompts: [prompt('review'), prompt('Review')] } },
    { name: 'non-string names are not compared', server: { prompts: [prompt(null), prompt(null), prompt('x')] } },
  ],
  invalid: [
    {
      name: 'duplicate across pages',
      server: { prompts: [prompt('review'), prompt('summarize'), prompt('review')] },
      findings: [
        {
          message: 'prompt name "review" is used by 2 prompts (first at index 0, again at index 2)',
          location: { kind: 'prompt', name: 'review', pointer: '/name' },
          data: { name: 'review', firstIndex: 0, index: 2 },
        },
      ],
    },
    {
      name: 'three times is reported once',
      server: { prompts: [prompt('x'), prompt('y'), prompt('x'), prompt('x')] },
      findings: [{ message: 'used by 3 prompts', data: { firstIndex: 0, index: 2, count: 3 } }],
    },
  ],
});
