import { originValidation } from '../../../src/rules/http/origin-validation.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeWithTools, httpFixtures } from './support.js';

const { good, broken } = httpFixtures('origin-ignored');

ruleTester(originValidation, {
  valid: [{ name: 'the good fixture refuses a foreign Origin with 403', target: good }],
  invalid: [
    {
      name: 'a foreign Origin accepted',
      target: broken,
      findings: [
        {
          message: 'a request with Origin http://evil.example.com was accepted with HTTP 200',
          location: { kind: 'transport', name: 'Origin' },
          data: { status: 200, expected: 403 },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
