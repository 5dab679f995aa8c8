import { toolNameUnique } from '../../../src/rules/schema/tool-name-unique.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (name: unknown) => ({ name, inputSchema: { type: 'object' } });

ruleTester(toolNameUnique, {
  valid: [
    { name: 'distinct names over two pages', server: { tools: [tool('a'), tool('b'), tool('c')] } },
    { name: 'names are case-sensitive', server: { tools: [tool('echo'), tool('Echo')] } },
    { name: 'non-string names are not compared', server: { tools: [tool(1), tool(1), tool('one')] } },
  ],
  invalid: [
    {
      name: 'duplicate across pages',
      server: { tools: [tool('a'), tool('b'), tool('a')] },
      findings: [
        {
          message: 'tool name "a" is used by 2 tools (first at index 0, again at index 2)',
          location: { kind: 'tool', name: 'a', pointer: '/name' },
          data: { name: 'a', firstIndex: 0, index: 2, count: 2 },
        },
      ],
    },
    {
      name: 'three times is reported once',
      server: { tools: [tool('x'), tool('x'), tool('x')] },
      findings: [{ message: 'used by 3 tools', data: { name: 'x', firstIndex: 0, index: 1, count: 3 } }],
    },
    {
      name: 'two duplicated names',
      server: { tools: [tool('a'), tool('b'), tool('b'), tool('a')] },
      findings: [{ location: { name: 'a' }, data: { firstIndex: 0, index: 3 }, count: 2 }],
    },
  ],
});
