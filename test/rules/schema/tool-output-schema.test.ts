import { toolOutputSchema } from '../../../src/rules/schema/tool-output-schema.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (outputSchema?: unknown, name = 'weather') => ({
  name,
  inputSchema: { type: 'object' },
  ...(outputSchema === undefined ? {} : { outputSchema }),
});

ruleTester(toolOutputSchema, {
  valid: [
    {
      name: 'object schema',
      server: { tools: [tool({ type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] })] },
    },
    { name: 'absent outputSchema', server: { tools: [tool()] } },
    // 2026-07-28: "This can be any valid JSON Schema 2020-12" (structuredContent may be any JSON value).
    { name: 'root type array on 2026-07-28', server: { protocolVersion: '2026-07-28', tools: [tool({ type: 'array', items: { type: 'number' } })] } },
    {
      name: 'draft-07 dialect declared',
      server: { tools: [tool({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' })] },
    },
  ],
  invalid: [
    {
      name: 'null',
      server: { tools: [tool(null)] },
      findings: [{ message: 'outputSchema must be a JSON Schema object, got null', location: { kind: 'tool', name: 'weather', pointer: '/outputSchema' } }],
    },
    {
      name: 'root type array',
      server: { tools: [tool({ type: 'array', items: { type: 'number' } })] },
      findings: [{ message: 'root "type" must be "object"', location: { pointer: '/outputSchema/type' } }],
    },
    {
      name: 'not an object on 2026-07-28',
      server: { protocolVersion: '2026-07-28', tools: [tool('array')] },
      findings: [{ message: 'outputSchema must be a JSON Schema object, got string', location: { pointer: '/outputSchema' } }],
    },
    {
      name: 'invalid keyword value',
      server: { tools: [tool({ type: 'object', properties: { a: { type: 'strin' } } })] },
      findings: [{ message: /^outputSchema /, location: { pointer: '/outputSchema/properties/a/type' } }],
    },
    {
      name: 'unresolvable $ref',
      server: { tools: [tool({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })] },
      findings: [{ message: 'does not compile' }],
    },
    {
      name: 'one bad tool among good ones (page 2)',
      server: { tools: [tool({ type: 'object' }, 'a'), tool(undefined, 'b'), tool('object', 'c')] },
      findings: [{ message: 'got string', location: { name: 'c', pointer: '/outputSchema' } }],
    },
  ],
});
