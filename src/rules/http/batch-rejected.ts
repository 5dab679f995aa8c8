import { defineRule } from '../../engine/rule.js';
import { revisionAtLeast, since } from '../../model/spec.js';
import { isRecord } from '../../util/json.js';
import { describeExchange, exchangeData, freshSession, notHttp, ping } from './shared.js';

export const batchRejected = defineRule({
  id: 'http/batch-rejected',
  family: 'http',
  skipIn: { modern: 'its probe runs in an initialize session, which 2026-07-28 does not have (not ported to the modern era yet)' },
  description: 'From revision 2025-06-18 on, a JSON-RPC batch (an array body) is refused, not processed.',
  defaultSeverity: 'info',
  spec: {
    policy:
      'From 2025-06-18 on, a JSON-RPC batch is refused with a 4xx status or a JSON-RPC error, not processed. The sentence binds the client, so a server that still processes a batch is lenient in a way the specification permits (info).',
    checklist: 'J7',
    texts: since(
      '2025-06-18',
      {
        keyword: 'MUST',
        binds: 'client',
        section: 'basic/transports#sending-messages-to-the-server',
        quote: 'The body of the POST request MUST be a single JSON-RPC request, notification, or response.',
        note: 'Binds the client; no sentence tells the server to refuse a batch. 2025-03-26 said the opposite: implementations MUST support receiving JSON-RPC batches.',
      },
      {
        '2026-07-28': {
          section: 'basic/transports/streamable-http#sending-messages',
          quote: 'The body of the HTTP POST MUST be a single JSON-RPC request or notification.',
          note: 'Binds the client; no sentence tells the server to refuse a batch (JSONRPCMessage has no batch form).',
        },
      },
    ),
  },
  docs:
    'Revision 2025-06-18 removed JSON-RPC batching: the body of a POST MUST be a single request, notification or ' +
    'response. That sentence binds the client and tells the server nothing about a batch it receives, so this is ' +
    'for information. A server that still ' +
    'processes arrays speaks a protocol the negotiated revision does not have, and proxies or gateways that rely on ' +
    'one message per request can be bypassed with it. On a session of its own, mcpact POSTs a one-element batch ' +
    'holding a ping: a 4xx status or a JSON-RPC error passes, a processed ping is a finding. Revision 2025-03-26 ' +
    'required batches to be accepted, so servers that negotiated it (or earlier) are skipped.',
  async check({ transport, surface, report, skip }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    if (surface.protocolVersion !== undefined && !revisionAtLeast(surface.protocolVersion, '2025-06-18')) {
      return skip(`the server negotiated ${surface.protocolVersion.slice(0, 20)}, which has batches`);
    }
    await transport.open(async (client) => {
      const session = await freshSession(client);
      if (typeof session === 'string') return skip(session);
      const id = client.nextRequestId();
      const answer = await client.send({ method: 'POST', session, body: [ping(id)], awaitId: id });
      if (answer.kind === 'response' && answer.status >= 400 && answer.status < 500) return;
      const processed = answer.kind === 'response' && answer.messages.some((message) => isRecord(message) && message.id === id && 'result' in message);
      const refused = answer.kind === 'response' && !processed && answer.messages.some((message) => isRecord(message) && 'error' in message);
      if (refused) return;
      report({
        message: processed
          ? 'a JSON-RPC batch was processed (its ping was answered); batches do not exist from 2025-06-18 on'
          : `a JSON-RPC batch was answered with ${describeExchange(answer)}; expected a 4xx status or a JSON-RPC error`,
        location: { kind: 'transport', name: 'POST' },
        data: { ...exchangeData(answer), processed },
        // Processing it is leniency: only the client is told to send one message per POST.
        lenient: processed,
      });
    });
  },
});
