import { wwwAuthenticate } from '../../../src/rules/auth/www-authenticate.js';
import { ruleTester } from '../../support/rule-tester.js';
import { authFixtures } from './support.js';

const { good, broken } = authFixtures('no-challenge');

ruleTester(wwwAuthenticate, {
  valid: [{ name: 'the protected fixture answers 401 with a Bearer challenge naming resource_metadata', ...good }],
  invalid: [
    {
      name: 'a 401 without WWW-Authenticate (the metadata found at the well-known URI instead)',
      ...broken,
      findings: [
        {
          message: 'the 401 to a request without a token has no WWW-Authenticate header: a client cannot tell how to sign in',
          location: { kind: 'transport', name: 'WWW-Authenticate' },
          data: { status: 401 },
        },
      ],
    },
  ],
});
