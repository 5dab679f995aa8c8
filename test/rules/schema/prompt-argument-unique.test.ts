import { promptArgumentUnique } from '../../../src/rules/schema/prompt-argument-unique.js';
import { ruleTester } from '../../support/rule-tester.js';

const prompt = (name: string, argumentNames: unknown[]) => ({ name, arguments: argumentNames.map((argument) => ({ name: argument, required: true })) });

ruleTester(promptArgumentUnique, {
  valid: [
    { name: 'distinct arguments', server: { prompts: [prompt('review', ['code', 'language'])] } },
    { name: 'the same argument in two prompts', server: { prompts: [prompt('a', ['code']), prompt('b', ['code']), prompt('c', [])] } },
    { name: 'names that differ by case are another rule', server: { prompts: [prompt('review', ['code', 'Code'])] } },
    {
      name: 'malformed arguments are skipped',
      server: {
        prompts: [
          { name: 'p', arguments: [1, 1, { name: 2 }, { name: 2 }] },
          { name: 'q', arguments: 'x' },
        ],
      },
    },
  ],
  invalid: [
    {
      name: 'argument declared twice',
      server: { prompts: [prompt('review', ['code', 'language', 'code'])] },
      findings: [
        {
          message: 'prompt argument "code" is declared 2 times (first at index 0, again at index 2)',
          location: { kind: 'prompt', name: 'review', pointer: '/arguments/2/name' },
          data: { argument: 'code', firstIndex: 0, index: 2 },
        },
      ],
    },
    {
      name: 'two duplicated arguments',
      server: { prompts: [prompt('p', ['a', 'a', 'b', 'b', 'b'])] },
      findings: [
        // One shape at two places: one finding standing for both (the data is the first's).
        { location: { pointer: '/arguments/1/name' }, data: { argument: 'a', count: 2 }, count: 2 },
      ],
    },
    {
      name: 'prompt on page 2',
      server: { prompts: [prompt('a', ['x']), prompt('b', ['y']), prompt('c', ['z', 'z'])] },
      findings: [{ location: { name: 'c', pointer: '/arguments/1/name' } }],
    },
  ],
});
