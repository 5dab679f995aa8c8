import { legacyHandshake } from '../../../src/rules/protocol/legacy-handshake.js';
import { erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

// A fresh server process answers its first request (initialize) within call_ms: room for a child to start.
const START = { call_ms: 5_000 };

ruleTester(legacyHandshake, {
  valid: [
    { name: 'dual-era SDK 2.x server: the same contract in both eras', target: erasStdio('dual'), era: 'auto', timeouts: START },
    {
      name: 'modern-only SDK 2.x server: initialize refused with -32022 and the supported versions',
      target: erasStdio('modern'),
      era: 'auto',
      timeouts: START,
    },
  ],
  invalid: [
    {
      name: 'the initialize era serves a tool more',
      target: erasStdio('dual', 'legacy-differs'),
      era: 'auto',
      timeouts: START,
      findings: [
        {
          message: 'tools/list differs between the eras: only in the initialize era: legacy_only',
          data: { legacyOnly: ['legacy_only'] },
          basis: 'policy',
          severity: 'warning',
        },
      ],
    },
    {
      name: 'initialize refused without naming a version',
      target: erasStdio('modern', 'unsupported-version-code'),
      era: 'modern',
      timeouts: START,
      findings: [{ message: 'initialize was refused without naming the protocol versions the server supports', basis: 'spec', severity: 'warning' }],
    },
  ],
});
