import { callAnswered } from '../../../src/rules/tools/call-answered.js';
import { ruleTester } from '../../support/rule-tester.js';
import { searchTool, toolsServer } from './tools-fake.js';

ruleTester(callAnswered, {
  valid: [
    { name: 'every call answered', server: toolsServer([searchTool]) },
    { name: 'a slow valid call is not a finding', server: toolsServer([{ ...searchTool, run: () => ({ silent: true }) }]) },
  ],
  invalid: [
    {
      name: 'hangs on an unknown tool',
      server: toolsServer([searchTool], { unknown: { silent: true } }),
      findings: [
        { location: { kind: 'server' }, message: 'tools/call with an unknown tool name got no answer', data: { kind: 'unknown-tool', outcome: 'timeout' } },
      ],
    },
    {
      name: 'hangs on invalid input',
      server: toolsServer([searchTool], {
        invalid: (_tool, args) => ((args as Record<string, unknown>).query === undefined ? { silent: true } : { result: { content: [], isError: true } }),
      }),
      findings: [
        {
          location: { kind: 'tool', name: 'search' },
          message: '"search" (required property "query" missing) got no answer',
          data: { params: { name: 'search', arguments: {} } },
        },
      ],
    },
    {
      name: 'hangs on malformed params',
      server: toolsServer([searchTool], { malformed: { silent: true } }),
      findings: [
        { message: '"arguments" is a string got no answer' },
        { message: '"arguments" is an array got no answer' },
        { message: 'params without "name" got no answer' },
      ],
    },
  ],
  skipped: [{ name: 'no tools capability', server: { prompts: [{ name: 'p' }] }, skipped: 'tools capability' }],
});
