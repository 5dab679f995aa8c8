import { exitOnStdinClose } from '../../../src/rules/stdio/exit-on-stdin-close.js';
import { ruleTester } from '../../support/rule-tester.js';
import { erasStdio } from '../../support/eras.js';
import { defectStdio, fakeWithTools } from './support.js';

ruleTester(exitOnStdinClose, {
  valid: [
    { name: 'a server that frames and negotiates correctly', target: defectStdio() },
    { name: 'a 2026-07-28 server (SDK 2.x) that exits when stdin closes', target: erasStdio('modern'), era: 'modern' },
  ],
  invalid: [
    {
      name: 'still running after stdin closed',
      target: defectStdio('ignores-stdin-close'),
      // 2025-11-25 tells only the client how to shut down: for information.
      findings: [
        {
          message: 'the server was still running 1000 ms after its stdin closed',
          location: { kind: 'transport', name: 'stdin' },
          data: { graceMs: 1000 },
          severity: 'info',
        },
      ],
    },
    {
      name: 'a 2026-07-28 server still running after stdin closed (a SHOULD there: a warning)',
      target: erasStdio('modern', 'ignores-stdin-close'),
      era: 'modern',
      findings: [{ message: 'the server was still running 1000 ms after its stdin closed', severity: 'warning' }],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
