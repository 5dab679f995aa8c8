/**
 * Streamable HTTP as 2026-07-28 defines it (basic/transports/streamable-http): every JSON-RPC message is a POST of
 * its own, no session ids, and the request metadata mirrored into headers (`MCP-Protocol-Version`, `Mcp-Method`,
 * `Mcp-Name`) from the very message sent, so header and body never disagree. The answer is a JSON body or an SSE
 * stream scoped to the request. The SDK 1.x client transport cannot set headers per message, and the 2.x client
 * hides what came back behind its own parsing, hence this small transport under mcpact's own JSON-RPC peer.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { SseParser } from './sse.js';
import { META_KEYS } from './envelope.js';
import { headerValue } from './header-value.js';
import { paramHeadersOf, paramHeaderValues, type ParamHeaders } from './param-headers.js';

/**
 * The methods whose `Mcp-Name` header is required, and the param it mirrors; the Tasks extension's methods mirror
 * `taskId` ("the client MUST set the Mcp-Name header … to the value of params.taskId", SEP-2663).
 */
const NAMED: Record<string, 'name' | 'uri' | 'taskId'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** The last HTTP answer that carried no JSON-RPC answer to its request: the era probe reads its status and body. */
export interface HttpRefusal {
  status: number;
  /** The body parsed as JSON, when it was. */
  body?: unknown;
}

export class ModernHttpTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  lastRefusal: HttpRefusal | undefined;
  private readonly inflight = new Set<AbortController>();
  /** Ids of the tools/list requests in flight: their answers say which tools declare x-mcp-header parameters. */
  private readonly toolListings = new Set<unknown>();
  /** Each listed tool's inputSchema as listed (read when it is called), and its declarations once read. */
  private readonly toolSchemas = new Map<string, unknown>();
  private readonly declarations = new Map<string, ParamHeaders>();
  private closed = false;

  constructor(
    private readonly url: URL,
    private readonly headers: Record<string, string>,
    private readonly fetchImpl: typeof fetch,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('the HTTP transport is closed');
    const record = message as Record<string, unknown>;
    if (record.method === 'tools/list' && 'id' in record) this.toolListings.add(record.id);
    const abort = new AbortController();
    this.inflight.add(abort);
    try {
      const response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { ...this.headers, ...headersFor(record), ...this.paramHeaders(record) },
        body: JSON.stringify(message),
        // Never followed: headers (and credentials in them) must not travel to a URL the server names.
        redirect: 'error',
        signal: abort.signal,
      });
      await this.read(response, record);
    } finally {
      this.inflight.delete(abort);
    }
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    for (const abort of this.inflight) abort.abort();
    this.onclose?.();
    return Promise.resolve();
  }

  private async read(response: Response, sent: Record<string, unknown>): Promise<void> {
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (type.startsWith('text/event-stream') && response.body) {
      const parser = new SseParser();
      const decoder = new TextDecoder();
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        for (const event of parser.push(decoder.decode(chunk, { stream: true }))) this.deliverText(event.data);
      }
      return;
    }
    const text = await response.text();
    if (text.trim() === '') {
      if (!response.ok) this.refuse(response.status, undefined, sent);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (!response.ok) return this.refuse(response.status, undefined, sent);
      throw new Error(`HTTP ${response.status}: the body is not JSON`);
    }
    if (!response.ok && !answersRequest(body, sent)) return this.refuse(response.status, body, sent);
    this.lastRefusal = undefined;
    this.deliver(body);
  }

  /** An HTTP error with no answer to the request in it: the request fails now, with the status in its error. */
  private refuse(status: number, body: unknown, sent: Record<string, unknown>): void {
    this.lastRefusal = body === undefined ? { status } : { status, body };
    if ('id' in sent) throw new Error(`HTTP ${status}${describeBody(body)}`);
  }

  private deliverText(data: string): void {
    if (data.trim() === '') return;
    try {
      this.deliver(JSON.parse(data));
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private deliver(body: unknown): void {
    for (const message of Array.isArray(body) ? body : [body]) {
      this.learnTools(message);
      this.onmessage?.(message as JSONRPCMessage);
    }
  }

  /** Remembers the inputSchema of every tool a tools/list answer lists (a later page or listing wins). */
  private learnTools(message: unknown): void {
    if (!isRecord(message) || !this.toolListings.delete(message.id) || !isRecord(message.result)) return;
    const tools = message.result.tools;
    if (!Array.isArray(tools)) return;
    for (const tool of tools) {
      if (!isRecord(tool) || typeof tool.name !== 'string') continue;
      this.toolSchemas.set(tool.name, tool.inputSchema);
      this.declarations.delete(tool.name);
    }
  }

  /**
   * The Mcp-Param-* headers of a tools/call, from the called tool's x-mcp-header declarations. A tool whose
   * declarations are invalid gets none: a client would not call it at all, mcpact calls it to judge it, and
   * tools/x-mcp-header reports the declarations.
   */
  private paramHeaders(message: Record<string, unknown>): Record<string, string> {
    if (message.method !== 'tools/call' || !isRecord(message.params) || typeof message.params.name !== 'string') return {};
    const name = message.params.name;
    if (!this.toolSchemas.has(name)) return {};
    let declared = this.declarations.get(name);
    if (declared === undefined) {
      declared = paramHeadersOf(this.toolSchemas.get(name));
      this.declarations.set(name, declared);
    }
    return declared.kind === 'valid' ? paramHeaderValues(declared.headers, message.params.arguments) : {};
  }
}

/** The request metadata headers of one message (streamable-http#request-metadata). */
export function headersFor(message: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json, text/event-stream',
    'Content-Type': 'application/json',
  };
  const params = typeof message.params === 'object' && message.params !== null ? (message.params as Record<string, unknown>) : {};
  const meta = typeof params._meta === 'object' && params._meta !== null ? (params._meta as Record<string, unknown>) : {};
  const version = meta[META_KEYS.protocolVersion];
  if (typeof version === 'string') headers['MCP-Protocol-Version'] = version;
  if (typeof message.method === 'string') headers['Mcp-Method'] = headerValue(message.method);
  const named = typeof message.method === 'string' ? NAMED[message.method] : undefined;
  const name = named === undefined ? undefined : params[named];
  if (typeof name === 'string') headers['Mcp-Name'] = headerValue(name);
  return headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function answersRequest(body: unknown, sent: Record<string, unknown>): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const id = (body as Record<string, unknown>).id;
  return id !== undefined && id !== null && id === sent.id;
}

function describeBody(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const error = (body as Record<string, unknown>).error;
  if (typeof error !== 'object' || error === null) return '';
  const { code, message } = error as Record<string, unknown>;
  return `: JSON-RPC error ${String(code).slice(0, 20)} ${String(message).replace(/\s+/g, ' ').slice(0, 200)}`;
}
