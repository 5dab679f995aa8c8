import { malformedCall } from '../../../src/rules/tools/malformed-call.js';
import { ruleTester } from '../../support/rule-tester.js';
import { rpcError, searchTool, text, toolsServer } from './tools-fake.js';

ruleTester(malformedCall, {
  valid: [{ name: 'all three get -32602', server: toolsServer([searchTool]) }],
  invalid: [
    {
      name: 'SDK request validation: -32603 with a zod dump',
      server: toolsServer([searchTool], { malformed: rpcError(-32603, '[{"code":"invalid_type"}]') }),
      // One answer to the three malformed params is one cause: one finding that lists them (engine/merge-answers.ts).
      findings: [
        {
          message: '"arguments" is a string got JSON-RPC error -32603',
          count: 3,
          data: {
            params: { name: 'search', arguments: 'mcpact' },
            code: -32603,
            level: 'BEST PRACTICE',
            cases: ['arguments is a string', 'arguments is an array', 'params without name'].map((variant) => ({
              ruleId: 'tools/malformed-call',
              variant,
              count: 1,
              severity: 'warning',
            })),
          },
        },
      ],
    },
    {
      name: 'accepted',
      server: toolsServer([searchTool], { malformed: text('ok') }),
      findings: [{ message: 'got a result' }, { message: 'got a result' }, { message: 'got a result' }],
    },
  ],
  skipped: [{ name: 'no tools capability', server: { prompts: [{ name: 'p' }] }, skipped: 'tools capability' }],
});
