import { protocolVersion } from '../../../src/rules/protocol/protocol-version.js';
import { ruleTester } from '../../support/rule-tester.js';

ruleTester(protocolVersion, {
  valid: [
    { name: 'echoes the requested revision', server: {} },
    { name: 'answers an older published revision', server: { protocolVersion: '2025-06-18' } },
    { name: 'matches expect.protocol_version', server: { protocolVersion: '2025-06-18' }, expect: { protocolVersion: '2025-06-18' } },
  ],
  invalid: [
    {
      name: 'unknown revision',
      server: { protocolVersion: '1999-01-01' },
      findings: [{ message: 'not a published revision', data: { negotiated: '1999-01-01' }, basis: 'spec' }],
    },
    {
      name: 'differs from expectation',
      server: { protocolVersion: '2025-06-18' },
      expect: { protocolVersion: '2025-11-25' },
      findings: [{ message: 'config expects 2025-11-25', basis: 'config', severity: 'error' }],
    },
  ],
});
