import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { asRecord, ownValue } from '../../util/json.js';

/**
 * Requests a server may only send when the client declared the capability; mcpact declares none. By method, which
 * the server names (a Map: a request named `constructor` needs no capability).
 */
const CLIENT_FEATURES = new Map<string, string>([
  ['sampling/createMessage', 'sampling'],
  ['elicitation/create', 'elicitation'],
  ['roots/list', 'roots'],
]);

/** Notifications that need a capability of the server's own, and where that capability lives. */
const SERVER_NOTIFICATIONS = new Map<string, { path: string[]; declared: string }>([
  ['notifications/message', { path: ['logging'], declared: 'logging' }],
  ['notifications/tools/list_changed', { path: ['tools', 'listChanged'], declared: 'tools.listChanged' }],
  ['notifications/prompts/list_changed', { path: ['prompts', 'listChanged'], declared: 'prompts.listChanged' }],
  ['notifications/resources/list_changed', { path: ['resources', 'listChanged'], declared: 'resources.listChanged' }],
  ['notifications/resources/updated', { path: ['resources', 'subscribe'], declared: 'resources.subscribe' }],
]);

function declared(capabilities: Record<string, unknown>, path: readonly string[]): boolean {
  let value: unknown = capabilities;
  for (const key of path) value = ownValue(asRecord(value), key);
  return value !== undefined && value !== false;
}

export const negotiatedCapabilities = defineRule({
  id: 'protocol/negotiated-capabilities',
  family: 'protocol',
  description:
    'The server uses only negotiated capabilities: no sampling, elicitation or roots requests mcpact did not offer, no notifications it did not declare.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'L4',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SHOULD',
        binds: 'both',
        section: 'basic/lifecycle#operation',
        quote: 'Both parties SHOULD: … Only use capabilities that were successfully negotiated',
      },
      {
        '2025-06-18': { keyword: 'MUST', quote: 'Both parties MUST: … Only use capabilities that were successfully negotiated' },
        '2026-07-28': {
          keyword: 'MUST NOT',
          binds: 'server',
          section: 'basic/index#_meta',
          quote: 'A server MUST NOT rely on capabilities the client has not declared.',
          note: 'mcpact declares no client capabilities in its envelope. This revision has no server-to-client requests at all (basic/transports#messages; on stdio the server MUST NOT write requests to stdout), change notifications travel only on a subscriptions/listen stream, which mcpact never opens, and notifications/message only for a request that sets io.modelcontextprotocol/logLevel, which mcpact never sets.',
        },
      },
    ),
  },
  docs:
    'During operation both sides MUST respect the negotiated protocol version and only use capabilities that were ' +
    'successfully negotiated. mcpact declares no client capabilities, so a server must not send it ' +
    '`sampling/createMessage`, `elicitation/create` or `roots/list`; and the server itself must declare `logging` ' +
    'before sending `notifications/message`, `listChanged` before a `list_changed` notification and `subscribe` ' +
    'before `notifications/resources/updated`. mcpact watches everything the server sends during the whole run ' +
    '(this rule runs after the others) and answers such requests with -32601.',
  afterOthers: true,
  check({ surface, probe, report }) {
    const { requests, notifications } = probe.serverTraffic;
    for (const [method, count] of requests) {
      const feature = CLIENT_FEATURES.get(method);
      if (feature === undefined) continue;
      report({
        message: `server sent ${method} (${count}×), but the client did not offer the ${feature} capability`,
        location: { kind: 'server' },
        data: { method, count, capability: feature },
      });
    }
    for (const [method, count] of notifications) {
      const need = SERVER_NOTIFICATIONS.get(method);
      if (need === undefined || declared(surface.capabilities, need.path)) continue;
      report({
        message: `server sent ${method} (${count}×) without declaring ${need.declared}`,
        location: { kind: 'server', pointer: `/capabilities/${need.path.join('/')}` },
        data: { method, count, capability: need.declared },
      });
    }
  },
});
