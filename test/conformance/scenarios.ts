/**
 * What the official conformance suite's server scenarios check, and which mcpact rules judge the same ground. The
 * verdicts are never written here: test/conformance/agreement.test.ts runs both tools on the same servers and
 * generates the table of docs/conformance.md from what they said. Where they differ, ./differences.ts says why.
 */

/** One server scenario of the suite, as this project reads it. */
export interface Scenario {
  /** What the scenario checks, in a few words. */
  checks: string;
  /** The mcpact rules that judge the same thing; empty where none does. */
  rules: readonly string[];
}

const TOOL_CALL: Scenario['rules'] = ['tools/valid-input', 'tools/call-answered', 'tools/structured-content', 'tools/structured-text'];
const PROMPT_GET: Scenario['rules'] = ['prompts/message-shape', 'prompts/optional-arguments'];
const INPUT_REQUIRED_TOOL: Scenario['rules'] = ['tools/input-required', 'tools/request-state', 'protocol/result-type'];
const TASKS: Scenario = {
  checks: 'the tasks extension (SEP-2663)',
  rules: [
    'tasks/create-result',
    'tasks/get-result',
    'tasks/terminal-stable',
    'tasks/cancel',
    'tasks/ttl',
    'tasks/removed-methods',
    'tasks/unknown-task',
    'tasks/undeclared-client',
  ],
};

/**
 * Every server scenario the pinned suite's requirement sets name (requirements/2025-11-25.yaml and
 * 2026-07-28.yaml, `server` and `not_scored`), in the suite's order. The test fails on a scenario missing here.
 */
