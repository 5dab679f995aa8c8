import { notificationShape } from '../../../src/rules/resources/notification-shape.js';
import { ruleTester } from '../../support/rule-tester.js';
import { resourceServer } from './support.js';

/** Sends `notifications` right before answering resources/list. */
const sending = (...notifications: unknown[]) =>
  resourceServer({
    capabilities: { resources: { subscribe: true, listChanged: true } },
    handle: (method) => (method === 'resources/list' ? { before: notifications, reply: { result: { resources: [] } } } : undefined),
  });

ruleTester(notificationShape, {
  valid: [
    {
      name: 'well-formed notifications',
      server: sending(
        { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'docs://guide/intro' } },
        { jsonrpc: '2.0', method: 'notifications/resources/list_changed' },
      ),
    },
  ],
  invalid: [
    {
      name: 'updated without a uri',
      server: sending({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { url: 'docs://guide/intro' } }),
      findings: [{ message: 'notifications/resources/updated params.uri must be a string, got undefined' }],
    },
    {
      name: 'list_changed with params that are not an object',
      server: sending({ jsonrpc: '2.0', method: 'notifications/resources/list_changed', params: 'changed' }),
      findings: [{ message: 'list_changed params must be an object, got string' }],
    },
  ],
  skipped: [{ name: 'no notifications', server: resourceServer(), skipped: 'sent no resource notifications' }],
});
