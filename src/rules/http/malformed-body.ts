import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { isRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { describeExchange, exchangeData, freshSession, notHttp } from './shared.js';

/** A request cut off mid-object: not JSON at all. */
export const MALFORMED_BODY = '{"jsonrpc": "2.0", "id": "mcpact-malformed-body", "method": "ping"';

export const malformedBody = defineRule({
  id: 'http/malformed-body',
  family: 'http',
  skipIn: { modern: 'its probe runs in an initialize session, which 2026-07-28 does not have (not ported to the modern era yet)' },
  description: 'A POST body that is not valid JSON gets a 4xx status and a JSON-RPC error -32700, not a 500 or an HTML page.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'A POST body that is not JSON gets a 4xx status with JSON-RPC error -32700, as JSON-RPC answers invalid JSON and the transport answers input it cannot accept. The quoted sentence is said of JSON-RPC responses and notifications, not of a body that is not JSON.',
    checklist: 'J4',
    texts: since(
      '2025-03-26',
      {
        keyword: 'none',
        binds: 'server',
        section: 'basic/transports#sending-messages-to-the-server',
        quote: 'If the server cannot accept the input, it MUST return an HTTP error status code (e.g., 400 Bad Request).',
        note: 'Said of a JSON-RPC response or notification the server cannot accept; for a body that is not JSON at all the text states no level. -32700 is JSON-RPC 2.0\'s "Parse error".',
      },
      {
        '2026-07-28': {
          section: 'basic/transports/streamable-http#sending-messages',
          quote: 'If the server cannot accept it, it MUST return an HTTP error status code (e.g., `400 Bad Request`).',
          note: 'Said of a JSON-RPC notification the server cannot accept; for a body that is not JSON at all the text states no level. -32700 is JSON-RPC 2.0\'s "Parse error" (basic/index#error-codes).',
        },
      },
    ),
  },
  docs:
    'Input the server cannot accept gets an HTTP error status, and MCP messages follow JSON-RPC 2.0, whose answer ' +
    'to text that is not JSON is error -32700 (parse error). A 500, a framework error page or a stack trace tells ' +
    'the client nothing it can act on and often leaks internals. On a session of its own, mcpact POSTs a truncated ' +
    'JSON body: it expects a 4xx status whose body is a JSON-RPC error with code -32700.',
  async check({ transport, report, skip }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    await transport.open(async (client) => {
      const session = await freshSession(client);
      if (typeof session === 'string') return skip(session);
      const answer = await client.send({ method: 'POST', session, body: MALFORMED_BODY });
      const location = { kind: 'transport', name: 'POST' } as const;
      const data = { sent: MALFORMED_BODY, ...exchangeData(answer) };
      if (answer.kind === 'failed' || answer.status < 400 || answer.status >= 500) {
        report({
          message: `a body that is not valid JSON was answered with ${describeExchange(answer)}; expected a 4xx status with JSON-RPC error -32700`,
          location,
          data,
        });
        return;
      }
      const error = answer.messages.map((message) => (isRecord(message) && isRecord(message.error) ? message.error : undefined)).find(Boolean);
      if (!error) {
        report({
          message: `a body that is not valid JSON got ${describeExchange(answer)} whose body is not a JSON-RPC error: ${quote(answer.body)}`,
          location,
          data,
        });
      } else if (error.code !== -32700) {
        report({
          message: `a body that is not valid JSON got JSON-RPC error ${quote(error.code)}; expected -32700 (parse error)`,
          location,
          data: { ...data, code: error.code, expected: -32700 },
        });
      }
    });
  },
});
