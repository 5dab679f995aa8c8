import { requestContentType } from '../../../src/rules/http/request-content-type.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeWithTools, httpFixtures } from './support.js';

const { good, broken } = httpFixtures('wrong-content-type');

ruleTester(requestContentType, {
  valid: [{ name: 'the good fixture answers with SSE', target: good }],
  invalid: [
    {
      name: 'ping answered with text/plain',
      target: broken,
      findings: [
        {
          message: 'ping was answered with HTTP 200 (text/plain); expected application/json or text/event-stream',
          location: { kind: 'transport', name: 'POST' },
          data: { method: 'ping', status: 200 },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
