/**
 * What the mock answers, as a pure function of the cassette and the request: the recorded contract and answers, and
 * for anything that was not recorded the protocol error the cassette's revision prescribes: the initialize era (up to
 * 2025-11-25) or the modern era (2026-07-28, server/discover). The transports around it are the SDKs'
 * (connect/mock-server.ts, connect/modern-mock-server.ts); ping is SDK 1.x's own.
 */
import type { Reply, Respond } from '../connect/mock-server.js';
import type { RecordedIdentity } from '../connect/modern-mock-server.js';
import { META_KEYS } from '../connect/envelope.js';
import type { ListKind } from '../surface/types.js';
import { asRecord, type JsonRecord } from '../util/json.js';
import { answerKey, type Cassette, type RecordedAnswer } from './cassette.js';

/** JSON-RPC 2.0, section 5.1: "-32601 Method not found". */
const METHOD_NOT_FOUND = -32601;
/** JSON-RPC 2.0, section 5.1: "-32602 Invalid params". */
const INVALID_PARAMS = -32602;
/** JSON-RPC 2.0, section 5.1: "-32603 Internal error". */
const INTERNAL_ERROR = -32603;
/** server/resources#error-handling (2024-11-05 to 2025-11-25): "Resource not found: `-32002`". */
const RESOURCE_NOT_FOUND = -32002;
/**
 * server/resources#error-handling (2026-07-28): "If the requested resource does not exist, servers **MUST** return a
 * JSON-RPC error with code `-32602` (Invalid Params)."
 */
const RESOURCE_NOT_FOUND_MODERN = INVALID_PARAMS;

/**
 * Methods 2026-07-28 removed (changelog, major changes 4 and 5): "Remove `ping`, `logging/setLevel`, and
 * `notifications/roots/list_changed`", and `resources/subscribe`/`resources/unsubscribe` are replaced by
 * `subscriptions/listen`; with no handshake, `initialize` is no method of the era either. A modern mock knows none
 * of them (the SDK 2.x entries refuse them before the responder is asked).
 */
