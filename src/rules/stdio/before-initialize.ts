import { defineRule } from '../../engine/rule.js';
import { LISTS } from '../../surface/types.js';
import { describeOutcome } from '../outcome.js';
import { notStdio } from './shared.js';

export const beforeInitialize = defineRule({
  id: 'stdio/before-initialize',
  family: 'stdio',
  description: 'A request sent before initialize is refused, not served.',
  defaultSeverity: 'warning',
  spec: { revision: '2025-11-25', level: 'SHOULD NOT', section: 'basic/lifecycle#initialization' },
  docs:
    'Initialization MUST be the first interaction between client and server: it fixes the protocol version and ' +
    'the capabilities every later answer depends on. A server that serves a list before it has been initialized ' +
    'answers under a version nobody agreed on, and hides a client that skipped the handshake. On a server process ' +
    'of its own, mcpact sends the first list request the server declares (tools/list, prompts/list or ' +
    'resources/list) before initialize, then a ping (allowed before initialize): an error answer passes, a result ' +
    'is a finding, and no answer by the time the ping is answered passes with a note (an error would tell the ' +
    'client more). Over Streamable HTTP the session handshake enforces this already.',
  async check({ transport, surface, report, skip, note }) {
    if (transport?.kind !== 'stdio') return skip(notStdio(transport));
    const list = LISTS.find((candidate) => surface.capabilities[candidate.capability] !== undefined);
    if (!list) return skip('the server declares no list to request');
    await transport.shared('uninitialized', async (connection) => {
      const listed = connection.request(list.method, {});
      const ping = connection.ping();
      const outcome = await Promise.race([listed, ping.then(() => 'silent' as const)]);
      if (outcome === 'silent') return note(`${list.method} before initialize got no answer`);
      if (outcome.kind === 'result') {
        report({
          message: `${list.method} sent before initialize was served with a result; expected an error`,
          location: { kind: 'transport', name: 'stdin' },
          data: { method: list.method },
        });
      } else if (outcome.kind !== 'error') {
        note(`${list.method} before initialize got ${describeOutcome(outcome)}`);
      }
    });
  },
});
