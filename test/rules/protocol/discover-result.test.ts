import { discoverResult } from '../../../src/rules/protocol/discover-result.js';
import { erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

ruleTester(discoverResult, {
  valid: [
    { name: 'modern-only SDK 2.x server', target: erasStdio('modern'), era: 'auto' },
    { name: 'dual-era SDK 2.x server, modern half', target: erasStdio('dual'), era: 'auto' },
  ],
  invalid: [
    {
      name: 'no supportedVersions',
      target: erasStdio('modern', 'bad-discover'),
      era: 'modern',
      findings: [{ message: 'supportedVersions must be an array of strings', location: { pointer: '/supportedVersions' } }],
    },
  ],
});
