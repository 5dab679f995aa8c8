import { exitOnStdinClose } from '../../../src/rules/stdio/exit-on-stdin-close.js';
import { ruleTester } from '../../support/rule-tester.js';
import { defectStdio, fakeWithTools } from './support.js';

ruleTester(exitOnStdinClose, {
  valid: [{ name: 'a server that frames and negotiates correctly', target: defectStdio() }],
  invalid: [
    {
      name: 'still running after stdin closed',
      target: defectStdio('ignores-stdin-close'),
      findings: [
        { message: 'the server was still running 1000 ms after its stdin closed', location: { kind: 'transport', name: 'stdin' }, data: { graceMs: 1000 } },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
