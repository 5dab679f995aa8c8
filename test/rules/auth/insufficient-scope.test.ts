import { insufficientScope } from '../../../src/rules/auth/insufficient-scope.js';
import { ruleTester } from '../../support/rule-tester.js';
import { authFixtures } from './support.js';

const { good, broken, refreshOnly } = authFixtures('insufficient-scope-401');

ruleTester(insufficientScope, {
  valid: [{ name: 'the protected fixture answers 403 insufficient_scope with the scope needed', ...good }],
  invalid: [
    {
      name: 'a server that answers a token without the scope 401',
      ...broken,
      findings: [
        {
          message:
            'a token without mcp:read (scope mcp:admin) was answered with HTTP 401, not 403, no error="insufficient_scope" in a Bearer challenge, no scope naming what is needed',
          location: { kind: 'transport', name: 'WWW-Authenticate' },
          data: { status: 401, required: 'mcp:read', scope: 'mcp:admin' },
        },
      ],
    },
  ],
  skipped: [{ name: 'signed in with a refresh token alone', ...refreshOnly, skipped: /a second token needs the client_credentials grant/ }],
});
