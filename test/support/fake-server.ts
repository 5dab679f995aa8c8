/**
 * An in-process MCP server that speaks raw JSON-RPC over the SDK's InMemoryTransport. By default it is a correct
 * server (pagination with validated cursors, -32601 for unknown methods, no answers to notifications); a test
 * overrides exactly the behaviour it needs with `handle`, including malformed or missing answers.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export type Reply =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } }
  /** Sent exactly as given (any JSON, even not JSON-RPC). */
  | { raw: unknown }
  /** No answer at all. */
  | { silent: true }
  /** A response with the right id but neither result nor error. */
  | { bare: true }
  /** The reply, sent after a delay: a slow server (latency budgets). */
  | { delayMs: number; reply: Reply }
  /** Messages the server sends first (its own requests or notifications), then the reply. */
  | { before: unknown[]; reply: Reply }
  /** No answer: the server goes away (the connection closes), as a process that crashes on the request does. */
  | { crash: true };

export interface FakeServerSpec {
  /**
   * Speaks 2026-07-28 too: answers server/discover (a case with `era: 'modern'` then tests it in the modern era).
   * The other answers stay as they are, without resultType or caching hints.
   */
  modern?: boolean;
  /** Replaces the whole initialize result. */
  initializeResult?: Record<string, unknown>;
  /** Capabilities; by default derived from the lists given. */
  capabilities?: Record<string, unknown>;
  serverInfo?: Record<string, unknown>;
  instructions?: string;
  protocolVersion?: string;
  tools?: unknown[];
  prompts?: unknown[];
  resources?: unknown[];
  resourceTemplates?: unknown[];
  /** completion/complete values by prompt and argument (default: none). */
  completions?: Record<string, Record<string, string[]>>;
  /** completion/complete values by resource template (its uriTemplate) and variable (default: none). */
  templateCompletions?: Record<string, Record<string, string[]>>;
  /**
   * resources/read answers by URI. By default a listed resource reads as one text item with its URI and mimeType,
   * and any other URI is -32002 (resource not found, 2025-11-25).
   */
  reads?: Record<string, Reply>;
  /** Items per page (default 2, so pagination is always exercised). */
  pageSize?: number;
  /** Overrides: return a Reply to take over a method, or undefined for the default behaviour. */
  handle?: (method: string, params: Record<string, unknown> | undefined, message: Record<string, unknown>) => Reply | undefined;
  /** Called for every notification the server receives. */
  onNotification?: (method: string, message: Record<string, unknown>) => Reply | undefined;
}

const LIST_METHODS: Record<string, { field: string; key: 'tools' | 'prompts' | 'resources' | 'resourceTemplates' }> = {
  'tools/list': { field: 'tools', key: 'tools' },
  'prompts/list': { field: 'prompts', key: 'prompts' },
  'resources/list': { field: 'resources', key: 'resources' },
  'resources/templates/list': { field: 'resourceTemplates', key: 'resourceTemplates' },
};

const CAPABILITY_OF: Record<string, string> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'logging/setLevel': 'logging',
  'completion/complete': 'completions',
};

export function defaultCapabilities(spec: FakeServerSpec): Record<string, unknown> {
  const capabilities: Record<string, unknown> = {};
  if (spec.tools) capabilities.tools = {};
  if (spec.prompts) capabilities.prompts = {};
  if (spec.resources || spec.resourceTemplates) capabilities.resources = {};
  return capabilities;
}

/** Answers one message the way a correct server would, unless `spec.handle` takes over. */
export function answer(spec: FakeServerSpec, message: Record<string, unknown>): Reply | undefined {
  const method = typeof message.method === 'string' ? message.method : undefined;
  const isRequest = method !== undefined && 'id' in message;
  if (method !== undefined && !isRequest) return spec.onNotification?.(method, message);
  if (!isRequest) return undefined; // a response to something we never asked
  const params = typeof message.params === 'object' && message.params !== null ? (message.params as Record<string, unknown>) : undefined;
  const override = spec.handle?.(method, params, message);
  if (override) return override;

  const capabilities = spec.capabilities ?? defaultCapabilities(spec);
  if (method === 'initialize') {
    return {
      result: spec.initializeResult ?? {
        protocolVersion: spec.protocolVersion ?? params?.protocolVersion ?? '2025-11-25',
        capabilities,
        serverInfo: spec.serverInfo ?? { name: 'fake', version: '1.0.0' },
        ...(spec.instructions !== undefined ? { instructions: spec.instructions } : {}),
      },
    };
  }
  if (method === 'server/discover' && spec.modern) {
    return {
      result: {
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities,
        _meta: { 'io.modelcontextprotocol/serverInfo': spec.serverInfo ?? { name: 'fake', version: '1.0.0' } },
      },
    };
  }
  if (method === 'ping') return { result: {} };
  const capability = CAPABILITY_OF[method];
  if (capability !== undefined && capabilities[capability] === undefined) {
    return { error: { code: -32601, message: 'Method not found' } };
  }
  const list = LIST_METHODS[method];
  if (list) return listPage(spec[list.key] ?? [], list.field, params?.cursor, spec.pageSize ?? 2);
  if (method === 'logging/setLevel') return { result: {} };
  if (method === 'completion/complete') {
    const ref = asObject(params?.ref);
    const argument = asObject(params?.argument);
    if (ref?.type === 'ref/resource') {
      const template = (spec.resourceTemplates ?? []).map(asObject).find((entry) => entry?.uriTemplate === ref.uri);
      if (!template) return { error: { code: -32602, message: 'Unknown resource template' } };
      const values = spec.templateCompletions?.[String(ref.uri)]?.[String(argument?.name)] ?? [];
      return { result: { completion: { values, total: values.length, hasMore: false } } };
    }
    const prompt = findPrompt(spec, ref?.name);
    if (!prompt) return { error: { code: -32602, message: 'Unknown prompt' } };
    const values = spec.completions?.[String(ref?.name)]?.[String(argument?.name)] ?? [];
    return { result: { completion: { values, total: values.length, hasMore: false } } };
  }
  if (method === 'prompts/get') return getPrompt(spec, params);
  if (method === 'resources/read') return readResource(spec, params);
  if (method === 'resources/subscribe' || method === 'resources/unsubscribe') {
    if (asObject(capabilities.resources)?.subscribe !== true) return { error: { code: -32601, message: 'Method not found' } };
    if (typeof params?.uri !== 'string') return { error: { code: -32602, message: 'uri must be a string' } };
    return { result: {} };
  }
  return { error: { code: -32601, message: 'Method not found' } };
}

