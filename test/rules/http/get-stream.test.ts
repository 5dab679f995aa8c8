import { getStream } from '../../../src/rules/http/get-stream.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeWithTools, httpFixtures } from './support.js';

const { good, broken } = httpFixtures('get-not-found');

ruleTester(getStream, {
  valid: [{ name: 'the good fixture opens an SSE stream', target: good }],
  invalid: [
    {
      name: 'GET answered 404',
      target: broken,
      findings: [
        {
          message: 'GET was answered with HTTP 404 (text/plain); expected text/event-stream or 405 Method Not Allowed',
          location: { kind: 'transport', name: 'GET' },
          data: { status: 404 },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
