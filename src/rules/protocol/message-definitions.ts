/**
 * What protocol/message-schema checks each message the server sent against, and what it leaves to other rules.
 * Both are data: a definition name is the MCP schema's own (`ListToolsResult`), which the SDKs export as
 * `<Name>Schema`; an exclusion names the rule that judges that place more precisely, so nothing is reported twice.
 */
import type { Era } from '../../model/spec.js';

/** What a message the server sent is: an answer to one of mcpact's requests, or something it sent on its own. */
export type MessageKind = 'result' | 'error' | 'notification' | 'request';

/** Results, by the method of the request they answer; `era` where the method exists in one era only. */
export const RESULT_DEFINITIONS: Readonly<Record<string, { definition: string; era?: Era }>> = {
  initialize: { definition: 'InitializeResult', era: 'legacy' },
  'server/discover': { definition: 'DiscoverResult', era: 'modern' },
  ping: { definition: 'EmptyResult' },
  'tools/list': { definition: 'ListToolsResult' },
  'tools/call': { definition: 'CallToolResult' },
  'prompts/list': { definition: 'ListPromptsResult' },
  'prompts/get': { definition: 'GetPromptResult' },
  'resources/list': { definition: 'ListResourcesResult' },
  'resources/templates/list': { definition: 'ListResourceTemplatesResult' },
  'resources/read': { definition: 'ReadResourceResult' },
  'resources/subscribe': { definition: 'EmptyResult', era: 'legacy' },
  'resources/unsubscribe': { definition: 'EmptyResult', era: 'legacy' },
  'logging/setLevel': { definition: 'EmptyResult', era: 'legacy' },
  'completion/complete': { definition: 'CompleteResult' },
  'subscriptions/listen': { definition: 'SubscriptionsListenResult', era: 'modern' },
};

/** Every error response, whatever it answers. */
export const ERROR_DEFINITION = 'JSONRPCErrorResponse';

/** Notifications the server sends, by method (the whole message is checked). */
export const NOTIFICATION_DEFINITIONS: Readonly<Record<string, { definition: string; era?: Era }>> = {
  'notifications/message': { definition: 'LoggingMessageNotification' },
  'notifications/progress': { definition: 'ProgressNotification' },
  'notifications/cancelled': { definition: 'CancelledNotification' },
  'notifications/tools/list_changed': { definition: 'ToolListChangedNotification' },
  'notifications/prompts/list_changed': { definition: 'PromptListChangedNotification' },
  'notifications/resources/list_changed': { definition: 'ResourceListChangedNotification' },
  'notifications/resources/updated': { definition: 'ResourceUpdatedNotification' },
};

/** Requests the server sends the client, by method (the whole message is checked). */
export const REQUEST_DEFINITIONS: Readonly<Record<string, { definition: string; era?: Era }>> = {
  ping: { definition: 'PingRequest', era: 'legacy' },
  'sampling/createMessage': { definition: 'CreateMessageRequest' },
  'elicitation/create': { definition: 'ElicitRequest' },
  'roots/list': { definition: 'ListRootsRequest' },
};

/** Every definition the tables name: what each SDK module must export (test/rules/protocol/message-schema.test.ts). */
export function definitionsOf(era: Era): string[] {
  const named = [RESULT_DEFINITIONS, NOTIFICATION_DEFINITIONS, REQUEST_DEFINITIONS].flatMap((table) =>
    Object.values(table)
      .filter((entry) => entry.era === undefined || entry.era === era)
      .map((entry) => entry.definition),
  );
  return [...new Set([...named, ERROR_DEFINITION])].sort();
}

/**
 * A place another rule judges more precisely. `method` is the request a result or error answers, or the method of
 * a notification or request ('*': any); `path` a JSON Pointer into the checked value with `*` for any array index
 * (a missing required member is at its own path); `subtree`: everything below it too.
 */
export interface JudgedElsewhere {
  kind: MessageKind;
  method: string;
  path: string;
  subtree?: true;
  rule: string;
}

const item = (kind: MessageKind, method: string, rule: string, paths: readonly string[], subtree?: true): JudgedElsewhere[] =>
  paths.map((path) => ({ kind, method, path, rule, ...(subtree && { subtree }) }));

