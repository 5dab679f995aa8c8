import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { quote } from '../../util/text.js';
import { MALFORMED_LINE, malformedLine, stoppedRightAfter } from './exchanges.js';
import { codeOf, notStdio } from './shared.js';

const STDIN = { kind: 'transport', name: 'stdin' } as const;

export const parseError = defineRule({
  id: 'stdio/parse-error',
  family: 'stdio',
  description: 'A line that is not valid JSON gets JSON-RPC error -32700.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'J4',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'both',
        section: 'basic/messages',
        quote: 'All messages in MCP MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0 (section 5.1) names -32700 "Parse error" for invalid JSON; neither text puts a requirement level on answering a line that is not JSON.',
      },
      { '2025-03-26': { section: 'basic/index#messages', quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.' } },
    ),
  },
  sharedChild: true,
  docs:
    'MCP messages follow JSON-RPC 2.0, whose answer to text that is not JSON is error -32700 (parse error) with ' +
    '`id: null`. Silence leaves a client waiting for its deadline on a request it will never see answered. mcpact ' +
    'starts a server process of its own (never the shared session), initializes it and writes one truncated JSON ' +
    'line: an error with `id: null` and code -32700 must come within a grace after the answer to a ping sent ' +
    'behind it (three more pings answered one after another, and at least ten round trips of the first, 50 ms to ' +
    "call_ms; the ping's answer does not end the wait by itself: a server may answer in any order). Whether the " +
    'server still serves afterwards is ' +
    "stdio/survives-bad-line's verdict; a server that exits on the line, or answers nothing after it, gets that " +
    'finding only (inconclusive here: the missing -32700 is the same cause). Graded a warning: the official SDKs ' +
    'stay silent here.',
  async check({ transport, cache, report, skip, inconclusive }) {
    if (transport?.kind !== 'stdio') return skip(notStdio(transport));
    const exchange = await malformedLine(transport, cache);
    if ('skipped' in exchange) return skip(exchange.skipped);
    const stopped = stoppedRightAfter(exchange);
    if (stopped !== undefined) return inconclusive(stopped);
    const answer = exchange.answer?.response;
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
  },
});
