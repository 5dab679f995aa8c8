import { authorizationServerMetadata } from '../../../src/rules/auth/authorization-server-metadata.js';
import { ruleTester } from '../../support/rule-tester.js';
import { authFixtures } from './support.js';

const { good, broken } = authFixtures('metadata-without-pkce');

ruleTester(authorizationServerMetadata, {
  valid: [{ name: "oidc-provider's metadata: S256, authorization and token endpoints", ...good }],
  invalid: [
    {
      name: 'metadata without code_challenge_methods_supported',
      ...broken,
      findings: [
        {
          message:
            /^the authorization server metadata \(http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-authorization-server\) has no code_challenge_methods_supported: clients take it as no PKCE support and refuse to sign in$/,
          location: { kind: 'server' },
        },
      ],
    },
  ],
});
