import { defineRule } from '../../engine/rule.js';
import { ABSENT, since } from '../../model/spec.js';
import { describeExchange, exchangeData, freshSession, notHttp } from './shared.js';

export const getStream = defineRule({
  id: 'http/get-stream',
  family: 'http',
  skipIn: { modern: '2026-07-28 removed the GET stream; http/modern-methods checks that a GET is answered 405' },
  description: 'A GET to the MCP endpoint opens an SSE stream (text/event-stream) or is answered 405.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'H5',
    texts: since(
      '2025-03-26',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/transports#listening-for-messages-from-the-server',
        quote:
          'The server MUST either return `Content-Type: text/event-stream` in response to this HTTP GET, or else return HTTP 405 Method Not Allowed, indicating that the server does not offer an SSE stream at this endpoint.',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  docs:
    'The MCP endpoint supports GET: the server MUST either answer with `Content-Type: text/event-stream` (a stream ' +
    'for server-initiated messages) or with 405 Method Not Allowed to say it offers none. A 404, a 400 or an HTML ' +
    'page makes clients treat the server as broken or as the deprecated HTTP+SSE transport. On a session of its ' +
    'own, mcpact sends a GET with `Accept: text/event-stream`, reads only the status and headers, and closes the ' +
    'stream.',
  async check({ transport, report, skip }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    await transport.open(async (client) => {
      const session = await freshSession(client);
      if (typeof session === 'string') return skip(session);
      const answer = await client.send({ method: 'GET', session, headersOnly: true });
      if (answer.kind === 'response' && (answer.status === 405 || (answer.status < 300 && answer.mediaType === 'text/event-stream'))) return;
      report({
        message: `GET was answered with ${describeExchange(answer)}; expected text/event-stream or 405 Method Not Allowed`,
        location: { kind: 'transport', name: 'GET' },
        data: { ...exchangeData(answer), expected: ['text/event-stream', 405] },
      });
    });
  },
});
