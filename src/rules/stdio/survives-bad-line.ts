import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { answered, invalidRequests, malformedLine, type BadInputExchange } from './exchanges.js';
import { notStdio } from './shared.js';

const STDIN = { kind: 'transport', name: 'stdin' } as const;
const NOTE =
  'JSON-RPC 2.0 (section 5): "When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications." The valid ping sent after the bad input is owed one.';

export const survivesBadLine = defineRule({
  id: 'stdio/survives-bad-line',
  family: 'stdio',
  description: 'After a line that is not JSON, or an invalid JSON-RPC request, the server still answers valid requests.',
  defaultSeverity: 'error',
  spec: {
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/messages',
        quote: 'All messages in MCP MUST follow the JSON-RPC 2.0 specification.',
        note: NOTE,
      },
      { '2025-03-26': { section: 'basic/index#messages', quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.' } },
    ),
  },
  sharedChild: true,
  docs:
    'One bad line must not cost a client its connection: a server that exits, or stops reading, after a line that ' +
    'is not JSON or after an invalid request leaves every later request unanswered, although JSON-RPC 2.0 owes ' +
    'each a Response. On a server process of its own, mcpact checks that a ping is answered, then sends a ' +
    'truncated JSON line (and, each on a process that is still serving, a request with `"jsonrpc": "1.0"` and one ' +
    'whose params are a string), each followed by a valid ping. That ping must be answered, with a result or an ' +
    'error: no answer to two tries, or the connection closing, is reported. What the server answered to the bad ' +
    "input itself is stdio/parse-error's and stdio/invalid-request's verdict.",
  async check({ transport, cache, report, skip, inconclusive }) {
    if (transport?.kind !== 'stdio') return skip(notStdio(transport));
    // Asked for at once, before any await: the exchanges are steps of the same shared child.
    const exchanges = await Promise.all([malformedLine(transport, cache), ...invalidRequests(transport, cache)]);
    const made = exchanges.filter((exchange): exchange is BadInputExchange => !('skipped' in exchange));
    const skipped = exchanges.flatMap((exchange) => ('skipped' in exchange ? [exchange.skipped] : []));
    if (made.length === 0) return skip(skipped[0]!);
    if (skipped.length > 0) inconclusive(`not every bad input could be sent: ${skipped[0]}`);
    for (const exchange of made) {
      if (exchange.after === 'unjudged') {
        inconclusive(`a ping sent before ${exchange.what} got no answer either, so silence after it proves nothing`);
        continue;
      }
      if (answered(exchange.after)) continue;
      const got = exchange.after.kind === 'closed' ? 'the connection closed' : 'no answer to two tries';
      report({
        message: `after ${exchange.what}, a valid ping got ${got}: the server stopped serving`,
        location: STDIN,
        data: { sent: exchange.sent, ping: exchange.after.kind },
      });
    }
  },
});
