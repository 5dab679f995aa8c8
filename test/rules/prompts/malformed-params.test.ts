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
      findings: [
        { message: 'prompts/get with arguments is a string (case malformed-params) got JSON-RPC error -32603', location: { kind: 'server' } },
        { message: 'arguments is an array' },
        { message: 'name missing' },
        { message: 'name not a string', data: { variant: 'name not a string', code: -32603 } },
      ],
    },
  ],
});
