import { toolName } from '../../../src/rules/schema/tool-name.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (name: unknown) => ({ name, inputSchema: { type: 'object' } });

ruleTester(toolName, {
  valid: [
    { name: 'examples from the specification', server: { tools: [tool('getUser'), tool('DATA_EXPORT_v2'), tool('admin.tools.list')] } },
    { name: '1 and 128 characters', server: { tools: [tool('x'), tool('a'.repeat(128)), tool('with-hyphen_and.dot')] } },
    { name: 'names that are not strings are left to tool-shape', server: { tools: [tool(5), tool(null), tool('ok')] } },
  ],
  invalid: [
    {
      name: 'space',
      server: { tools: [tool('get user')] },
      findings: [
        {
          message: 'tool name "get user" contains " "',
          location: { kind: 'tool', name: 'get user', pointer: '/name' },
          data: { name: 'get user', characters: [' '] },
        },
      ],
    },
    {
      name: 'each offending character once, in order',
      server: { tools: [tool('fs/read:file/x')] },
      findings: [{ message: 'contains "/", ":"', data: { characters: ['/', ':'] } }],
    },
    { name: 'empty', server: { tools: [tool('')] }, findings: [{ message: 'tool name "" is empty', location: { name: '', pointer: '/name' } }] },
    {
      name: '129 characters',
      server: { tools: [tool('a'.repeat(129))] },
      findings: [{ message: 'is 129 characters long (at most 128)', data: { length: 129, characters: [] } }],
    },
    { name: 'non-ASCII letter', server: { tools: [tool('café')] }, findings: [{ message: 'contains "é"' }] },
    {
      name: 'long name is cut short in the message, with every problem named',
      server: { tools: [tool('x y'.repeat(1000))] },
      findings: [{ message: /^tool name "(x y){26}… is 3000 characters long \(at most 128\) and contains " ": use 1-128/, data: { length: 3000 } }],
    },
    {
      name: 'bad name on page 2',
      server: { tools: [tool('a'), tool('b'), tool('c d')] },
      findings: [{ message: 'contains " "', location: { kind: 'tool', name: 'c d', pointer: '/name' } }],
    },
  ],
});
