import { tokenAudience } from '../../../src/rules/auth/token-audience.js';
import { ruleTester } from '../../support/rule-tester.js';
import { authFixtures } from './support.js';

const { good, broken, refreshOnly } = authFixtures('audience-unchecked');

ruleTester(tokenAudience, {
  valid: [{ name: 'the protected fixture refuses a token for another resource', ...good }],
  invalid: [
    {
      name: 'a server that checks the signature and issuer, not the audience',
      ...broken,
      findings: [
        {
          message:
            'a token issued for another resource (https://audience-probe.mcpact.invalid/mcp) was answered with HTTP 200: the server took it; it MUST be refused',
          data: { status: 200, audience: 'https://audience-probe.mcpact.invalid/mcp' },
        },
      ],
    },
  ],
  skipped: [{ name: 'signed in with a refresh token alone', ...refreshOnly, skipped: /a second token needs the client_credentials grant/ }],
});
