import { invalidToken } from '../../../src/rules/auth/invalid-token.js';
import { ruleTester } from '../../support/rule-tester.js';
import { authFixtures } from './support.js';

const { good, broken } = authFixtures('signature-unchecked');

ruleTester(invalidToken, {
  valid: [{ name: 'the protected fixture answers both bad tokens 401', ...good }],
  invalid: [
    {
      name: 'a server that reads the claims without checking the signature',
      ...broken,
      findings: [
        {
          message: 'the issued token with its signature altered was answered with HTTP 200: the request was served; an invalid token MUST get 401',
          location: { kind: 'transport', name: 'Authorization' },
          data: { status: 200 },
        },
      ],
    },
  ],
});
