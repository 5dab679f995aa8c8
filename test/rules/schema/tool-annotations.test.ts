import { toolAnnotations } from '../../../src/rules/schema/tool-annotations.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (annotations?: unknown, name = 'delete_file') => ({
  name,
  inputSchema: { type: 'object' },
  ...(annotations === undefined ? {} : { annotations }),
});

ruleTester(toolAnnotations, {
  valid: [
    {
      name: 'every hint',
      server: { tools: [tool({ title: 'Delete file', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false })] },
    },
    { name: 'no annotations, empty annotations', server: { tools: [tool(), tool({}, 'b'), tool({ readOnlyHint: true }, 'c')] } },
    { name: 'unknown fields are ignored', server: { tools: [tool({ 'example.com/custom': 'x' })] } },
  ],
  invalid: [
    {
      name: 'null',
      server: { tools: [tool(null)] },
      findings: [{ message: 'tool annotations must be an object, got null', location: { kind: 'tool', name: 'delete_file', pointer: '/annotations' } }],
    },
    { name: 'array', server: { tools: [tool([])] }, findings: [{ message: 'got array', location: { pointer: '/annotations' } }] },
    {
      name: 'booleans sent as strings, one finding per field',
      server: { tools: [tool({ readOnlyHint: 'false', destructiveHint: 'true' })] },
      findings: [
        {
          message: 'tool annotations "destructiveHint" must be a boolean, got string',
          location: { pointer: '/annotations/destructiveHint' },
          data: { field: 'destructiveHint', got: 'string' },
        },
        { message: '"readOnlyHint" must be a boolean', location: { pointer: '/annotations/readOnlyHint' } },
      ],
    },
    {
      name: 'number hint and title',
      server: { tools: [tool({ idempotentHint: 1, openWorldHint: null, title: 2 })] },
      findings: [
        { message: '"idempotentHint" must be a boolean, got number', location: { pointer: '/annotations/idempotentHint' } },
        { message: '"openWorldHint" must be a boolean, got null', location: { pointer: '/annotations/openWorldHint' } },
        { message: '"title" must be a string, got number', location: { pointer: '/annotations/title' } },
      ],
    },
    {
      name: 'bad annotations on page 2',
      server: { tools: [tool({}, 'a'), tool(undefined, 'b'), tool({ readOnlyHint: 'yes' }, 'c')] },
      findings: [{ location: { kind: 'tool', name: 'c', pointer: '/annotations/readOnlyHint' } }],
    },
  ],
});
