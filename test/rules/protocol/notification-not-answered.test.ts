import { notificationNotAnswered } from '../../../src/rules/protocol/notification-not-answered.js';
import { ruleTester } from '../../support/rule-tester.js';

ruleTester(notificationNotAnswered, {
  valid: [{ name: 'silent on notifications', server: { tools: [] } }],
  invalid: [
    {
      name: 'answers with id null',
      server: { onNotification: () => ({ raw: { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'unknown' } } }) },
      findings: [{ message: 'answered a notification' }],
    },
    {
      name: 'answers without id',
      server: { onNotification: () => ({ raw: { jsonrpc: '2.0', result: {} } }) },
      findings: [{ message: '1 response(s)' }],
    },
  ],
  skipped: [
    {
      name: 'barrier ping never answered',
      server: { handle: (method) => (method === 'ping' ? { silent: true } : undefined) },
      skipped: 'cannot be judged',
    },
  ],
});
