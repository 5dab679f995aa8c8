import { subscribeUndeclared } from '../../../src/rules/resources/subscribe-undeclared.js';
import { ruleTester } from '../../support/rule-tester.js';
import { resourceServer } from './support.js';

ruleTester(subscribeUndeclared, {
  valid: [
    { name: '-32601 without the capability', server: resourceServer() },
    {
      name: '-32602 is a refusal too',
      server: resourceServer({ handle: (method) => (method === 'resources/subscribe' ? { error: { code: -32602, message: 'not supported' } } : undefined) }),
    },
  ],
  invalid: [
    {
      name: 'subscribe answers without the capability',
      server: resourceServer({ handle: (method) => (method.endsWith('subscribe') ? { result: {} } : undefined) }),
      findings: [
        {
          message: 'answered with a result, but resources.subscribe is not declared; expected JSON-RPC error -32601',
          location: { kind: 'server', pointer: '/capabilities/resources/subscribe' },
        },
      ],
    },
  ],
  skipped: [
    { name: 'subscribe declared', server: resourceServer({ capabilities: { resources: { subscribe: true } } }), skipped: 'declares resources.subscribe' },
    { name: 'no resources', server: { tools: [] }, skipped: 'does not declare resources' },
  ],
});
