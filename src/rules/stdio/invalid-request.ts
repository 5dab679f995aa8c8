import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { describeOutcome } from '../outcome.js';
import { INVALID_REQUESTS, invalidRequests, stoppedRightAfter } from './exchanges.js';
import { isErrorCode, notStdio } from './shared.js';

const STDIN = { kind: 'transport', name: 'stdin' } as const;

export const invalidRequest = defineRule({
  id: 'stdio/invalid-request',
  family: 'stdio',
  description: 'An invalid JSON-RPC request ("jsonrpc": "1.0", params that are not an object) gets error -32600.',
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
        note: 'JSON-RPC 2.0 (section 5.1) names -32600 "Invalid Request" for a message that is not a valid Request object; neither text puts a requirement level on answering one.',
      },
      { '2025-03-26': { section: 'basic/index#messages', quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.' } },
    ),
  },
  sharedChild: true,
  docs:
    'JSON-RPC 2.0 answers a request that is not a valid Request object with -32600 (invalid request), and MCP ' +
    'requests carry `"jsonrpc": "2.0"` and params that are an object. A server that serves such requests anyway, ' +
    'or stays silent, hides client bugs until they matter. On a server process of its own, mcpact sends a ping ' +
    'with `"jsonrpc": "1.0"` and a ping whose params are a string (for which -32602 is accepted as well): the ' +
    'answer (with the request id, or `id: null`) must come within a grace after the answer to a ping sent behind it ' +
    '(three more pings answered one after another, and at least ten round trips of the first, 50 ms to call_ms). ' +
    'Whether the server still serves ' +
    "afterwards is stdio/survives-bad-line's verdict; a server that exits on the request, or answers nothing after " +
    'it, gets that finding only (no verdict here on the same cause). The same answer to both requests (no answer, ' +
    "a result, one error code) is one finding, with each request's own message. Graded a warning: the official " +
    'SDKs stay silent here.',
  async check({ transport, cache, report, skip, inconclusive }) {
    if (transport?.kind !== 'stdio') return skip(notStdio(transport));
    const exchanges = await Promise.all(invalidRequests(transport, cache));
    const skipped = exchanges.flatMap((exchange) => ('skipped' in exchange ? [exchange.skipped] : []));
    if (skipped.length === exchanges.length) return skip(skipped[0]!);
    if (skipped.length > 0) inconclusive(`not every invalid request could be sent: ${skipped[0]}`);
    INVALID_REQUESTS.forEach((probe, index) => {
      const exchange = exchanges[index]!;
      if ('skipped' in exchange) return;
      const stopped = stoppedRightAfter(exchange);
      if (stopped !== undefined) return inconclusive(stopped);
      const outcome = exchange.answer?.outcome;
      if (outcome !== undefined && isErrorCode(outcome, probe.accepted)) return;
      report({
        message: `${probe.what} got ${outcome === undefined ? 'no answer' : describeOutcome(outcome)}; expected JSON-RPC error ${probe.accepted.join(' or ')}`,
        location: STDIN,
        data: {
          sent: probe.message,
          outcome: outcome === undefined ? 'none' : outcome.kind,
          code: outcome?.kind === 'error' ? outcome.code : undefined,
          expected: probe.accepted[0],
        },
        // One transport step handles both invalid requests: the same answer to both is one cause (rust-mcp-filesystem
        // 0.4.5, round G: `Err(_) => continue` drops both), listed with each request's own message.
        cause: outcome === undefined ? 'no answer' : outcome.kind === 'error' ? `error ${String(outcome.code).slice(0, 20)}` : outcome.kind,
      });
    });
  },
});
