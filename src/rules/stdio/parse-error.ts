import { defineRule } from '../../engine/rule.js';
import { describeOutcome } from '../outcome.js';
import { quote } from '../../util/text.js';
import { anonymousError, codeOf, initialized, notStdio } from './shared.js';

/** A request cut off mid-object: not JSON at all. */
export const MALFORMED_LINE = '{"jsonrpc": "2.0", "id": "mcpact-parse-error", "method": "ping"';
const STDIN = { kind: 'transport', name: 'stdin' } as const;

export const parseError = defineRule({
  id: 'stdio/parse-error',
  family: 'stdio',
  description: 'A line that is not valid JSON gets JSON-RPC error -32700, and the server keeps serving.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'J4',
    texts: {
      '2025-11-25': {
        keyword: 'none',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0 (section 5.1) names -32700 "Parse error" for invalid JSON; neither text puts a requirement level on answering a line that is not JSON.',
      },
      '2025-06-18': {
        keyword: 'none',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0 (section 5.1) names -32700 "Parse error" for invalid JSON; neither text puts a requirement level on answering a line that is not JSON.',
      },
      '2025-03-26': {
        keyword: 'none',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0 (section 5.1) names -32700 "Parse error" for invalid JSON; neither text puts a requirement level on answering a line that is not JSON.',
      },
      '2024-11-05': {
        keyword: 'none',
        binds: 'both',
        section: 'basic/messages',
        quote: 'All messages in MCP MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0 (section 5.1) names -32700 "Parse error" for invalid JSON; neither text puts a requirement level on answering a line that is not JSON.',
      },
    },
  },
  docs:
    'MCP messages follow JSON-RPC 2.0, whose answer to text that is not JSON is error -32700 (parse error) with ' +
    '`id: null`. Silence leaves a client waiting for its deadline on a request it will never see answered; crashing ' +
    'takes every other request with it. mcpact starts a server process of its own (never the shared session), ' +
    'initializes it, writes one truncated JSON line and then a ping: the error must come before the answer to the ' +
    'ping (a server answers in order), and the ping must still be answered. Graded a warning: the official SDKs ' +
    'stay silent here.',
  async check({ transport, report, skip }) {
    if (transport?.kind !== 'stdio') return skip(notStdio(transport));
    await transport.shared('initialized', async (connection) => {
      const failed = await initialized(connection);
      if (failed) return skip(failed);
      await connection.sendLine(MALFORMED_LINE);
      const ping = connection.ping();
      const answer = await connection.nextUnmatched(anonymousError, ping);
      const code = codeOf(answer);
      if (answer === undefined) {
        report({
          message: 'a line that is not valid JSON got no answer; expected JSON-RPC error -32700',
          location: STDIN,
          data: { sent: MALFORMED_LINE, expected: -32700 },
        });
      } else if (code !== -32700) {
        report({
          message: `a line that is not valid JSON got error ${quote(code)}; expected -32700 (parse error)`,
          location: STDIN,
          data: { sent: MALFORMED_LINE, answer, expected: -32700 },
        });
      }
      const alive = await ping;
      if (alive.kind !== 'result') {
        report({
          message: `after a line that is not valid JSON, ping got ${describeOutcome(alive)}: the server stopped serving`,
          location: STDIN,
          data: { sent: MALFORMED_LINE, ping: alive.kind },
        });
      }
    });
  },
});
