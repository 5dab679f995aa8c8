import { defineRule } from '../../engine/rule.js';
import { META_KEYS } from '../../connect/envelope.js';
import { MODERN_REVISION } from '../../model/spec.js';
import { answerOf } from '../../exercise/answers.js';
import { describeOutcome } from '../outcome.js';
import { modernOnly } from './modern.js';

/**
 * Requests whose envelope names the modern version but lacks a required field or has it malformed. A request with
 * no version claim at all is not sent: to a dual-era server it is a request of the initialize era, which the
 * modern revision leaves to the legacy revisions (basic/versioning, backward compatibility).
 */
const CASES: { name: string; meta: Record<string, unknown> }[] = [
  { name: 'without io.modelcontextprotocol/clientCapabilities', meta: { [META_KEYS.protocolVersion]: MODERN_REVISION } },
  {
    name: 'with io.modelcontextprotocol/clientCapabilities not an object',
    meta: { [META_KEYS.protocolVersion]: MODERN_REVISION, [META_KEYS.clientCapabilities]: 1 },
  },
];

export const envelopeRequired = defineRule({
  id: 'protocol/envelope-required',
  family: 'protocol',
  description: 'A request whose _meta envelope lacks a required field, or has one malformed, is refused with -32602.',
  defaultSeverity: 'error',
  spec: {
    texts: modernOnly({
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/index#_meta',
      quote: 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code `-32602` (Invalid params).',
      note: 'The required fields are io.modelcontextprotocol/protocolVersion (a string) and io.modelcontextprotocol/clientCapabilities (ClientCapabilities).',
    }),
  },
  docs:
    'Every request of the modern era carries its protocol version and the client capabilities in `_meta`, and the ' +
    'server must not fall back on anything earlier on the connection. mcpact sends `server/discover` whose ' +
    `envelope names ${MODERN_REVISION} but lacks \`clientCapabilities\`, and one whose \`clientCapabilities\` is not ` +
    'an object; each must be refused with JSON-RPC error -32602. A result (the request was served) or another code ' +
    'is a finding; no answer is inconclusive. A request with no version claim at all is not sent: to a dual-era ' +
    'server it is a request of the initialize era. Over HTTP the status must also be 400 (not judged here yet).',
  async check({ probe, report, inconclusive }) {
    for (const { name, meta } of CASES) {
      const params = { _meta: meta };
      const { outcome } = await probe.raw({ jsonrpc: '2.0', method: 'server/discover', params }, { bare: true });
      if (outcome.kind === 'error' && outcome.code === -32602) continue;
      if (outcome.kind === 'timeout' || outcome.kind === 'closed') {
        inconclusive(`server/discover ${name} got ${describeOutcome(outcome)}`);
        continue;
      }
      report({
        message: `server/discover ${name} ${outcome.kind === 'result' ? 'was served' : `got ${describeOutcome(outcome)}`}; a request missing a required envelope field MUST get JSON-RPC error -32602`,
        location: { kind: 'server' },
        answer: answerOf(outcome),
        data: { case: name, outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code }) },
        cause: `${outcome.kind} ${outcome.kind === 'error' ? String(outcome.code) : ''}`,
      });
    }
  },
});
