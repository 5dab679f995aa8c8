import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';
import { describeOutcome } from '../outcome.js';

/** A method name no revision of MCP defines. */
export const UNKNOWN_METHOD = 'mcpact/no-such-method';

export const unknownMethod = defineRule({
  id: 'protocol/unknown-method',
  family: 'protocol',
  description: 'A request for a method the server does not know is answered with error -32601.',
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
        note: 'JSON-RPC 2.0 (section 5.1) defines -32601 as "Method not found"; neither text puts a requirement level on answering an unknown method with it.',
      },
      {
        '2025-03-26': { section: 'basic/index#messages', quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.' },
        '2026-07-28': {
          binds: 'server',
          section: 'schema#methodnotfounderror',
          quote:
            'MethodNotFoundError: In MCP, a server returns this error when a client invokes a method the server does not implement — either a genuinely unknown method, or one gated behind a server capability the server did not advertise',
          note: 'MethodNotFoundError is code -32601 (METHOD_NOT_FOUND); the doc comment states no requirement level. Over Streamable HTTP, 2026-07-28 adds one: a server that does not implement the method MUST respond with 404 Not Found and -32601 (basic/transports/streamable-http#protocol-version-header).',
        },
      },
    ),
  },
  docs:
    'JSON-RPC reserves -32601 (method not found) for requests the server cannot route. Clients rely on it to ' +
    'detect optional features; a success, a hang or another code makes feature detection guess. MCP requires ' +
    'JSON-RPC 2.0, but neither text puts a requirement level on the code, so this is a best practice: a warning.',
  async check({ probe, report }) {
    const outcome = await probe.request(UNKNOWN_METHOD, {}, { bad: `${UNKNOWN_METHOD}, a method no server has` });
    if (outcome.kind === 'error' && outcome.code === -32601) return;
    report({
      message: `unknown method ${UNKNOWN_METHOD} was answered with ${describeOutcome(outcome)}; expected JSON-RPC error -32601`,
      location: { kind: 'server' },
      answer: answerOf(outcome),
      data: { outcome: outcome.kind, code: outcome.kind === 'error' ? outcome.code : undefined, said: wordsOf(outcome), expected: -32601 },
    });
  },
});
