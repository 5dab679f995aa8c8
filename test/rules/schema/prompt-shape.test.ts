import { promptShape } from '../../../src/rules/schema/prompt-shape.js';
import { ruleTester } from '../../support/rule-tester.js';

const prompt = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: 'Does a thing.', ...extra });

ruleTester(promptShape, {
  valid: [
    {
      name: 'example from the specification',
      server: {
        prompts: [
          prompt('code_review', {
            title: 'Request Code Review',
            arguments: [{ name: 'code', title: 'Code', description: 'The code to review', required: true }, { name: 'style' }],
          }),
        ],
      },
    },
    { name: 'minimal prompts over two pages', server: { prompts: [{ name: 'a' }, { name: 'b' }, { name: 'c', arguments: [] }] } },
  ],
  invalid: [
    {
      name: 'item is a string',
      server: { prompts: ['review'] },
      findings: [{ message: 'prompt must be a JSON object, got string', location: { kind: 'prompt', name: '#0' }, data: { index: 0 } }],
    },
    {
      name: 'name missing',
      server: { prompts: [{ description: 'No name.' }] },
      findings: [{ message: 'prompt "name" is missing: it must be a string', location: { kind: 'prompt', name: '#0', pointer: '/name' } }],
    },
    {
      name: 'top-level fields of the wrong type',
      server: { prompts: [prompt('p', { title: 1, description: null, arguments: {} })] },
      findings: [
        { message: '"arguments" must be an array, got object', location: { name: 'p', pointer: '/arguments' } },
        { message: '"description" must be a string, got null', location: { name: 'p', pointer: '/description' } },
        { message: '"title" must be a string, got number', location: { name: 'p', pointer: '/title' } },
      ],
    },
    {
      name: 'argument is not an object',
      server: { prompts: [prompt('p', { arguments: ['code'] })] },
      findings: [{ message: 'prompt argument 0 must be a JSON object, got string', location: { name: 'p', pointer: '/arguments/0' } }],
    },
    {
      name: 'argument without a name',
      server: { prompts: [prompt('p', { arguments: [{ name: 'a' }, { required: true }] })] },
      findings: [{ message: 'prompt argument 1 "name" is missing', location: { pointer: '/arguments/1/name' }, data: { index: 1, field: 'name' } }],
    },
    {
      name: 'required is a string',
      server: { prompts: [prompt('p', { arguments: [{ name: 'a' }, { name: 'b' }, { name: 'c', required: 'yes' }] })] },
      findings: [
        { message: 'prompt argument 2 "required" must be a boolean, got string', location: { kind: 'prompt', name: 'p', pointer: '/arguments/2/required' } },
      ],
    },
    {
      name: 'several argument fields wrong',
      server: { prompts: [prompt('p', { arguments: [{ name: 1, title: 2, description: 3 }] })] },
      findings: [
        { location: { pointer: '/arguments/0/description' } },
        { location: { pointer: '/arguments/0/name' } },
        { location: { pointer: '/arguments/0/title' } },
      ],
    },
    {
      name: 'one broken prompt among good ones (page 2)',
      server: { prompts: [prompt('a'), prompt('b'), prompt('c', { arguments: [null] })] },
      findings: [{ message: 'got null', location: { kind: 'prompt', name: 'c', pointer: '/arguments/0' } }],
    },
  ],
});
