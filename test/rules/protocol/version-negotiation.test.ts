import { versionNegotiation } from '../../../src/rules/protocol/version-negotiation.js';
import { ruleTester } from '../../support/rule-tester.js';
import { defectStdio, fakeWithTools } from '../stdio/support.js';

ruleTester(versionNegotiation, {
  valid: [
    { name: 'a server that frames and negotiates correctly', target: defectStdio() },
    { name: 'at --depth thorough too', target: defectStdio(), settings: { depth: 'thorough' } },
    // The contradiction shows only when the older revisions are tried, which the standard depth does not.
    { name: 'standard depth: only the unknown revision is tried', target: defectStdio('contradicts-its-versions') },
  ],
  invalid: [
    {
      name: 'an unknown version echoed',
      target: defectStdio('echoes-any-version'),
      findings: [
        {
          message: 'initialize with the unknown version 1999-01-01 was answered with the same version',
          location: { kind: 'server', pointer: '/protocolVersion' },
          data: { requested: '1999-01-01', answered: '1999-01-01' },
        },
      ],
    },
    {
      name: '--depth thorough: a version the server offers elsewhere is not echoed',
      target: defectStdio('contradicts-its-versions'),
      settings: { depth: 'thorough' },
      findings: [
        {
          message: 'initialize with 2025-03-26 was answered with "2025-11-25", although the server offers 2025-03-26 elsewhere',
          data: { requested: '2025-03-26', answered: '2025-11-25' },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
