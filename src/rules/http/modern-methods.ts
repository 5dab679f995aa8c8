import { defineRule } from '../../engine/rule.js';
import { MODERN_REVISION, since } from '../../model/spec.js';
import type { HttpExchange } from '../../connect/transport-probe.js';
import { describeExchange, exchangeData, notHttp } from './shared.js';

/** The two methods an older client sends to the endpoint: GET for its SSE stream, DELETE to end its session. */
const METHODS = ['GET', 'DELETE'] as const;

export const modernMethods = defineRule({
  id: 'http/modern-methods',
  family: 'http',
  description:
    'Over Streamable HTTP (2026-07-28), a server that speaks only the modern era answers a GET or DELETE to its endpoint with 405 Method Not Allowed.',
  defaultSeverity: 'warning',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'basic/transports/streamable-http#earlier-streamable-http-revisions',
      quote: 'A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows:',
      note: 'The first item: "HTTP GET or DELETE to the MCP endpoint: respond with `405 Method Not Allowed`." A dual-era server implements the earlier revision\'s GET stream and DELETE instead.',
    }),
  },
  docs:
    '2026-07-28 has no standalone SSE stream and no sessions, so nothing answers the GET (stream) and DELETE ' +
    '(end of session) an older client sends; a server that speaks only this revision should say so with 405 Method ' +
    'Not Allowed, which older clients understand, rather than a 404, a 200 or an HTML page. mcpact sends one GET ' +
    '(`Accept: text/event-stream`, reading only the status and headers) and one DELETE to the endpoint. When either ' +
    'is not answered 405, it sends the legacy `initialize`: a server that accepts it speaks the initialize era too, ' +
    'where GET and DELETE keep their old meaning (http/get-stream checks them with `--protocol-era legacy`), and ' +
    'the rule is skipped. Otherwise one finding names both answers. Over stdio there is no endpoint, and the rule is ' +
    'skipped.',
  async check({ transport, report, skip, inconclusive }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    await transport.open(async (client) => {
      const headers = { 'mcp-protocol-version': MODERN_REVISION };
      const answers: { method: (typeof METHODS)[number]; answer: HttpExchange }[] = [];
      for (const method of METHODS) {
        const answer = await client.send(
          method === 'GET' ? { method, headers: { ...headers, accept: 'text/event-stream' }, headersOnly: true } : { method, headers },
        );
        answers.push({ method, answer });
      }
      const failed = answers.find(({ answer }) => answer.kind === 'failed');
      if (failed) return inconclusive(`${failed.method} to the endpoint got ${describeExchange(failed.answer)}`);
      const wrong = answers.filter(({ answer }) => answer.kind === 'response' && answer.status !== 405);
      if (wrong.length === 0) return;
      const legacy = await client.initialize();
      if (legacy.outcome.kind === 'result')
        return skip(
          `${wrong.map(({ method }) => method).join(' and ')} got no 405, but the server also answers initialize: in the initialize era GET and DELETE keep their meaning (http/get-stream checks them with --protocol-era legacy)`,
        );
      report({
        message: `${wrong.map(({ method, answer }) => `${method} was answered with ${describeExchange(answer)}`).join('; ')}; a server that speaks only 2026-07-28 should answer 405 Method Not Allowed`,
        location: { kind: 'transport', name: wrong.map(({ method }) => method).join(' ') },
        data: { answers: Object.fromEntries(wrong.map(({ method, answer }) => [method, exchangeData(answer)])), expected: 405 },
        cause: wrong.map(({ method, answer }) => `${method} ${answer.kind === 'response' ? answer.status : ''}`).join(' '),
      });
    });
  },
});
