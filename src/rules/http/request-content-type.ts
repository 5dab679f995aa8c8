import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import type { HttpExchange } from '../../connect/transport-probe.js';
import { describeExchange, exchangeData, freshSession, notHttp, ping } from './shared.js';

const ALLOWED = ['application/json', 'text/event-stream'];

export const requestContentType = defineRule({
  id: 'http/request-content-type',
  family: 'http',
  skipIn: { modern: 'its probe runs in an initialize session, which 2026-07-28 does not have (not ported to the modern era yet)' },
  description: 'A POSTed request is answered with Content-Type application/json or text/event-stream.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'H3',
    texts: since(
      '2025-03-26',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/transports#sending-messages-to-the-server',
        quote:
          'If the input contains any number of JSON-RPC requests, the server MUST either return `Content-Type: text/event-stream`, to initiate an SSE stream, or `Content-Type: application/json`, to return one JSON object.',
      },
      {
        '2025-06-18': {
          quote:
            'If the input is a JSON-RPC request, the server MUST either return `Content-Type: text/event-stream`, to initiate an SSE stream, or `Content-Type: application/json`, to return one JSON object.',
        },
        '2026-07-28': {
          section: 'basic/transports/streamable-http#sending-messages',
          quote:
            'If the body is a JSON-RPC request, the server MUST return either `Content-Type: application/json` (a single JSON object) or `Content-Type: text/event-stream` (an SSE response stream).',
        },
      },
    ),
  },
  docs:
    'A POST that carries a JSON-RPC request MUST be answered either with `Content-Type: text/event-stream` (an SSE ' +
    'stream) or with `Content-Type: application/json` (one JSON object); clients support exactly these two. On a ' +
    'session of its own, mcpact checks the answers to initialize and to a ping. A request the server refuses with ' +
    'an HTTP error status is not judged here.',
  async check({ transport, report, skip }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    await transport.open(async (client) => {
      const session = await freshSession(client);
      if (typeof session === 'string') return skip(session);
      const id = client.nextRequestId();
      const pinged = await client.send({ method: 'POST', session, body: ping(id), awaitId: id });
      const judge = (method: string, answer: HttpExchange) => {
        if (answer.kind === 'failed' || answer.status >= 300) return;
        if (answer.mediaType !== undefined && ALLOWED.includes(answer.mediaType)) return;
        report({
          message: `${method} was answered with ${describeExchange(answer)}${answer.mediaType ? '' : ' and no Content-Type'}; expected application/json or text/event-stream`,
          location: { kind: 'transport', name: 'POST' },
          data: { method, ...exchangeData(answer), expected: ALLOWED },
        });
      };
      judge('initialize', session.exchange);
      judge('ping', pinged);
    });
  },
});
