import { defineRule } from '../../engine/rule.js';
import { MODERN_REVISION, since, type RuleSpec } from '../../model/spec.js';
import { META_KEYS } from '../../connect/envelope.js';
import { answerOf } from '../../exercise/answers.js';
import { describeOutcome } from '../outcome.js';
import { postModern } from './modern.js';
import type { Outcome } from '../../connect/rpc.js';

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

/** The sentence after the rule's own: over HTTP the refusal has a status too. */
const HTTP_STATUS_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'MUST',
    binds: 'server',
    section: 'basic/index#_meta',
    quote: 'On HTTP, the response status MUST be `400 Bad Request`.',
    note: 'It follows the sentence requiring -32602 for a request missing a required envelope field.',
  }),
};

export const envelopeRequired = defineRule({
  id: 'protocol/envelope-required',
  family: 'protocol',
  description: 'A request whose _meta envelope lacks a required field, or has one malformed, is refused with -32602.',
  defaultSeverity: 'error',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/index#_meta',
      quote: 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code `-32602` (Invalid params).',
      note: 'The required fields are io.modelcontextprotocol/protocolVersion (a string) and io.modelcontextprotocol/clientCapabilities (ClientCapabilities).',
    }),
  },
  alsoQuotes: { 'http status': HTTP_STATUS_SPEC },
  docs:
    'Every request of the modern era carries its protocol version and the client capabilities in `_meta`, and the ' +
    'server must not fall back on anything earlier on the connection. mcpact sends `server/discover` whose ' +
    `envelope names ${MODERN_REVISION} but lacks \`clientCapabilities\`, and one whose \`clientCapabilities\` is not ` +
    'an object; each must be refused with JSON-RPC error -32602. A result (the request was served) or another code ' +
    'is a finding; no answer is inconclusive. A request with no version claim at all is not sent: to a dual-era ' +
    'server it is a request of the initialize era. Over Streamable HTTP the refusal must also come with status 400 ' +
    'Bad Request; -32602 with another status is a finding of its own kind, quoting that sentence.',
  async check({ probe, transport, report, inconclusive }) {
    for (const { name, meta } of CASES) {
      const message = { jsonrpc: '2.0', method: 'server/discover', params: { _meta: meta } };
      let outcome: Outcome;
      let status: number | undefined;
      if (transport?.kind === 'http') ({ outcome, status } = await postModern(transport, message));
      else ({ outcome } = await probe.raw(message, { bare: true, bad: `server/discover ${name}` }));
      if (outcome.kind === 'timeout' || outcome.kind === 'closed') {
        inconclusive(`server/discover ${name} got ${describeOutcome(outcome)}`);
        continue;
      }
      if (outcome.kind === 'error' && outcome.code === -32602) {
        if (status === undefined || status === 400) continue;
        report({
          message: `server/discover ${name} got JSON-RPC error -32602 with HTTP status ${status}; on HTTP the refusal MUST come with 400 Bad Request`,
          location: { kind: 'server' },
          answer: answerOf(outcome),
          data: { case: name, outcome: outcome.kind, code: outcome.code, status, expected: { status: 400, code: -32602 } },
          cause: `status ${status}`,
          spec: HTTP_STATUS_SPEC,
        });
        continue;
      }
      report({
        message: `server/discover ${name} ${outcome.kind === 'result' ? 'was served' : `got ${describeOutcome(outcome)}`}${status === undefined ? '' : ` (HTTP ${status})`}; a request missing a required envelope field MUST get JSON-RPC error -32602`,
        location: { kind: 'server' },
        answer: answerOf(outcome),
        data: { case: name, outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code }), ...(status !== undefined && { status }) },
        cause: `${outcome.kind} ${outcome.kind === 'error' ? String(outcome.code) : ''}`,
      });
    }
  },
});
