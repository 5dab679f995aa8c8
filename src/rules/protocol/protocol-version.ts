import { defineRule } from '../../engine/rule.js';
import { ABSENT, KNOWN_REVISIONS, isKnownRevision, since, type RuleSpec } from '../../model/spec.js';

/** A version the server supports: what initialize must answer with. */
const NEGOTIATED = {
  checklist: 'L2',
  texts: since(
    '2024-11-05',
    {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/lifecycle#version-negotiation',
      quote:
        'If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports.',
      note: "mcpact asks for the revision it targets; an answer that is no published revision is a version no client that follows the text can support. `expect.protocol_version` is the config's own expectation.",
    },
    { '2026-07-28': ABSENT },
  ),
} satisfies RuleSpec;

/** `expect.protocol_version` is the config's own expectation; the sentence says what it is about. */
const EXPECTED: RuleSpec = { ...NEGOTIATED, basis: 'config' };

export const protocolVersion = defineRule({
  id: 'protocol/protocol-version',
  family: 'protocol',
  skipIn: {
    modern: '2026-07-28 negotiates no version: every request carries the one mcpact speaks, and protocol/unsupported-version checks the refusal of others',
  },
  description: 'The negotiated protocol version is a published revision, and the one the config expects.',
  defaultSeverity: 'error',
  spec: NEGOTIATED,
  alsoQuotes: { 'the version the config expects': EXPECTED },
  docs:
    'mcpact offers the revision it targets (2025-11-25). A server that supports it MUST answer with the same ' +
    'version; otherwise it answers with another version it supports, which must be a published revision the client ' +
    'knows, or the client has to disconnect. With `expect.protocol_version` in the config, the negotiated version ' +
    'must equal it, so an SDK upgrade that changes the negotiated revision fails the build instead of passing silently.',
  check({ surface, expect, report }) {
    const version = surface.protocolVersion;
    if (version === undefined) return; // protocol/initialize-result reports a missing or non-string version
    if (!isKnownRevision(version)) {
      report({
        message: `server negotiated protocol version ${JSON.stringify(version).slice(0, 40)}, which is not a published revision (${KNOWN_REVISIONS.join(', ')})`,
        location: { kind: 'server', pointer: '/protocolVersion' },
        data: { negotiated: version, requested: surface.requestedProtocolVersion },
      });
    }
    if (expect.protocolVersion !== undefined && version !== expect.protocolVersion) {
      report({
        message: `server negotiated protocol version ${JSON.stringify(version).slice(0, 40)}, but the config expects ${expect.protocolVersion}`,
        location: { kind: 'server', pointer: '/protocolVersion' },
        data: { negotiated: version, expected: expect.protocolVersion },
        spec: EXPECTED,
      });
    }
  },
});
