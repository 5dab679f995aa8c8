import { toolShape } from '../../../src/rules/schema/tool-shape.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: 'Does a thing.', inputSchema: { type: 'object' }, ...extra });

ruleTester(toolShape, {
  valid: [
    {
      name: 'every field with its type',
      server: { tools: [tool('echo', { title: 'Echo', icons: [{ src: 'https://example.com/echo.png' }], _meta: { 'example.com/v': 1 } })] },
    },
    { name: 'minimal tools over two pages', server: { tools: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } },
    {
      name: 'fields owned by other rules are not checked',
      server: { tools: [{ name: 'get user/by id', inputSchema: null, outputSchema: 5, annotations: 'x' }] },
    },
  ],
  invalid: [
    {
      name: 'item is a string',
      server: { tools: ['echo'] },
      findings: [{ message: 'tool must be a JSON object, got string', location: { kind: 'tool', name: '#0' }, data: { index: 0 } }],
    },
    { name: 'item is null', server: { tools: [null] }, findings: [{ message: 'got null', location: { kind: 'tool', name: '#0' } }] },
    {
      name: 'name missing',
      server: { tools: [{ description: 'No name.' }] },
      findings: [{ message: 'tool "name" is missing: it must be a string', location: { kind: 'tool', name: '#0', pointer: '/name' } }],
    },
    {
      name: 'name is a number',
      server: { tools: [{ name: 42 }] },
      findings: [{ message: '"name" must be a string, got number', location: { name: '#0', pointer: '/name' }, data: { field: 'name', got: 'number' } }],
    },
    {
      name: 'optional fields of the wrong type, null included',
      server: { tools: [tool('echo', { title: null, description: 5, icons: {}, _meta: [] })] },
      findings: [
        { message: '"_meta" must be an object, got array', location: { name: 'echo', pointer: '/_meta' } },
        { message: '"description" must be a string, got number', location: { name: 'echo', pointer: '/description' } },
        { message: '"icons" must be an array, got object', location: { name: 'echo', pointer: '/icons' } },
        { message: '"title" must be a string, got null', location: { name: 'echo', pointer: '/title' } },
      ],
    },
    {
      name: 'one broken tool among good ones (page 2)',
      server: { tools: [tool('a'), tool('b'), tool('c', { title: 1 })] },
      findings: [{ message: '"title" must be a string', location: { kind: 'tool', name: 'c', pointer: '/title' } }],
    },
    {
      name: 'non-object item on page 2',
      server: { tools: [tool('a'), tool('b'), 7] },
      findings: [{ message: 'got number', location: { kind: 'tool', name: '#2' }, data: { index: 2 } }],
    },
  ],
});
