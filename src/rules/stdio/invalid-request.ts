import { defineRule } from '../../engine/rule.js';
import type { Outcome } from '../../connect/rpc.js';
import type { StdioConnection } from '../../connect/transport-probe.js';
import { describeOutcome } from '../outcome.js';
import { isRecord } from '../../util/json.js';
import { anonymousError, codeOf, initialized, isErrorCode, notStdio } from './shared.js';

/** Requests a JSON-RPC 2.0 server must refuse: the wrong version, and params that are not a structured value. */
export const INVALID_REQUESTS = [
  { what: 'a request with "jsonrpc": "1.0"', message: { jsonrpc: '1.0', id: 900_001, method: 'ping' }, accepted: [-32600] },
  // -32602 (invalid params) is an honest answer too: the request is well-formed apart from its params.
  {
    what: 'a request whose params are a string',
    message: { jsonrpc: '2.0', id: 900_002, method: 'ping', params: 'not an object' },
    accepted: [-32600, -32602],
  },
] as const;
const STDIN = { kind: 'transport', name: 'stdin' } as const;

export const invalidRequest = defineRule({
  id: 'stdio/invalid-request',
  family: 'stdio',
  description: 'An invalid JSON-RPC request ("jsonrpc": "1.0", params that are not an object) gets error -32600.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'J4',
    texts: {
      '2025-11-25': {
        keyword: 'none',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0 (section 5.1) names -32600 "Invalid Request" for a message that is not a valid Request object; neither text puts a requirement level on answering one.',
      },
      '2025-06-18': {
        keyword: 'none',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0 (section 5.1) names -32600 "Invalid Request" for a message that is not a valid Request object; neither text puts a requirement level on answering one.',
      },
      '2025-03-26': {
        keyword: 'none',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0 (section 5.1) names -32600 "Invalid Request" for a message that is not a valid Request object; neither text puts a requirement level on answering one.',
      },
      '2024-11-05': {
        keyword: 'none',
        binds: 'both',
        section: 'basic/messages',
        quote: 'All messages in MCP MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0 (section 5.1) names -32600 "Invalid Request" for a message that is not a valid Request object; neither text puts a requirement level on answering one.',
      },
    },
  },
  docs:
    'JSON-RPC 2.0 answers a request that is not a valid Request object with -32600 (invalid request), and MCP ' +
    'requests carry `"jsonrpc": "2.0"` and params that are an object. A server that serves such requests anyway, ' +
    'or stays silent, hides client bugs until they matter. On a server process of its own, mcpact sends a ping ' +
    'with `"jsonrpc": "1.0"` and a ping whose params are a string (for which -32602 is accepted as well), each ' +
    'followed by a valid ping: the answer (with the request id, or `id: null`) must come before the answer to ' +
    'that ping, and the ping must still be answered. Graded a warning: the official SDKs stay silent here.',
  async check({ transport, report, skip }) {
    if (transport?.kind !== 'stdio') return skip(notStdio(transport));
    await transport.shared('initialized', async (connection) => {
      const failed = await initialized(connection);
      if (failed) return skip(failed);
      for (const probe of INVALID_REQUESTS) {
        const { outcome, alive } = await answerTo(connection, probe.message);
        if (outcome === 'silent' || !isErrorCode(outcome, probe.accepted)) {
          const got = outcome === 'silent' ? 'no answer' : describeOutcome(outcome);
          report({
            message: `${probe.what} got ${got}; expected JSON-RPC error ${probe.accepted.join(' or ')}`,
            location: STDIN,
            data: {
              sent: probe.message,
              outcome: outcome === 'silent' ? 'none' : outcome.kind,
              code: outcome !== 'silent' && outcome.kind === 'error' ? outcome.code : undefined,
              expected: probe.accepted[0],
            },
          });
        }
        if (alive.kind !== 'result') {
          report({
            message: `after ${probe.what}, ping got ${describeOutcome(alive)}: the server stopped serving`,
            location: STDIN,
            data: { sent: probe.message, ping: alive.kind },
          });
          return;
        }
      }
    });
  },
});

/**
 * The answer to a raw request: with its id, or an error with `id: null` (a server that could not read the id);
 * 'silent' when the ping sent after it was answered first.
 */
async function answerTo(connection: StdioConnection, message: Record<string, unknown>): Promise<{ outcome: Outcome | 'silent'; alive: Outcome }> {
  // Once this request is settled, its anonymous wait must not take an answer meant for the next one.
  let settled = false;
  const direct = connection.sendRaw(message).then(({ outcome }) => outcome);
  const alive = connection.ping();
  const anonymous = connection
    .nextUnmatched((answer) => !settled && anonymousError(answer), alive)
    .then((answer): Outcome | undefined => {
      if (answer === undefined) return undefined;
      return { kind: 'error', code: codeOf(answer), message: isRecord(answer.error) ? answer.error.message : undefined, ms: 0 };
    });
  const outcome = await Promise.race([direct, anonymous.then((answer) => answer ?? new Promise<never>(() => undefined)), alive.then(() => 'silent' as const)]);
  settled = true;
  return { outcome, alive: await alive };
}
