import { toolInputSchema } from '../../../src/rules/schema/tool-input-schema.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (inputSchema: unknown, name = 'echo') => ({ name, description: 'Echo.', inputSchema });

ruleTester(toolInputSchema, {
  valid: [
    { name: 'object schema', server: { tools: [tool({ type: 'object', properties: { text: { type: 'string' } } })] } },
    { name: 'no tools', server: { tools: [] } },
    {
      name: 'draft-07 dialect declared',
      server: { tools: [tool({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: {} })] },
    },
    {
      name: 'resolvable $ref into $defs',
      server: { tools: [tool({ type: 'object', $defs: { s: { type: 'string' } }, properties: { a: { $ref: '#/$defs/s' } } })] },
    },
    {
      name: 'same $id on two tools',
      server: {
        tools: [tool({ $id: 'https://example.com/shared.json', type: 'object' }, 'a'), tool({ $id: 'https://example.com/shared.json', type: 'object' }, 'b')],
      },
    },
  ],
  invalid: [
    {
      name: 'missing',
      server: { tools: [{ name: 'echo' }] },
      findings: [{ message: 'no inputSchema', location: { kind: 'tool', name: 'echo', pointer: '/inputSchema' } }],
    },
    { name: 'null', server: { tools: [tool(null)] }, findings: [{ message: 'got null' }] },
    {
      name: 'root type string',
      server: { tools: [tool({ type: 'string' })] },
      findings: [{ message: 'root "type" must be "object"', location: { pointer: '/inputSchema/type' } }],
    },
    {
      name: 'invalid keyword value',
      server: { tools: [tool({ type: 'object', properties: { a: { type: 'strin' } } })] },
      findings: [{ message: /inputSchema/ }],
    },
    {
      name: 'unresolvable $ref',
      server: { tools: [tool({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })] },
      findings: [{ message: 'does not compile' }],
    },
    {
      name: 'invalid regular expression in a pattern',
      server: { tools: [tool({ type: 'object', properties: { a: { type: 'string', pattern: '(' } } })] },
      findings: [{ message: 'Invalid regular expression' }],
    },
    {
      name: 'invalid regular expression in patternProperties',
      server: { tools: [tool({ type: 'object', patternProperties: { '[': {} } })] },
      findings: [{ message: 'Invalid regular expression' }],
    },
    { name: 'unknown dialect', server: { tools: [tool({ $schema: 'https://example.com/my-dialect', type: 'object' })] }, findings: [{ message: 'dialect' }] },
    {
      name: 'one bad tool among good ones (page 2)',
      server: { tools: [tool({ type: 'object' }, 'a'), tool({ type: 'object' }, 'b'), tool({ type: 'array' }, 'c')] },
      findings: [{ location: { name: 'c' } }],
    },
  ],
});
