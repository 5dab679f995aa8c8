import { errorResponseId } from '../../../src/rules/protocol/error-response-id.js';
import { notificationNotAnswered } from '../../../src/rules/protocol/notification-not-answered.js';
import { unknownMethod } from '../../../src/rules/protocol/unknown-method.js';
import { ruleTester } from '../../support/rule-tester.js';
import { defectStdio } from '../stdio/support.js';

// protocol/unknown-method sends a method nobody serves: its refusal is the error answer under test.
ruleTester(errorResponseId, {
  valid: [
    { name: 'refusals that carry the id of the request', target: defectStdio(), alongside: [unknownMethod] },
    // Its id-null errors answer notifications/initialized, before any request sent after it is answered.
    { name: 'errors with id null that answer notifications', target: defectStdio('answers-notifications'), alongside: [unknownMethod] },
    // A server that answers a notification: protocol/notification-not-answered's finding, not a second one here.
    {
      name: 'an answer to a notification, judged by notification-not-answered',
      server: {
        tools: [{ name: 'a', inputSchema: { type: 'object' } }],
        onNotification: (method) =>
          method === 'notifications/cancelled' ? { raw: { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'Method not found' } } } : undefined,
      },
      alongside: [notificationNotAnswered],
    },
  ],
  invalid: [
    {
      name: 'refusals with id null to requests whose id was readable',
      target: defectStdio('null-id-errors'),
      alongside: [unknownMethod],
      findings: [
        {
          message: 'error response(s) came with id null, although every request mcpact sent had a readable id (the first: error -32601 "Method not found")',
          location: { kind: 'server' },
        },
      ],
    },
  ],
});
