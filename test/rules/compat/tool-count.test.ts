import { toolCount } from '../../../src/rules/compat/tool-count.js';
import { ruleTester } from '../../support/rule-tester.js';

const tools = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, inputSchema: { type: 'object' } }));

ruleTester(toolCount, {
  valid: [
    { name: '128 tools: at every limit, over none', server: { pageSize: 50, tools: tools(128) } },
    { name: 'no tools', server: { tools: [] } },
    { name: '300 tools judged for Gemini alone: under its 512', server: { pageSize: 50, tools: tools(300) }, settings: { compat: { hosts: ['gemini'] } } },
  ],
  invalid: [
    {
      name: '129 tools: OpenAI refuses, VS Code degrades, one finding at warning',
      server: { pageSize: 50, tools: tools(129) },
      findings: [
        {
          message:
            'the server lists 129 tools, over the limit of OpenAI (128 functions per request) and VS Code (128 tools enabled per chat request; VS Code degrades rather than refuses)',
          location: { kind: 'server' },
          data: { count: 129, hosts: ['openai', 'vscode'], limits: { openai: 128, vscode: 128 } },
          severity: 'warning',
          lenient: false,
        },
      ],
    },
    {
      name: 'over a soft limit only: information',
      server: { pageSize: 50, tools: tools(129) },
      settings: { compat: { hosts: ['vscode'] } },
      findings: [{ message: 'over the limit of VS Code', data: { hosts: ['vscode'] }, severity: 'info', lenient: true }],
    },
    {
      name: '513 tools: Gemini too',
      server: { pageSize: 50, tools: tools(513) },
      findings: [
        {
          message: /^the server lists 513 tools, over the limit of OpenAI .*, Gemini \(512 function declarations per request\) and VS Code/,
          data: { hosts: ['openai', 'gemini', 'vscode'] },
        },
      ],
    },
    {
      name: 'a list read only in part says "at least"',
      server: { pageSize: 2, tools: tools(300) },
      findings: [{ message: 'the server lists at least 200 tools', data: { count: 200, partial: true, hosts: ['openai'] } }],
      settings: { compat: { hosts: ['openai'] } },
    },
    {
      name: 'a tool listed twice counts once',
      server: { pageSize: 50, tools: [...tools(129), ...tools(129)] },
      findings: [{ message: 'the server lists 129 tools', data: { count: 129 } }],
    },
  ],
  skipped: [
    {
      name: 'no host judged states a limit',
      server: { pageSize: 50, tools: tools(200) },
      settings: { compat: { hosts: ['claude'] } },
      skipped: 'a limit on the number of tools',
    },
  ],
});
