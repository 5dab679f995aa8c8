import { negotiatedCapabilities } from '../../../src/rules/protocol/negotiated-capabilities.js';
import { ruleTester } from '../../support/rule-tester.js';
import type { FakeServerSpec } from '../../support/fake-server.js';

const tools = [{ name: 'a', inputSchema: { type: 'object' } }];
const notification = (method: string) => ({ jsonrpc: '2.0', method, params: {} });
/** The server slips its own messages in before answering tools/list. */
const sending = (messages: unknown[], capabilities: Record<string, unknown> = { tools: {} }): FakeServerSpec => ({
  tools,
  capabilities,
  handle: (method) => (method === 'tools/list' ? { before: messages, reply: { result: { tools } } } : undefined),
});

ruleTester(negotiatedCapabilities, {
  valid: [
    { name: 'a server that only answers', server: { tools } },
    {
      name: 'declared notifications',
      server: sending([notification('notifications/message'), notification('notifications/tools/list_changed')], { tools: { listChanged: true }, logging: {} }),
    },
  ],
  invalid: [
    {
      name: 'sampling and roots requests mcpact never offered',
      server: sending([
        { jsonrpc: '2.0', id: 'srv-1', method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } },
        { jsonrpc: '2.0', id: 'srv-2', method: 'roots/list' },
      ]),
      findings: [
        { message: 'server sent roots/list (1×), but the client did not offer the roots capability', data: { capability: 'roots' } },
        { message: 'server sent sampling/createMessage (1×)', location: { kind: 'server' } },
      ],
    },
    {
      name: 'log messages and list_changed without the capability',
      server: sending([notification('notifications/message'), notification('notifications/message'), notification('notifications/tools/list_changed')]),
      findings: [
        { message: 'server sent notifications/message (2×) without declaring logging', location: { pointer: '/capabilities/logging' } },
        { message: 'notifications/tools/list_changed (1×) without declaring tools.listChanged', location: { pointer: '/capabilities/tools/listChanged' } },
      ],
    },
  ],
});
