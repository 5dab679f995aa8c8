import { toolDescription } from '../../../src/rules/schema/tool-description.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (name: string, extra: Record<string, unknown> = {}) => ({ name, inputSchema: { type: 'object' }, ...extra });

ruleTester(toolDescription, {
  valid: [
    {
      name: 'described tools over two pages',
      server: { tools: [tool('a', { description: 'A.' }), tool('b', { description: 'B.' }), tool('c', { description: ' C ' })] },
    },
    { name: 'wrong types and non-objects are left to tool-shape', server: { tools: [tool('a', { description: 5 }), 'b'] } },
  ],
  invalid: [
    {
      name: 'missing',
      server: { tools: [tool('echo')] },
      findings: [{ message: 'tool has no description', location: { kind: 'tool', name: 'echo', pointer: '/description' } }],
    },
    {
      name: 'empty string',
      server: { tools: [tool('echo', { description: '' })] },
      findings: [{ message: 'tool description is blank', location: { kind: 'tool', name: 'echo', pointer: '/description' } }],
    },
    { name: 'whitespace only', server: { tools: [tool('echo', { description: ' \n\t\u00a0' })] }, findings: [{ message: 'blank' }] },
    {
      name: 'undescribed tool on page 2',
      server: { tools: [tool('a', { description: 'A.' }), tool('b', { description: 'B.' }), tool('c')] },
      findings: [{ message: 'no description', location: { name: 'c' } }],
    },
  ],
});
