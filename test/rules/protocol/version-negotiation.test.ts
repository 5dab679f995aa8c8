import { versionNegotiation } from '../../../src/rules/protocol/version-negotiation.js';
import { ruleTester } from '../../support/rule-tester.js';
import { defectStdio, fakeWithTools } from '../stdio/support.js';

ruleTester(versionNegotiation, {
  valid: [{ name: 'a server that frames and negotiates correctly', target: defectStdio() }],
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
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
