import { malformedParams } from '../../../src/rules/prompts/malformed-params.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer } from './support.js';

ruleTester(malformedParams, {
  valid: [
    { name: 'strict server', server: promptServer() },
    {
      // Over 2026-07-28 HTTP, mcpact cannot put a name that is not a string in a Mcp-Name header, so a server that
      // checks headers first refuses that request with HeaderMismatch: as correct a refusal as -32602.
      name: 'a name that is not a string refused at the headers (-32020)',
      server: promptServer((_args, params) =>
        typeof params.name === 'number' ? { error: { code: -32020, message: 'mcp-name header does not match' } } : undefined,
      ),
    },
  ],
  invalid: [
    {
      name: 'HeaderMismatch to a request whose headers mcpact could send is no refusal of the body',
      server: promptServer((_args, params) =>
        Array.isArray(params.arguments) ? { error: { code: -32020, message: 'mcp-name header does not match' } } : undefined,
      ),
      findings: [{ message: 'prompts/get with arguments is an array (case malformed-params) got JSON-RPC error -32020' }],
    },
    {
      name: 'internal errors for malformed params',
      server: promptServer((_args, params) =>
        typeof params.name !== 'string' || Array.isArray(params.arguments) || typeof params.arguments === 'string'
          ? { error: { code: -32603, message: 'boom' } }
          : undefined,
      ),
      // One answer to all four variants is one cause: one finding that lists them (engine/merge-answers.ts).
      findings: [
        {
          message: 'prompts/get with arguments is a string (case malformed-params) got JSON-RPC error -32603',
          location: { kind: 'server' },
          count: 4,
          data: {
            variant: 'arguments is a string',
            code: -32603,
            cases: ['arguments is a string', 'arguments is an array', 'name missing', 'name not a string'].map((variant) => ({
              ruleId: 'prompts/malformed-params',
              case: 'malformed-params',
              variant,
              count: 1,
              severity: 'warning',
            })),
          },
        },
      ],
    },
  ],
});
