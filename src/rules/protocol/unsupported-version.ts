import { defineRule } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { envelopeMeta, MODERN_ERRORS, META_KEYS } from '../../connect/envelope.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';
import { describeOutcome } from '../outcome.js';
import { isObject, postModern } from './modern.js';
import type { Outcome } from '../../connect/rpc.js';

/** A revision no server implements. */
export const UNSUPPORTED_VERSION = '1999-01-01';

/** Streamable HTTP adds the status to the error. */
const HTTP_STATUS_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'MUST',
    binds: 'server',
    section: 'basic/transports/streamable-http#protocol-version-header',
    quote:
      'If the server does not implement the requested protocol version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with `400 Bad Request` and an `UnsupportedProtocolVersionError` listing its supported versions.',
  }),
};

export const unsupportedVersion = defineRule({
  id: 'protocol/unsupported-version',
  family: 'protocol',
  description: 'A request naming a protocol version the server does not implement gets UnsupportedProtocolVersionError (-32022) with the supported versions.',
  defaultSeverity: 'error',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/versioning#protocol-version-negotiation',
      quote:
        'If the server does not implement the requested version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with an `UnsupportedProtocolVersionError` listing the versions it does support:',
      note: 'schema.ts: UnsupportedProtocolVersionError has code -32022 and data.supported (string[]) and data.requested.',
    }),
  },
  alsoQuotes: { 'http status': HTTP_STATUS_SPEC },
  docs:
    `mcpact sends \`server/discover\` whose envelope names protocol version ${UNSUPPORTED_VERSION}. The server must refuse ` +
    'it with JSON-RPC error -32022 whose `data.supported` lists the versions it does support (the list a client ' +
    'retries from). Over stdio the request is the first message of a fresh server process, as a client that opens ' +
    'with its preferred version sends it; over Streamable HTTP every request stands alone anyway. A result, another ' +
    'code, or a -32022 without a `supported` array of strings is a finding; over Streamable HTTP so is a -32022 ' +
    'that does not come with status 400 Bad Request.',
  async check({ probe, transport, report, inconclusive }) {
    const message = {
      jsonrpc: '2.0',
      method: 'server/discover',
      params: { _meta: { [META_KEYS.protocolVersion]: UNSUPPORTED_VERSION } },
    };
    let outcome: Outcome;
    let status: number | undefined;
    // Over HTTP the request is built here whole, so it carries the rest of the envelope as every request does.
    if (transport?.kind === 'http') {
      const meta = envelopeMeta({ protocolVersion: UNSUPPORTED_VERSION, clientVersion: 'unsupported-version' });
      ({ outcome, status } = await postModern(transport, { ...message, params: { _meta: meta } }));
    } else if (transport?.kind === 'stdio') {
      outcome = await transport.open(async (connection) => (await connection.sendRaw({ ...message, id: 1 }, { first: true })).outcome);
    } else outcome = (await probe.raw(message, { bad: `server/discover with protocol version ${UNSUPPORTED_VERSION}` })).outcome;
    if (outcome.kind === 'timeout' || outcome.kind === 'closed')
      return inconclusive(`server/discover with version ${UNSUPPORTED_VERSION} got ${describeOutcome(outcome)}`);
    const what = `server/discover with protocol version ${UNSUPPORTED_VERSION}`;
    if (outcome.kind === 'error' && outcome.code === MODERN_ERRORS.unsupportedProtocolVersion) {
      const supported = isObject(outcome.data) ? outcome.data.supported : undefined;
      const listed = Array.isArray(supported) && supported.length > 0 && supported.every((version) => typeof version === 'string');
      if (listed && (status === undefined || status === 400)) return;
      if (listed)
        return report({
          message: `${what} got -32022 with HTTP status ${status}; over Streamable HTTP it MUST come with 400 Bad Request`,
          location: { kind: 'server' },
          answer: answerOf(outcome),
          data: { requested: UNSUPPORTED_VERSION, code: outcome.code, status, expected: 400 },
          spec: HTTP_STATUS_SPEC,
        });
      return report({
        message: `${what} got -32022 without the versions the server supports (data.supported must be a non-empty array of strings)`,
        location: { kind: 'server' },
        answer: answerOf(outcome),
        data: { requested: UNSUPPORTED_VERSION, code: outcome.code },
      });
    }
    report({
      message: `${what} ${outcome.kind === 'result' ? 'was served' : `got ${describeOutcome(outcome)}`}; an unsupported version MUST get UnsupportedProtocolVersionError (-32022) listing the supported versions`,
      location: { kind: 'server' },
      answer: answerOf(outcome),
      data: { requested: UNSUPPORTED_VERSION, outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code, said: wordsOf(outcome) }) },
    });
  },
});
