import { subscribe } from '../../../src/rules/resources/subscribe.js';
import { ruleTester } from '../../support/rule-tester.js';
import { resourceServer } from './support.js';

const subscribing = { capabilities: { resources: { subscribe: true } } };

ruleTester(subscribe, {
  valid: [{ name: 'subscribe and unsubscribe answer {}', server: resourceServer(subscribing) }],
  invalid: [
    {
      name: 'subscribe declared but not implemented',
      server: resourceServer({
        ...subscribing,
        handle: (method) =>
          method.startsWith('resources/') && method.endsWith('subscribe') ? { error: { code: -32601, message: 'Method not found' } } : undefined,
      }),
      findings: [
        {
          message: 'resources/subscribe of "docs://guide/intro" got JSON-RPC error -32601; with resources.subscribe declared it must answer {}',
          location: { kind: 'resource' },
        },
        { message: 'resources/unsubscribe of "docs://guide/intro" got JSON-RPC error -32601' },
      ],
    },
    {
      name: 'unsubscribe answers a string',
      server: resourceServer({ ...subscribing, handle: (method) => (method === 'resources/unsubscribe' ? { result: 'ok' } : undefined) }),
      findings: [{ message: 'resources/unsubscribe of "docs://guide/intro" got a result that is not an object' }],
    },
  ],
  skipped: [
    { name: 'subscribe not declared', server: resourceServer(), skipped: 'does not declare resources.subscribe' },
    { name: '2026-07-28', server: resourceServer({ ...subscribing, protocolVersion: '2026-07-28' }), skipped: '2026-07-28 has no resources/subscribe' },
  ],
});
