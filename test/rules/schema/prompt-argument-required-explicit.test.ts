import { promptArgumentRequiredExplicit } from '../../../src/rules/schema/prompt-argument-required-explicit.js';
import { ruleTester } from '../../support/rule-tester.js';

const prompt = (name: string, argumentList: unknown[]) => ({ name, arguments: argumentList });

ruleTester(promptArgumentRequiredExplicit, {
  valid: [
    {
      name: 'true and false stated',
      server: {
        prompts: [
          prompt('review', [
            { name: 'code', required: true },
            { name: 'style', required: false },
          ]),
        ],
      },
    },
    { name: 'prompts without arguments', server: { prompts: [{ name: 'a' }, prompt('b', [])] } },
    { name: 'the type of required is prompt-shape’s business', server: { prompts: [prompt('p', [{ name: 'x', required: 'yes' }, 'y'])] } },
  ],
  invalid: [
    {
      name: 'one argument leaves it out',
      server: { prompts: [prompt('review', [{ name: 'code', required: true }, { name: 'language' }])] },
      findings: [
        {
          message: 'prompt argument "language" does not say whether it is required',
          location: { kind: 'prompt', name: 'review', pointer: '/arguments/1/required' },
          data: { argument: 'language', index: 1 },
        },
      ],
    },
    {
      name: 'one finding per argument',
      server: { prompts: [prompt('p', [{ name: 'a' }, 'not an object', { description: 'nameless' }])] },
      findings: [
        { message: 'prompt argument "a"', location: { pointer: '/arguments/0/required' }, data: { argument: 'a' } },
        { message: 'prompt argument 2 does not say', location: { pointer: '/arguments/2/required' }, data: { index: 2 } },
      ],
    },
    {
      name: 'prompt on page 2',
      server: { prompts: [prompt('a', []), prompt('b', []), prompt('c', [{ name: 'x' }])] },
      findings: [{ location: { name: 'c', pointer: '/arguments/0/required' } }],
    },
  ],
});
