import { protectedResourceMetadata } from '../../../src/rules/auth/protected-resource-metadata.js';
import { ruleTester } from '../../support/rule-tester.js';
import { authFixtures } from './support.js';

const { good, broken } = authFixtures('resource-not-identical');

ruleTester(protectedResourceMetadata, {
  valid: [{ name: "the protected fixture's metadata names its own URL and an issuer URL", ...good }],
  invalid: [
    {
      name: 'metadata whose resource is the origin alone',
      ...broken,
      findings: [
        {
          message: /^the Protected Resource Metadata names resource "http:\/\/127\.0\.0\.1:\d+", not the server's URL http:\/\/127\.0\.0\.1:\d+\/mcp$/,
          location: { kind: 'server' },
        },
      ],
    },
  ],
});