export const SCENARIOS: Record<string, Scenario> = {
  'server-initialize': {
    checks: 'the initialize handshake; a session id of visible ASCII',
    rules: ['protocol/initialize-result', 'protocol/protocol-version', 'http/session-id-visible-ascii'],
  },
  'server-session-lifecycle': {
    checks: 'initialized accepted (the suite takes any 2xx; mcpact 202 and no body); DELETE accepted or 405; 404 after DELETE',
    rules: ['http/notification-accepted', 'http/unknown-session'],
  },
  'server-stateless': {
    checks: '`server/discover`, the per-request envelope, no session, `subscriptions/listen` (SEP-2575)',
    rules: [
      'protocol/discover-result',
      'protocol/envelope-required',
      'protocol/unsupported-version',
      'protocol/result-type',
      'http/modern-methods',
      'protocol/subscriptions-listen',
    ],
  },
  'logging-set-level': { checks: '`logging/setLevel` answers', rules: ['protocol/logging-set-level', 'protocol/logging-invalid-level'] },
  ping: { checks: '`ping` answers `{}`', rules: ['protocol/ping'] },
  'completion-complete': {
    checks: "`completion/complete` on the suite's prompt",
    rules: ['prompts/completion-result', 'prompts/completion-unknown-prompt', 'protocol/capability-consistency'],
  },
  'tools-list': {
    checks: 'tools/list items have a name and an inputSchema',
    rules: ['schema/tool-shape', 'schema/tool-name', 'schema/tool-input-schema', 'protocol/list-pages'],
  },
  'tools-call-simple-text': { checks: "a call of the suite's text tool", rules: TOOL_CALL },
  'tools-call-image': { checks: "a call of the suite's image tool", rules: TOOL_CALL },
  'tools-call-audio': { checks: "a call of the suite's audio tool", rules: TOOL_CALL },
  'tools-call-embedded-resource': { checks: "a call of the suite's embedded-resource tool", rules: TOOL_CALL },
  'tools-call-mixed-content': { checks: "a call of the suite's mixed-content tool", rules: TOOL_CALL },
  'tools-call-with-logging': {
    checks: "log messages during a call of the suite's tool",
    rules: ['protocol/logging-message-shape', 'protocol/negotiated-capabilities'],
  },
  'tools-call-error': { checks: "a tool error (`isError`) from the suite's tool", rules: ['tools/valid-input', 'tools/unknown-tool'] },
  'tools-call-with-progress': { checks: "progress notifications from the suite's tool", rules: ['tools/call-answered'] },
  'tools-call-sampling': { checks: "a sampling request from the suite's tool", rules: ['protocol/negotiated-capabilities'] },
  'tools-call-elicitation': { checks: "an elicitation request from the suite's tool", rules: ['protocol/negotiated-capabilities'] },
  'elicitation-sep1034-defaults': { checks: "elicitation defaults from the suite's tool (SEP-1034)", rules: ['protocol/negotiated-capabilities'] },
  'server-sse-multiple-streams': { checks: 'several POST streams at once', rules: [] },
  'elicitation-sep1330-enums': { checks: "elicitation enums from the suite's tool (SEP-1330)", rules: ['protocol/negotiated-capabilities'] },
  'resources-list': { checks: 'resources/list items have a uri and a name', rules: ['schema/resource-shape', 'schema/resource-uri', 'protocol/list-pages'] },
  'resources-read-text': { checks: "a read of the suite's text resource", rules: ['resources/readable', 'resources/contents-shape'] },
  'resources-read-binary': {
    checks: "a read of the suite's binary resource",
    rules: ['resources/readable', 'resources/contents-shape', 'resources/blob-base64'],
  },
  'resources-templates-read': { checks: "a read through the suite's resource template", rules: ['resources/template-read'] },
  'resources-subscribe': { checks: 'resources/subscribe', rules: ['resources/subscribe', 'resources/subscribe-undeclared'] },
  'resources-unsubscribe': { checks: 'resources/unsubscribe', rules: ['resources/subscribe', 'resources/subscribe-undeclared'] },
  'sep-2164-resource-not-found': { checks: 'an unknown resource gets -32602 (SEP-2164)', rules: ['resources/unknown-resource'] },
  'prompts-list': { checks: 'prompts/list items have a name', rules: ['schema/prompt-shape', 'schema/prompt-name-unique', 'protocol/list-pages'] },
  'prompts-get-simple': { checks: "a get of the suite's simple prompt", rules: PROMPT_GET },
  'prompts-get-with-args': { checks: "a get of the suite's prompt with arguments", rules: PROMPT_GET },
  'prompts-get-embedded-resource': { checks: "a get of the suite's prompt with a resource", rules: PROMPT_GET },
  'prompts-get-with-image': { checks: "a get of the suite's prompt with an image", rules: PROMPT_GET },
  'dns-rebinding-protection': {
    checks: 'a foreign Host or Origin refused, a local one accepted (mcpact sends a foreign Origin; it leaves Host alone, which routes the request)',
    // http/origin-validation in the initialize era; in the stateless era http/header-validation sends the foreign Origin.
    rules: ['http/origin-validation', 'http/header-validation'],
  },
  'server-sse-polling': { checks: 'SSE priming event, `retry`, resumption', rules: [] },
  caching: { checks: '`ttlMs` and `cacheScope` (SEP-2549)', rules: ['protocol/caching-hints'] },
  'http-header-validation': { checks: '`Mcp-Method` and `Mcp-Name` checked against the body (SEP-2243)', rules: ['http/header-validation'] },
  'http-custom-header-server-validation': {
    checks: '`Mcp-Param-{Name}` headers of `x-mcp-header` parameters',
    rules: ['schema/tool-x-mcp-header', 'http/header-validation'],
  },
  'json-schema-2020-12': { checks: "the suite's tool keeps its 2020-12 schema keywords", rules: ['schema/tool-input-schema'] },
  'input-required-result-basic-elicitation': { checks: 'an input-required tool result asking for an elicitation (SEP-2322)', rules: INPUT_REQUIRED_TOOL },
  'input-required-result-basic-sampling': { checks: 'an input-required tool result asking for sampling', rules: INPUT_REQUIRED_TOOL },
  'input-required-result-basic-list-roots': { checks: 'an input-required tool result asking for roots', rules: INPUT_REQUIRED_TOOL },
  'input-required-result-request-state': { checks: 'the `requestState` round trip', rules: ['tools/request-state'] },
  'input-required-result-multiple-input-requests': { checks: 'several input requests in one result', rules: ['tools/input-required'] },
  'input-required-result-multi-round': { checks: 'input-required over several rounds', rules: ['tools/request-state'] },
  'input-required-result-missing-input-response': { checks: 'a retry without the answers asked for', rules: ['tools/request-state'] },
  'input-required-result-non-tool-request': {
    checks: 'input-required on prompts/get',
    rules: ['prompts/input-required', 'prompts/request-state', 'resources/input-required'],
  },
  'input-required-result-result-type': { checks: '`resultType` on input-required results', rules: ['protocol/result-type'] },
  'input-required-result-unsupported-methods': { checks: 'no input-required result on methods that may not carry one', rules: ['protocol/result-type'] },
  'input-required-result-tampered-state': { checks: 'a tampered `requestState` refused', rules: ['tools/request-state', 'prompts/request-state'] },
  'input-required-result-capability-check': {
    checks: 'input requests only for capabilities the client declared',
    rules: ['tools/input-required', 'prompts/input-required'],
  },
  'input-required-result-ignore-extra-params': { checks: 'unknown params ignored on a retry', rules: ['tools/request-state'] },
  'input-required-result-validate-input': { checks: 'input responses validated', rules: ['tools/request-state'] },
  'tasks-lifecycle': TASKS,
  'tasks-capability-negotiation': TASKS,
  'tasks-wire-fields': TASKS,
  'tasks-request-state-removal': TASKS,
  'tasks-mrtr-input': TASKS,
  'tasks-request-headers': TASKS,
  'tasks-dispatch-and-envelope': TASKS,
  'tasks-status-notifications': TASKS,
  'tasks-required-task-error': TASKS,
  'tasks-mrtr-composition': TASKS,
};

/** The check the suite adds to every scenario: each message the server sent, against the revision's schema. */
export const WIRE_SCHEMA_CHECK = 'wire-schema-valid';
export const WIRE_SCHEMA_RULES: readonly string[] = ['protocol/message-schema'];
