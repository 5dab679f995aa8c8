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

/** The methods whose `Mcp-Name` header is required, and the param it mirrors. */
const NAMED: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

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
    const abort = new AbortController();
    this.inflight.add(abort);
    try {
      const response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { ...this.headers, ...headersFor(record) },
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
    for (const message of Array.isArray(body) ? body : [body]) this.onmessage?.(message as JSONRPCMessage);
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

/**
 * A value as a header carries it (streamable-http#value-encoding): as is when it is visible ASCII (and spaces
 * inside), else Base64 of its UTF-8 between `=?base64?` and `?=`, as is a plain value that looks like that.
 */
export function headerValue(value: string): string {
  const plain = /^[\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?$/.test(value) && !(value.startsWith('=?base64?') && value.endsWith('?='));
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
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
