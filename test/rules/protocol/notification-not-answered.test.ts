import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { expect, it } from 'vitest';
import { RpcPeer } from '../../../src/connect/rpc.js';
import { Probe } from '../../../src/connect/probe.js';
import { notificationNotAnswered } from '../../../src/rules/protocol/notification-not-answered.js';
import { fakeServerTransport } from '../../support/fake-server.js';
import { ruleTester } from '../../support/rule-tester.js';
import { capabilityImplemented } from '../../../src/rules/protocol/capability-implemented.js';
import { unknownMethod } from '../../../src/rules/protocol/unknown-method.js';
import { defectStdio } from '../stdio/support.js';

/** A fake server whose transport refuses to carry notifications/cancelled, as a closed stdin refuses a write. */
function refusesTheNotification(): InMemoryTransport {
  const client = fakeServerTransport({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] });
  const send = client.send.bind(client);
  client.send = (message: JSONRPCMessage, options) =>
    'method' in message && message.method === 'notifications/cancelled' ? Promise.reject(new Error('server stdin is closed')) : send(message, options);
  return client;
}

ruleTester(notificationNotAnswered, {
  valid: [
    { name: 'silent on notifications', server: { tools: [] } },
    // The rule used to crash here ("server stdin is closed"); the ping after it is what the rule judges.
    { name: 'a notification that cannot be written', target: () => ({ kind: 'memory', transport: refusesTheNotification() }) },
  ],
  invalid: [
    {
      name: 'answers with id null',
      server: { onNotification: () => ({ raw: { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'unknown' } } }) },
      findings: [{ message: 'answered a notification' }],
    },
    // Over stdio, with other rules' requests in flight: notifications/initialized got its id-null error before any
    // request sent after it was answered, and each request in flight then got an answer of its own.
    {
      name: 'every notification answered with an error, among other requests',
      target: defectStdio('answers-notifications'),
      alongside: [unknownMethod, capabilityImplemented],
      findings: [{ message: 'server answered' }],
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

it('Probe.notify resolves quietly once the server has gone away', async () => {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const peer = new RpcPeer(client);
  await peer.start();
  await server.close();
  expect(peer.closed).toBe(true);
  const probe = new Probe(peer, { callMs: 100, concurrency: 1 });
  await expect(probe.notify('notifications/cancelled', { requestId: 'x' })).resolves.toBeUndefined();
  expect((await probe.request('ping')).kind).toBe('closed');
});