/** resources/read as a correct server answers it: the listed resource's text, or -32002 for any other URI. */
function readResource(spec: FakeServerSpec, params: Record<string, unknown> | undefined): Reply {
  const uri = params?.uri;
  if (typeof uri !== 'string') return { error: { code: -32602, message: 'uri must be a string' } };
  const given = spec.reads?.[uri];
  if (given) return given;
  const listed = (spec.resources ?? []).map(asObject).find((entry) => entry?.uri === uri);
  if (!listed) return { error: { code: -32002, message: 'Resource not found', data: { uri } } };
  const mimeType = typeof listed.mimeType === 'string' ? { mimeType: listed.mimeType } : {};
  return { result: { contents: [{ uri, ...mimeType, text: `contents of ${uri}` }] } };
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

interface FakeArgument {
  name: string;
  required?: boolean;
}

function findPrompt(spec: FakeServerSpec, name: unknown): { name: string; arguments: FakeArgument[] } | undefined {
  for (const raw of spec.prompts ?? []) {
    const prompt = asObject(raw);
    if (prompt && prompt.name === name) {
      const args = Array.isArray(prompt.arguments) ? prompt.arguments.map(asObject).filter((entry) => entry !== undefined) : [];
      return { name: String(prompt.name), arguments: args.map((entry) => ({ name: String(entry.name), required: entry.required === true })) };
    }
  }
  return undefined;
}

/**
 * prompts/get the way the spec asks: validate everything first (-32602 naming the problem), then render one user
 * message with a line per supplied value, values kept verbatim and never interpreted.
 */
export function getPrompt(spec: FakeServerSpec, params: Record<string, unknown> | undefined): Reply {
  const invalid = (message: string): Reply => ({ error: { code: -32602, message } });
  if (typeof params?.name !== 'string') return invalid('name must be a string');
  const prompt = findPrompt(spec, params.name);
  if (!prompt) return invalid(`Unknown prompt: ${params.name}`);
  const args = params.arguments === undefined ? {} : asObject(params.arguments);
  if (!args) return invalid('arguments must be an object');
  for (const [key, value] of Object.entries(args)) {
    if (!prompt.arguments.some((argument) => argument.name === key)) return invalid(`Unknown argument: ${key}`);
    if (typeof value !== 'string') return invalid(`Argument ${key} must be a string`);
  }
  for (const argument of prompt.arguments.filter((entry) => entry.required)) {
    const value = args[argument.name];
    if (value === undefined) return invalid(`Missing required argument: ${argument.name}`);
    if (typeof value === 'string' && value.trim() === '') return invalid(`Argument ${argument.name} must not be empty`);
  }
  const lines = prompt.arguments
    .filter((argument) => typeof args[argument.name] === 'string' && args[argument.name] !== '')
    .map((argument) => `${argument.name}: ${String(args[argument.name])}`);
  return { result: { messages: [{ role: 'user', content: { type: 'text', text: [`Prompt ${prompt.name}.`, ...lines].join('\n') } }] } };
}

function listPage(items: unknown[], field: string, cursor: unknown, pageSize: number): Reply {
  let start = 0;
  if (cursor !== undefined) {
    const match = typeof cursor === 'string' ? /^page-(\d+)$/.exec(cursor) : null;
    if (!match) return { error: { code: -32602, message: 'Invalid cursor' } };
    start = Number(match[1]);
  }
  const page = items.slice(start, start + pageSize);
  const next = start + pageSize < items.length ? `page-${start + pageSize}` : undefined;
  return { result: { [field]: page, ...(next ? { nextCursor: next } : {}) } };
}

/** Links a fake server to a fresh client-side transport and returns the client side. */
export function fakeServerTransport(spec: FakeServerSpec): InMemoryTransport {
  const [client, server] = InMemoryTransport.createLinkedPair();
  server.onmessage = (message) => {
    const record = message as unknown as Record<string, unknown>;
    const deliver = (reply: Reply | undefined): void => {
      if (!reply || 'silent' in reply) return;
      if ('crash' in reply) return void server.close();
      if ('delayMs' in reply) return void setTimeout(() => deliver(reply.reply), reply.delayMs);
      if ('before' in reply) {
        for (const extra of reply.before) void server.send(extra as JSONRPCMessage).catch(() => undefined);
        return deliver(reply.reply);
      }
      // A copy, as a real transport parses every message anew: one reply object sent twice must be two messages.
      const out =
        'raw' in reply ? structuredClone(reply.raw) : 'bare' in reply ? { jsonrpc: '2.0', id: record.id } : { jsonrpc: '2.0', id: record.id, ...reply };
      void server.send(out as JSONRPCMessage).catch(() => undefined);
    };
    deliver(answer(spec, record));
  };
  void server.start();
  return client;
}
