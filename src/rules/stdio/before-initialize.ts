import { defineRule } from '../../engine/rule.js';
import { ABSENT, since } from '../../model/spec.js';
import { LISTS } from '../../surface/types.js';
import { describeOutcome } from '../outcome.js';
import { notStdio } from './shared.js';

export const beforeInitialize = defineRule({
  id: 'stdio/before-initialize',
  family: 'stdio',
  skipIn: { modern: '2026-07-28 has no initialize, so no request comes before it' },
  description: 'A request sent before initialize is refused, not served.',
  defaultSeverity: 'info',
  spec: {
    policy:
      'A request sent before initialize is refused with an error, not served. The sentence binds the client, so a server that serves it is lenient in a way the specification permits (info).',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SHOULD NOT',
        binds: 'client',
        section: 'basic/lifecycle#initialization',
        quote: 'The client SHOULD NOT send requests other than pings before the server has responded to the `initialize` request.',
        note: 'Binds the client: no sentence tells the server to refuse requests that come before initialize.',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  sharedChild: true,
  docs:
    'Initialization MUST be the first interaction between client and server: it fixes the protocol version and ' +
    'the capabilities every later answer depends on. The text puts this on the client (it SHOULD NOT send ' +
    'requests other than pings before initialize is answered) and tells the server nothing, so this is for ' +
    'information. A server that serves a list before it has been initialized ' +
    'answers under a version nobody agreed on, and hides a client that skipped the handshake. On a server process ' +
    'of its own, mcpact sends the first list request the server declares (tools/list, prompts/list or ' +
    'resources/list) before initialize: an error answer passes, a result is a finding, and no answer within ' +
    'call_ms passes with a note (an error would tell the client more). Over Streamable HTTP the session handshake ' +
    'enforces this already.',
  async check({ transport, surface, report, skip, note }) {
    if (transport?.kind !== 'stdio') return skip(notStdio(transport));
    const list = LISTS.find((candidate) => surface.capabilities[candidate.capability] !== undefined);
    if (!list) return skip('the server declares no list to request');
    await transport.shared('uninitialized', async (connection) => {
      const listed = connection.request(list.method, {});
      // Not a barrier (a server may answer in any order): it tells the shared child whether the server still serves.
      void connection.ping();
      const outcome = await listed;
      if (outcome.kind === 'result') {
        report({
          message: `${list.method} sent before initialize was served with a result; expected an error`,
          location: { kind: 'transport', name: 'stdin' },
          data: { method: list.method },
          // Serving it is leniency: only the client is told not to send it.
          lenient: true,
        });
      } else if (outcome.kind !== 'error') {
        note(`${list.method} before initialize got ${describeOutcome(outcome)}`);
      }
    });
  },
});
