import { defineRule } from '../../engine/rule.js';
import { describeOutcome } from '../outcome.js';

/** A method name no revision of MCP defines. */
export const UNKNOWN_METHOD = 'mcpact/no-such-method';

export const unknownMethod = defineRule({
  id: 'protocol/unknown-method',
  family: 'protocol',
  description: 'A request for a method the server does not know is answered with error -32601.',
  defaultSeverity: 'error',
  spec: { revision: '2025-11-25', level: 'MUST', section: 'basic/index#responses', checklist: 'J4' },
  docs:
    'JSON-RPC reserves -32601 (method not found) for requests the server cannot route. Clients rely on it to ' +
    'detect optional features; a success, a hang or another code makes feature detection guess.',
  async check({ probe, report }) {
    const outcome = await probe.request(UNKNOWN_METHOD, {});
    if (outcome.kind === 'error' && outcome.code === -32601) return;
    report({
      message: `unknown method ${UNKNOWN_METHOD} was answered with ${describeOutcome(outcome)}; expected JSON-RPC error -32601`,
      location: { kind: 'server' },
      data: { outcome: outcome.kind, code: outcome.kind === 'error' ? outcome.code : undefined, expected: -32601 },
    });
  },
});
