import { defineRule } from '../../engine/rule.js';
import { TARGET_REVISION, type RuleSpec, since } from '../../model/spec.js';
import { LISTS, type ListSpec } from '../../surface/types.js';
import { describeOutcome } from '../outcome.js';
import type { Outcome } from '../../connect/rpc.js';
import type { StdioConnection } from '../../connect/transport-probe.js';
import { isObject } from './modern.js';
import { TRANSPORT_NAMES } from '../../model/transport.js';

/** The names (tools, prompts) or URIs (resources, templates) of one list, as its items give them. */
function keysOf(spec: ListSpec, items: readonly unknown[]): string[] {
  const field = spec.kind === 'resources' ? 'uri' : spec.kind === 'resourceTemplates' ? 'uriTemplate' : 'name';
  return items.flatMap((item) => (isObject(item) && typeof item[field] === 'string' ? [item[field]] : [])).sort();
}

/**
 * That a dual-era server serves the same contract in both eras is mcpact's policy: the text says a legacy client is
 * served by the legacy revision, not that it sees the same tools, prompts and resources.
 */
const SAME_CONTRACT: RuleSpec = {
  basis: 'policy',
  policy:
    'A dual-era server lists the same tool and prompt names and the same resource URIs and templates whether a client opens with initialize or in the modern era. The text says a legacy client is served by the legacy revision, not what it is served.',
  texts: since('2026-07-28', {
    keyword: 'none',
    binds: 'server',
    section: 'basic/versioning#compatibility-matrix',
    quote: 'Works. The server answers `initialize` and serves the client according to the negotiated legacy revision.',
  }),
};

export const legacyHandshake = defineRule({
  id: 'protocol/legacy-handshake',
  family: 'protocol',
  description:
    'A server tested in the modern era answers initialize too: a dual-era server with the same tools, prompts and resources, a modern-only one with an error naming its versions.',
  defaultSeverity: 'warning',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'basic/versioning#backward-compatibility-with-initialization-based-versions',
      quote:
        'A server that supports only modern versions SHOULD name the protocol versions it supports in any error it returns to an `initialize` request, on any transport: legacy clients have no fall-forward mechanism, and this message may be the only diagnostic they can surface to users.',
      note: 'For a dual-era server, the compatibility matrix: "Legacy | Dual-era | Works. The server answers initialize and serves the client according to the negotiated legacy revision."',
    }),
  },
  alsoQuotes: { 'the contract in both eras': SAME_CONTRACT },
  docs:
    'In a modern session mcpact opens a fresh server process and sends the legacy handshake (`initialize` with ' +
    `${TARGET_REVISION}, without the envelope). A dual-era server answers it: mcpact then reads the first page of each ` +
    'list the legacy answer declares and compares the names (tools, prompts) and URIs (resources, templates) with ' +
    "what the modern session captured; mcpact's policy is that one contract served in two eras does not differ (the " +
    'text says only that a legacy client is served by the legacy revision, so a difference is a warning on the ' +
    'policy). A modern-only server ' +
    'refuses it: its error should name the versions it supports (in `data.supported`, or in its message), the only ' +
    'diagnostic a legacy client can show. Over Streamable HTTP the rule is not ported yet and is skipped.',
  async check({ transport, surface, report, skip, inconclusive }) {
    if (!transport) return skip('needs a real server connection (this target is in memory)');
    if (transport.kind !== 'stdio') return skip(`not ported to ${TRANSPORT_NAMES[transport.kind]} yet`);
    const legacy = await transport.open((connection) => legacyLists(connection));
    const { initialize } = legacy;
    if (initialize.kind === 'timeout' || initialize.kind === 'closed') return inconclusive(`initialize on a fresh process got ${describeOutcome(initialize)}`);
    if (initialize.kind === 'error') {
      const supported = isObject(initialize.data) ? initialize.data.supported : undefined;
      const named = Array.isArray(supported) || /\d{4}-\d{2}-\d{2}/.test(String(initialize.message));
      if (!named)
        report({
          message: `initialize was refused without naming the protocol versions the server supports (${describeOutcome(initialize)})`,
          location: { kind: 'server' },
          data: { code: initialize.code },
        });
      return;
    }
    if (initialize.kind !== 'result') return inconclusive(`initialize on a fresh process got ${describeOutcome(initialize)}`);
    for (const spec of LISTS) {
      const modern = surface.lists[spec.kind];
      const old = legacy.lists.get(spec.kind);
      if (modern.status !== 'ok' || old === undefined || modern.pages > 1 || old.more) continue;
      const now = keysOf(spec, modern.items);
      const then = keysOf(spec, old.items);
      const missing = now.filter((key) => !then.includes(key));
      const extra = then.filter((key) => !now.includes(key));
      if (missing.length + extra.length === 0) continue;
      report({
        message: `${spec.method} differs between the eras: ${[missing.length > 0 && `only in the modern era: ${missing.slice(0, 5).join(', ')}`, extra.length > 0 && `only in the initialize era: ${extra.slice(0, 5).join(', ')}`].filter(Boolean).join('; ')}`,
        location: { kind: 'server', pointer: `/${spec.method}` },
        data: { method: spec.method, modernOnly: missing, legacyOnly: extra },
        spec: SAME_CONTRACT,
      });
    }
  },
});

interface LegacyLists {
  initialize: Outcome;
  /** The first page of each list the legacy answer declares; `more` when it had a next page (not compared). */
  lists: Map<string, { items: unknown[]; more: boolean }>;
}

/** initialize of the legacy era on a fresh connection, then the first page of each declared list. */
async function legacyLists(connection: StdioConnection): Promise<LegacyLists> {
  const params = { protocolVersion: TARGET_REVISION, capabilities: {}, clientInfo: { name: 'mcpact', version: 'legacy-handshake' } };
  const { outcome: initialize } = await connection.sendRaw(
    { jsonrpc: '2.0', id: 'mcpact-legacy-initialize', method: 'initialize', params },
    { bare: true, first: true },
  );
  const lists = new Map<string, { items: unknown[]; more: boolean }>();
  if (initialize.kind !== 'result' || !isObject(initialize.result)) return { initialize, lists };
  await connection.sendLine(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  const capabilities = isObject(initialize.result.capabilities) ? initialize.result.capabilities : {};
  for (const spec of LISTS) {
    if (capabilities[spec.capability] === undefined) continue;
    const { outcome } = await connection.sendRaw({ jsonrpc: '2.0', id: `mcpact-legacy-${spec.kind}`, method: spec.method, params: {} }, { bare: true });
    if (outcome.kind !== 'result' || !isObject(outcome.result) || !Array.isArray(outcome.result[spec.field])) continue;
    lists.set(spec.kind, { items: outcome.result[spec.field] as unknown[], more: typeof outcome.result.nextCursor === 'string' });
  }
  return { initialize, lists };
}
