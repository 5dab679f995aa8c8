import { invalidInputCode } from '../../../src/rules/tools/invalid-input-code.js';
import { ruleTester } from '../../support/rule-tester.js';
import { rpcError, searchTool, text, toolsServer } from './tools-fake.js';

ruleTester(invalidInputCode, {
  valid: [
    { name: 'isError results', server: toolsServer([searchTool]) },
    { name: '-32602', server: toolsServer([searchTool], { invalid: () => rpcError(-32602, 'Invalid arguments') }) },
    // Not validated at all: tools/invalid-input's error, not a second finding here.
    { name: 'a success is not this rule', server: toolsServer([searchTool], { invalid: () => text('ran anyway') }) },
    { name: 'a TypeError is not this rule', server: toolsServer([searchTool], { invalid: () => rpcError(-32603, 'query.trim is not a function') }) },
  ],
  invalid: [
    {
      name: '-32603 naming the argument: one cause for every probe',
      server: toolsServer([searchTool], { invalid: () => rpcError(-32603, 'Invalid arguments: query: expected string') }),
      findings: [
        {
          message: /rejected with JSON-RPC error -32603 \(the answer names the argument "query"\); input validation errors are results with isError/,
          count: 10,
        },
      ],
    },
    {
      name: 'older revision: -32603 is still not -32602',
      server: toolsServer([searchTool], { invalid: () => rpcError(-32603, 'bad input'), protocolVersion: '2025-06-18' }),
      findings: [{ message: 'invalid arguments are JSON-RPC -32602, or a result with isError: true (revision 2025-06-18, best practice)', count: 10 }],
    },
  ],
  inconclusive: [
    {
      name: 'an unreachable backend',
      server: toolsServer([searchTool], { invalid: () => rpcError(-32603, 'connect ECONNREFUSED 10.0.0.1:443') }),
      reason: "the server's backend was unreachable (a connection failure",
    },
  ],
});
