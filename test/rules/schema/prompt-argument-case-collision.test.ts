import { promptArgumentCaseCollision } from '../../../src/rules/schema/prompt-argument-case-collision.js';
import { ruleTester } from '../../support/rule-tester.js';

const prompt = (name: string, argumentNames: unknown[]) => ({ name, arguments: argumentNames.map((argument) => ({ name: argument, required: true })) });

ruleTester(promptArgumentCaseCollision, {
  valid: [
    { name: 'distinct arguments', server: { prompts: [prompt('review', ['code', 'language', 'codeStyle'])] } },
    { name: 'exact duplicates are prompt-argument-unique’s finding', server: { prompts: [prompt('review', ['code', 'code'])] } },
    { name: 'the same name spelled differently in two prompts', server: { prompts: [prompt('a', ['code']), prompt('b', ['Code'])] } },
  ],
  invalid: [
    {
      name: 'code and Code',
      server: { prompts: [prompt('review', ['code', 'Code'])] },
      findings: [
        {
          message: 'prompt arguments "code" and "Code" differ only by case',
          location: { kind: 'prompt', name: 'review', pointer: '/arguments/1/name' },
          data: { argument: 'Code', other: 'code', firstIndex: 0, index: 1 },
        },
      ],
    },
    {
      name: 'exact duplicate and a case variant: one finding',
      server: { prompts: [prompt('review', ['code', 'code', 'CODE'])] },
      findings: [{ message: '"code" and "CODE"', location: { pointer: '/arguments/2/name' }, data: { other: 'code', index: 2 } }],
    },
    {
      name: 'two collisions in one prompt',
      server: { prompts: [prompt('p', ['a', 'b', 'B', 'A'])] },
      findings: [
        // Two collisions of one shape: one finding at both places.
        { message: '"b" and "B"', location: { pointer: '/arguments/2/name' }, count: 2 },
      ],
    },
    {
      name: 'prompt on page 2',
      server: { prompts: [prompt('a', ['x']), prompt('b', ['y']), prompt('c', ['Path', 'path'])] },
      findings: [{ location: { name: 'c', pointer: '/arguments/1/name' } }],
    },
  ],
});
