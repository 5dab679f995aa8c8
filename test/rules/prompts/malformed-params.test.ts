import { malformedParams } from '../../../src/rules/prompts/malformed-params.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer } from './support.js';

ruleTester(malformedParams, {
  valid: [{ name: 'strict server', server: promptServer() }],
  invalid: [
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