/** The exclusions, stated once. */
export const JUDGED_ELSEWHERE: readonly JudgedElsewhere[] = [
  // Every modern-era result: resultType and the caching hints.
  ...item('result', '*', 'protocol/result-type', ['/resultType']),
  ...item('result', '*', 'protocol/caching-hints', ['/ttlMs', '/cacheScope']),
  // The handshake results.
  ...item('result', 'initialize', 'protocol/initialize-result', [
    '',
    '/protocolVersion',
    '/capabilities',
    '/instructions',
    '/serverInfo',
    '/serverInfo/name',
    '/serverInfo/version',
    '/serverInfo/title',
    '/serverInfo/description',
    '/serverInfo/websiteUrl',
    '/serverInfo/icons',
  ]),
  ...item('result', '*', 'protocol/capability-extensions', ['/capabilities/extensions'], true),
  ...item('result', 'server/discover', 'protocol/discover-result', ['', '/supportedVersions', '/capabilities', '/instructions'], true),
  // Empty results.
  ...item('result', 'ping', 'protocol/ping', [''], true),
  ...item('result', 'logging/setLevel', 'protocol/logging-set-level', [''], true),
  ...item('result', 'resources/subscribe', 'resources/subscribe', [''], true),
  ...item('result', 'resources/unsubscribe', 'resources/subscribe', [''], true),
  // Every page of every list: the result, its array and its cursor.
  ...['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'].flatMap((method) =>
    item('result', method, 'protocol/list-pages', [
      '',
      '/nextCursor',
      `/${method === 'resources/templates/list' ? 'resourceTemplates' : method.split('/')[0]}`,
    ]),
  ),
  // Listed items.
  ...item('result', 'tools/list', 'schema/tool-shape', [
    '/tools/*',
    '/tools/*/name',
    '/tools/*/title',
    '/tools/*/description',
    '/tools/*/icons',
    '/tools/*/_meta',
  ]),
  ...item('result', 'tools/list', 'schema/tool-input-schema', ['/tools/*/inputSchema'], true),
  ...item('result', 'tools/list', 'schema/tool-output-schema', ['/tools/*/outputSchema'], true),
  ...item('result', 'tools/list', 'schema/tool-annotations', ['/tools/*/annotations'], true),
  ...item('result', 'tools/list', 'resources/ui-meta', ['/tools/*/_meta/ui'], true),
  ...item('result', 'prompts/list', 'schema/prompt-shape', [
    '/prompts/*',
    '/prompts/*/name',
    '/prompts/*/title',
    '/prompts/*/description',
    '/prompts/*/arguments',
    '/prompts/*/arguments/*',
    '/prompts/*/arguments/*/name',
    '/prompts/*/arguments/*/title',
    '/prompts/*/arguments/*/description',
    '/prompts/*/arguments/*/required',
  ]),
  ...item('result', 'resources/list', 'schema/resource-shape', [
    '/resources/*',
    '/resources/*/uri',
    '/resources/*/name',
    '/resources/*/title',
    '/resources/*/description',
    '/resources/*/mimeType',
  ]),
  ...item('result', 'resources/list', 'schema/resource-annotations', ['/resources/*/annotations'], true),
  ...item('result', 'resources/templates/list', 'schema/resource-template-shape', [
    '/resourceTemplates/*',
    '/resourceTemplates/*/uriTemplate',
    '/resourceTemplates/*/name',
    '/resourceTemplates/*/title',
    '/resourceTemplates/*/description',
    '/resourceTemplates/*/mimeType',
  ]),
  ...item('result', 'resources/templates/list', 'schema/resource-annotations', ['/resourceTemplates/*/annotations'], true),
  // What mcpact renders, calls and reads.
  ...item('result', 'prompts/get', 'prompts/message-shape', ['/messages'], true),
  ...item('result', 'tools/call', 'tools/structured-content', ['/structuredContent'], true),
  ...item('result', 'resources/read', 'resources/contents-shape', ['/contents'], true),
  ...item('result', 'completion/complete', 'prompts/completion-result', ['/completion'], true),
  // Responses carry the request's id (every kind of answer).
  ...item('error', '*', 'protocol/request-id-echo', ['/id']),
  // Notifications with a rule of their own.
  ...item('notification', 'notifications/message', 'protocol/logging-message-shape', ['/params', '/params/level', '/params/data', '/params/logger']),
  ...item('notification', 'notifications/resources/updated', 'resources/notification-shape', ['/params', '/params/uri']),
  ...item('notification', 'notifications/resources/list_changed', 'resources/notification-shape', ['/params']),
];

/** `/tools/3/icons/0` as `/tools/*` + `/icons/*`: array indices as `*`, so that one place is one path. */
export function placeOf(instancePath: string): string {
  return instancePath.replace(/\/\d+(?=\/|$)/g, '/*');
}

/** The rule that judges `path` (a place, as placeOf gives it) of this message, if one does. */
export function judgedBy(kind: MessageKind, method: string, path: string): string | undefined {
  const entry = JUDGED_ELSEWHERE.find(
    (candidate) =>
      candidate.kind === kind &&
      (candidate.method === '*' || candidate.method === method) &&
      (candidate.path === path || (candidate.subtree === true && path.startsWith(`${candidate.path}/`))),
  );
  return entry?.rule;
}
