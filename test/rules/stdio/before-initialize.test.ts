import { beforeInitialize } from '../../../src/rules/stdio/before-initialize.js';
import { ruleTester } from '../../support/rule-tester.js';
import { answerOrder, defectStdio, fakeWithTools } from './support.js';

ruleTester(beforeInitialize, {
  valid: [
    { name: 'a server that frames and negotiates correctly', target: defectStdio() },
    { name: 'a server that answers out of order', target: answerOrder('out-of-order') },
  ],
  invalid: [
    {
      name: 'tools/list served before initialize',
      target: defectStdio('serves-before-initialize'),
      findings: [
        {
          message: 'tools/list sent before initialize was served with a result',
          location: { kind: 'transport', name: 'stdin' },
          data: { method: 'tools/list' },
          // Only the client is told not to send it: serving it is leniency the spec permits.
          basis: 'policy',
          lenient: true,
          severity: 'info',
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
