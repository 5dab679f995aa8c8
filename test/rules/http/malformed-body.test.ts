import { malformedBody } from '../../../src/rules/http/malformed-body.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeWithTools, httpFixtures } from './support.js';

const { good, broken } = httpFixtures('malformed-500');

ruleTester(malformedBody, {
  valid: [{ name: 'the good fixture answers 400 with -32700', target: good }],
  invalid: [
    {
      name: 'a 500 HTML page',
      target: broken,
      findings: [
        {
          message: 'a body that is not valid JSON was answered with HTTP 500 (text/html)',
          location: { kind: 'transport', name: 'POST' },
          data: { status: 500 },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