const REMOVED_IN_MODERN = new Set(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']);

const LIST_METHODS: Record<string, { kind: ListKind; field: string }> = {
  'tools/list': { kind: 'tools', field: 'tools' },
  'prompts/list': { kind: 'prompts', field: 'prompts' },
  'resources/list': { kind: 'resources', field: 'resources' },
  'resources/templates/list': { kind: 'resourceTemplates', field: 'resourceTemplates' },
};

const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Cursors the mock hands out: the page number after a prefix, so a cursor from elsewhere is told apart. */
const CURSOR_PREFIX = 'mcpact-mock-page-';

export function responder(cassette: Cassette): Respond {
  const answers = new Map<string, RecordedAnswer>(cassette.answers.map((answer) => [answerKey(answer.method, answer.params), answer]));
  const names = (kind: ListKind, field: string) =>
    new Set((cassette.lists[kind]?.items ?? []).map((item) => asRecord(item)?.[field]).filter((name) => typeof name === 'string'));
  const tools = names('tools', 'name');
  const prompts = names('prompts', 'name');
  const modern = cassette.era === 'modern';
  // The capabilities the server declared: in its initialize result, or in the modern era its server/discover result.
  const capabilities = asRecord((modern ? (cassette.discoverResult ?? {}) : cassette.initializeResult).capabilities) ?? {};
  const requiredArguments = new Map<string, string[]>();
  for (const item of cassette.lists.prompts?.items ?? []) {
    const prompt = asRecord(item);
    if (typeof prompt?.name !== 'string' || requiredArguments.has(prompt.name)) continue;
    const declared = Array.isArray(prompt.arguments) ? prompt.arguments.map(asRecord) : [];
    requiredArguments.set(
      prompt.name,
      declared.flatMap((argument) => (argument?.required === true && typeof argument.name === 'string' ? [argument.name] : [])),
    );
  }

  return (method, params) => {
    if (modern && REMOVED_IN_MODERN.has(method)) return { error: { code: METHOD_NOT_FOUND, message: 'Method not found' } };
    if (method === 'initialize') return { result: initializeResult(cassette.initializeResult) };
    // server/discover (2026-07-28): the recorded result as it was: versions, capabilities, instructions, caching hints.
    if (method === 'server/discover' && modern && cassette.discoverResult !== undefined) return { result: { ...cassette.discoverResult } };
    const list = LIST_METHODS[method];
    if (list !== undefined) return listPage(cassette, list.kind, list.field, params);
    const recorded = answers.get(answerKey(method, params));
    if (recorded !== undefined) return 'result' in recorded ? { result: recorded.result } : { error: replayedError(recorded.error) };
    const record = asRecord(params) ?? {};
    switch (method) {
      case 'tools/call':
        if (cassette.lists.tools === undefined) break;
        // server/tools#error-handling: unknown tools are protocol errors; the spec's example is
        // { "code": -32602, "message": "Unknown tool: invalid_tool_name" }.
        if (typeof record.name !== 'string' || !tools.has(record.name)) return invalid(`Unknown tool: ${String(record.name)}`);
        // Malformed requests (params that fail CallToolRequest's schema) are protocol errors too, in the same section.
        if (record.arguments !== undefined && asRecord(record.arguments) === undefined) return invalid('Invalid params: arguments must be an object');
        // A tool that exists, with input nobody recorded: the tool cannot run here, which is a tool execution error.
        return {
          result: { content: [{ type: 'text', text: `mcpact mock: no answer was recorded for tool ${record.name} with these arguments` }], isError: true },
        };
      case 'prompts/get':
        if (cassette.lists.prompts === undefined) break;
        // server/prompts#error-handling: "Invalid prompt name: `-32602` (Invalid params)".
        if (typeof record.name !== 'string' || !prompts.has(record.name)) return invalid(`Invalid prompt name: ${String(record.name)}`);
        {
          // The same section: "Missing required arguments: `-32602` (Invalid params)".
          const missing = requiredArguments.get(record.name)?.find((name) => !Object.hasOwn(asRecord(record.arguments) ?? {}, name));
          if (missing !== undefined) return invalid(`Missing required argument: ${missing}`);
        }
        return invalid(`mcpact mock: no answer was recorded for prompt ${record.name} with these arguments`);
      case 'resources/read':
        if (cassette.lists.resources === undefined && cassette.lists.resourceTemplates === undefined) break;
        // server/resources#error-handling: { "code": -32002, "message": "Resource not found", "data": { "uri": ... } };
        // from 2026-07-28 the code is -32602 (changelog, minor change 6: "to align with JSON-RPC specification").
        return { error: { code: modern ? RESOURCE_NOT_FOUND_MODERN : RESOURCE_NOT_FOUND, message: 'Resource not found', data: { uri: record.uri } } };
      case 'completion/complete':
        if (capabilities.completions === undefined) break;
        return invalid('mcpact mock: no completion was recorded for these arguments');
      case 'logging/setLevel':
        // The answer is an empty result: nothing to record, and a mock sends no log messages.
        if (capabilities.logging === undefined) break;
        // server/utilities/logging: the level is one of the RFC 5424 levels; anything else is invalid params.
        if (!LOG_LEVELS.includes(String(record.level))) return invalid(`Invalid log level: ${String(record.level)}`);
        return { result: {} };
        break;
      case 'resources/subscribe':
      case 'resources/unsubscribe':
        if (asRecord(capabilities.resources)?.subscribe === true) return { result: {} };
        break;
    }
    return { error: { code: METHOD_NOT_FOUND, message: 'Method not found' } };
  };
}

/** Who a modern recording's server said it was (its server/discover `_meta`), and the capabilities it declared there. */
export function recordedIdentity(cassette: Cassette): RecordedIdentity {
  const discovered = cassette.discoverResult ?? {};
  return { serverInfo: asRecord(asRecord(discovered._meta)?.[META_KEYS.serverInfo]), capabilities: asRecord(discovered.capabilities) ?? {} };
}

/**
 * The recorded initialize result, with the version negotiated as basic/lifecycle#version-negotiation says: "If the
 * server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST
 * respond with another protocol version it supports." The one version the recording shows the server supports is the
 * one it answered then.
 */
function initializeResult(recorded: JsonRecord): JsonRecord {
  return { ...recorded };
}

/**
 * One page of a recorded list: its items, a cursor of the mock's own when more follow, and in the modern era the
 * fields that page was sent with (resultType, ttlMs, cacheScope: "Require `ttlMs` and `cacheScope` fields on results
 * returned by `tools/list`, ...", 2026-07-28 changelog, minor change 5) as they were.
 */
function listPage(cassette: Cassette, kind: ListKind, field: string, params: unknown): Reply {
  const list = cassette.lists[kind];
  // A list whose capability the server did not declare: MethodNotFoundError covers "one gated behind a server
  // capability the server did not advertise" (schema, 2026-07-28), which is what SDK servers answer in every revision.
  if (list === undefined) return { error: { code: METHOD_NOT_FOUND, message: 'Method not found' } };
  const size = Math.max(1, Math.ceil(list.items.length / list.pages));
  const cursor = asRecord(params)?.cursor;
  let page = 0;
  if (cursor !== undefined) {
    const number = typeof cursor === 'string' && cursor.startsWith(CURSOR_PREFIX) ? Number(cursor.slice(CURSOR_PREFIX.length)) : NaN;
    // server/utilities/pagination#error-handling: "Invalid cursors SHOULD result in an error with code -32602 (Invalid params)."
    if (!Number.isSafeInteger(number) || number < 1 || number * size >= list.items.length) return invalid('Invalid cursor');
    page = number;
  }
  const end = (page + 1) * size;
  const fields = asRecord(list.pageFields?.[page]) ?? {};
  return {
    result: { ...fields, [field]: list.items.slice(page * size, end), ...(end < list.items.length && { nextCursor: `${CURSOR_PREFIX}${page + 1}` }) },
  };
}

function invalid(message: string): Reply {
  return { error: { code: INVALID_PARAMS, message } };
}

/** A recorded error as it was sent; a code that is not an integer (the server's own defect) goes out as -32603, as the SDK sends it. */
function replayedError(error: { code: unknown; message: unknown; data?: unknown }): { code: number; message: string; data?: unknown } {
  return {
    code: typeof error.code === 'number' && Number.isSafeInteger(error.code) ? error.code : INTERNAL_ERROR,
    message: typeof error.message === 'string' ? error.message : String(error.message),
    ...(error.data !== undefined && { data: error.data }),
  };
}
