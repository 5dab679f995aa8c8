import { batchRejected } from '../../../src/rules/http/batch-rejected.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeWithTools, httpFixtures } from './support.js';

const { good, broken } = httpFixtures('batch-processed');

ruleTester(batchRejected, {
  valid: [{ name: 'the good fixture refuses a batch with 400', target: good }],
  invalid: [
    {
      name: 'the batch processed',
      target: broken,
      findings: [
        {
          message: 'a JSON-RPC batch was processed (its ping was answered)',
          location: { kind: 'transport', name: 'POST' },
          data: { processed: true, status: 200 },
          basis: 'policy',
          lenient: true,
          severity: 'info',
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
