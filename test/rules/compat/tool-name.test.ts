import { toolName } from '../../../src/rules/compat/tool-name.js';
import { toolName as mcpToolName } from '../../../src/rules/schema/tool-name.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (name: unknown) => ({ name, inputSchema: { type: 'object' } });

ruleTester(toolName, {
  valid: [
    { name: 'names every host takes', server: { tools: [tool('get_user'), tool('DATA-export-v2'), tool('a'.repeat(64))] } },
    { name: 'a dot, judged for Gemini alone', server: { tools: [tool('files.read')] }, settings: { compat: { hosts: ['gemini'] } } },
    {
      name: 'a space is left to schema/tool-name while it runs',
      server: { tools: [tool('get user')] },
      alongside: [mcpToolName],
    },
    { name: 'names that are not strings are left to tool-shape', server: { tools: [tool(5), tool('ok')] } },
  ],
  invalid: [
    {
      name: 'a dot: MCP allows it, Claude and OpenAI refuse it, one finding',
      server: { tools: [tool('files.read')] },
      findings: [
        {
          message: 'tool name "files.read" is refused by Claude and OpenAI: it contains "."',
          location: { kind: 'tool', name: 'files.read', pointer: '/name' },
          data: { name: 'files.read', hosts: ['claude', 'openai'], problems: { claude: ['contains "."'], openai: ['contains "."'] } },
          basis: 'policy',
          severity: 'warning',
          lenient: false,
        },
      ],
    },
    {
      name: '65 characters: OpenAI alone',
      server: { tools: [tool('a'.repeat(65))] },
      findings: [{ message: 'is refused by OpenAI: it is 65 characters long (at most 64)', data: { hosts: ['openai'] } }],
    },
    {
      name: 'hosts with different reasons are named apart, in one finding',
      server: { tools: [tool(`9${'x'.repeat(69)}.y`)] },
      findings: [
        {
          message:
            /is refused by Claude \(it contains "\."\); OpenAI \(it is 72 characters long \(at most 64\) and contains "\."\); Gemini \(it starts with "9"\)$/,
          data: { hosts: ['claude', 'openai', 'gemini'] },
        },
      ],
    },
    {
      name: 'compat.hosts narrows the hosts named',
      server: { tools: [tool('files.read')] },
      settings: { compat: { hosts: ['openai'] } },
      findings: [{ message: 'is refused by OpenAI: it contains "."', data: { hosts: ['openai'] } }],
    },
    {
      name: 'with schema/tool-name off, a name outside MCP is judged here too',
      server: { tools: [tool('get user')] },
      findings: [{ message: 'is refused by Claude, OpenAI and Gemini: it contains " "', data: { hosts: ['claude', 'openai', 'gemini'] } }],
    },
    {
      name: 'while schema/tool-name runs, names MCP allows are still judged',
      server: { tools: [tool('get user'), tool('a.b')] },
      alongside: [mcpToolName],
      findings: [{ message: 'tool name "a.b" is refused by Claude and OpenAI', location: { name: 'a.b' } }],
    },
  ],
  skipped: [
    {
      name: 'no host judged states a rule for names',
      server: { tools: [tool('a.b')] },
      settings: { compat: { hosts: ['vscode'] } },
      skipped: 'none of the hosts judged (vscode)',
    },
  ],
});
