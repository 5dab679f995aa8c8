import { defineRule } from '../../engine/rule.js';
import type { Outcome } from '../../connect/rpc.js';
import { ABSENT, KNOWN_REVISIONS, since } from '../../model/spec.js';
import { DEFAULT_DEPTH } from '../../model/depth.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';

/** A version no server supports: it must be answered with one the server does support. */
export const UNKNOWN_REVISION = '1999-01-01';

export const versionNegotiation = defineRule({
  id: 'protocol/version-negotiation',
  family: 'protocol',
  skipIn: { modern: '2026-07-28 negotiates no version in initialize; protocol/unsupported-version checks the per-request version instead' },
  description: 'initialize with an unknown revision (with --depth thorough, also each older one) is answered with a version the server supports.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'L3',
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/lifecycle#version-negotiation',
        quote:
          'If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports.',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  sharedChild: true,
  docs:
    'A server that supports the requested protocol version MUST answer with the same version; otherwise it MUST ' +
    'answer with another version it supports. The shared session only offers the revision mcpact targets, so this ' +
    'rule opens connections of its own and sends initialize with "1999-01-01". Over stdio that handshake ' +
    'initializes the fresh server process the stdio rules share (no process of its own); over HTTP it is a fresh ' +
    'session, deleted afterwards. With `--depth thorough` it also sends initialize with every other revision mcpact ' +
    'knows, each on a connection of its own (a fresh process over stdio). It ' +
    'reports an answer without a protocolVersion string, an unknown version echoed back, no answer within the ' +
    'deadline while the server answers a ping, and contradictions: a version the server offers in one answer must be echoed when asked for. Over ' +
    'stdio, an initialize unanswered at connect_ms is followed by a ping: an answer to initialize that comes late is ' +
    'judged as any other; no answer while the ping is answered is reported; no answer to either is a process not ' +
    'serving yet (a slow start), and no verdict. Over HTTP no ping follows, so an unanswered initialize is no ' +
    'verdict either: a busy server is slow, not silent. An ' +
    'error answer to a version the server does not support is noted, not reported (the specification shows such ' +
    'an error in its own example).',
  async check({ transport, surface, settings, report, skip, note, inconclusive }) {
    if (!transport) return skip('needs a real server connection (this target is in memory)');
    // Each older revision costs a server start of its own and almost never finds what the unknown one does not.
    const older = (settings.depth ?? DEFAULT_DEPTH) === 'thorough' ? KNOWN_REVISIONS.filter((version) => version !== surface.requestedProtocolVersion) : [];
    const requested = [...older, UNKNOWN_REVISION];
    const answers = await Promise.all(requested.map(async (version) => ({ version, outcome: await transport.handshake(version) })));
    const offered = (outcome: Outcome) => (outcome.kind === 'result' ? asRecord(outcome.result)?.protocolVersion : undefined);
    // What the server showed it supports: the version of the shared session and every version it answered with.
    const supported = new Set([surface.protocolVersion, ...answers.map((answer) => offered(answer.outcome))].filter((version) => typeof version === 'string'));
    const location = { kind: 'server', pointer: '/protocolVersion' } as const;
    for (const { version, outcome } of answers) {
      const answered = offered(outcome);
      if (outcome.kind === 'result' && typeof answered !== 'string') {
        report({ message: `initialize with ${version} was answered without a protocolVersion string`, location, data: { requested: version, answered } });
      } else if (outcome.kind === 'result' && version === UNKNOWN_REVISION && answered === UNKNOWN_REVISION) {
        report({
          message: `initialize with the unknown version ${version} was answered with the same version; expected one the server supports`,
          location,
          data: { requested: version, answered },
        });
      } else if (outcome.kind === 'result' && supported.has(version) && answered !== version) {
        report({
          message: `initialize with ${version} was answered with ${quote(answered)}, although the server offers ${version} elsewhere; a supported version must be echoed`,
          location,
          data: { requested: version, answered, supported: [...supported] },
        });
      } else if (outcome.kind === 'error' && supported.has(version)) {
        report({
          message: `initialize with ${version} got JSON-RPC error ${quote(outcome.code)}, although the server offers ${version} elsewhere`,
          location,
          data: { requested: version, code: outcome.code },
        });
      } else if (outcome.kind === 'error') {
        note(`initialize with ${version} got error ${quote(outcome.code)} instead of a version the server supports`);
      } else if (outcome.kind === 'timeout' && outcome.serving !== true) {
        // Slow is not silent: a fresh process that answers nothing at all, not even a ping, has not started yet; and
        // over HTTP, where no ping follows, a late initialize shows nothing but a busy server.
        inconclusive(
          outcome.serving === false
            ? `initialize with ${version} on a fresh server process got no answer within ${outcome.ms} ms, and neither did a ping after it: the process was not serving yet, so no verdict (a slow start is not a refusal; timeouts.connect_ms sets the wait)`
            : `initialize with ${version} on a fresh connection got no answer within ${outcome.ms} ms, and nothing shows the server was free to answer: slow is not silent, so no verdict (timeouts.connect_ms sets the wait)`,
        );
      } else if (outcome.kind !== 'result') {
        const serving = outcome.kind === 'timeout' && outcome.serving === true ? ', although the process answered a ping meanwhile' : '';
        report({
          message: `initialize with ${version} got ${describeOutcome(outcome)}${serving}; expected a version the server supports`,
          location,
          data: { requested: version, outcome: outcome.kind },
        });
      }
    }
  },
});
