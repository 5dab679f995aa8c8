import { exitOnStdinClose } from '../../../src/rules/stdio/exit-on-stdin-close.js';
import { ruleTester } from '../../support/rule-tester.js';
import { erasStdio } from '../../support/eras.js';
import { defectStdio, fakeWithTools } from './support.js';

ruleTester(exitOnStdinClose, {
  valid: [
    { name: 'a server that frames and negotiates correctly', target: defectStdio() },
    { name: 'a 2026-07-28 server (SDK 2.x) that exits when stdin closes', target: erasStdio('modern'), era: 'modern' },
    // Slower than a client's usual 1 s grace, but by itself: a loaded machine, not a server that ignores the close.
    { name: 'a server that exits 2 s after stdin closes', target: defectStdio('exits-slowly') },
  ],
  invalid: [
    {
      name: 'still running after stdin closed',
      target: defectStdio('ignores-stdin-close'),
      // 2025-11-25 tells only the client how to shut down: for information.
      findings: [
        {
          message: 'the server was still running 5000 ms after its stdin closed',
          location: { kind: 'transport', name: 'stdin' },
          data: { graceMs: 5000 },
          severity: 'info',
        },
      ],
    },
    {
      name: 'a 2026-07-28 server still running after stdin closed (a SHOULD there: a warning)',
      target: erasStdio('modern', 'ignores-stdin-close'),
      era: 'modern',
      findings: [{ message: 'the server was still running 5000 ms after its stdin closed', severity: 'warning' }],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
