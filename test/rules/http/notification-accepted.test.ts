import { notificationAccepted } from '../../../src/rules/http/notification-accepted.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeWithTools, httpFixtures } from './support.js';

const { good, broken } = httpFixtures('notification-answered');

ruleTester(notificationAccepted, {
  valid: [{ name: 'the good fixture answers 202 without a body', target: good }],
  invalid: [
    {
      name: '200 with a JSON body',
      target: broken,
      findings: [
        {
          message: 'notifications/initialized was answered with HTTP 200 (application/json); expected 202 Accepted',
          location: { kind: 'transport', name: 'POST' },
          data: { status: 200, expected: 202 },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
