import { defineRule } from '../../engine/rule.js';
import { META_KEYS } from '../../connect/envelope.js';
import { MODERN_REVISION } from '../../model/spec.js';
import { answerOf } from '../../exercise/answers.js';
import { describeOutcome } from '../outcome.js';
import { modernOnly } from './modern.js';

/** Requests whose envelope is missing or malformed, each with what is wrong with it. */
const CASES: { name: string; meta: Record<string, unknown> | undefined }[] = [
  { name: 'without _meta', meta: undefined },
  { name: 'without io.modelcontextprotocol/clientCapabilities', meta: { [META_KEYS.protocolVersion]: MODERN_REVISION } },
  { name: 'without io.modelcontextprotocol/protocolVersion', meta: { [META_KEYS.clientCapabilities]: {} } },
  {
    name: 'with io.modelcontextprotocol/clientCapabilities not an object',
    meta: { [META_KEYS.protocolVersion]: MODERN_REVISION, [META_KEYS.clientCapabilities]: 1 },
  },
];

export const envelopeRequired = defineRule({
  id: 'protocol/envelope-required',
  family: 'protocol',
  description: 'A request without the _meta envelope, or with a required field of it missing or malformed, is refused with -32602.',
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
    'server must not fall back on anything earlier on the connection. mcpact sends `server/discover` without ' +
    '`_meta`, without each required field, and with `clientCapabilities` that is not an object; each must be ' +
    'refused with JSON-RPC error -32602. A result (the request was served) or another code is a finding; no ' +
    'answer is inconclusive. Over Streamable HTTP only the cases that name the protocol version are sent: a POST ' +
    'with no version claim at all (no `_meta` version, no MCP-Protocol-Version header) is a legacy request there, ' +
    'which a dual-era server rightly serves in the initialize era. Over HTTP the status must also be 400 (not ' +
    'judged here yet).',
  async check({ probe, transport, report, inconclusive }) {
    const http = transport?.kind === 'http';
    for (const { name, meta } of CASES) {
      if (http && !(meta !== undefined && META_KEYS.protocolVersion in meta)) continue;
      const params = meta === undefined ? {} : { _meta: meta };
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
