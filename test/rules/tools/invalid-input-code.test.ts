import { invalidInputCode } from '../../../src/rules/tools/invalid-input-code.js';
import { validInput } from '../../../src/rules/tools/valid-input.js';
import { ruleTester } from '../../support/rule-tester.js';
import { rpcError, searchTool, text, toolsServer } from './tools-fake.js';

const catchAll = rpcError(-32600, 'An error occurred while processing your request');

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
    // The same words, but its valid call was served: the answer depends on the input, so it stands.
    {
      name: 'a generic error to invalid input only',
      server: toolsServer([searchTool], { invalid: () => catchAll }),
      alongside: [validInput],
      findings: [{ message: /rejected with JSON-RPC error -32600 \(no sign that the input reached the tool's logic/, count: 10 }],
    },
    {
      name: 'older revision: -32603 is still not -32602',
      server: toolsServer([searchTool], { invalid: () => rpcError(-32603, 'bad input'), protocolVersion: '2025-06-18' }),
      findings: [{ message: 'invalid arguments are JSON-RPC -32602, or a result with isError: true (revision 2025-06-18, best practice)', count: 10 }],
    },
  ],
  inconclusive: [
    // A catch-all answers every call alike (@translated/lara-mcp 1.0.6 offline): its valid call got the same words.
    {
      name: 'invalid input answered as the valid call was',
      server: toolsServer([{ ...searchTool, run: () => catchAll }], { invalid: () => catchAll }),
      alongside: [validInput],
      reason: "answered invalid input with the code and words of the same tool's answer to valid input",
    },
    {
      name: 'an unreachable backend',
      server: toolsServer([searchTool], { invalid: () => rpcError(-32603, 'connect ECONNREFUSED 10.0.0.1:443') }),
      reason: "the server's backend was unreachable (a connection failure",
    },
  ],
});
