import { unknownSession } from '../../../src/rules/http/unknown-session.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeWithTools, httpFixtures } from './support.js';

const { good, broken } = httpFixtures('unknown-session-400');

ruleTester(unknownSession, {
  valid: [{ name: 'the good fixture answers 404 to unknown and deleted sessions', target: good }],
  invalid: [
    {
      name: '400 instead of 404',
      target: broken,
      findings: [
        {
          message: 'a request with a terminated session id was answered with HTTP 400 (application/json); expected 404 Not Found',
          location: { kind: 'transport', name: 'Mcp-Session-Id' },
          data: { terminated: true, status: 400 },
          basis: 'spec',
          severity: 'error',
        },
        // The text names only terminated sessions: 404 for an id never issued is mcpact's policy.
        {
          message: 'a request with an unknown session id was answered with HTTP 400',
          data: { sessionId: 'mcpact-unknown-session-00000000', expected: 404 },
          basis: 'policy',
          lenient: false,
          severity: 'warning',
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
