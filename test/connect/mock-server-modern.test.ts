/**
 * The mock's 2026-07-28 host (connect/modern-mock-server.ts) over Streamable HTTP on 127.0.0.1, started and stopped
 * by each test: SDK 2.x's createMcpHandler with the responder behind it. It answers server/discover with what the
 * responder gives (not the SDK's own), refuses initialize, a non-loopback Origin and headers that disagree with the
 * body as the SDK does, and passes results through the SDK's 2026-07-28 encode step, whose corrections
 * docs/record-mock.md lists.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Respond } from '../../src/connect/mock-server.js';
import { serveModernHttp, type RecordedIdentity } from '../../src/connect/modern-mock-server.js';
import type { HttpMock } from '../../src/connect/mock-server.js';

const SERVER_INFO = { name: 'recorded', version: '3.0.0' };
const DISCOVERED = {
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  instructions: 'Recorded.',
  resultType: 'complete',
  ttlMs: 30000,
  cacheScope: 'public',
  _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO, 'com.example/recorded': true },
};

const respond: Respond = (method) => {
  if (method === 'server/discover') return { result: DISCOVERED };
  // A page recorded without resultType and caching hints (a server's defect).
  if (method === 'tools/list') return { result: { tools: [{ name: 'a', inputSchema: { type: 'object' } }] } };
  if (method === 'tools/call') return { error: { code: -32602, message: 'Unknown tool: zzz' } };
  // A result recorded as null (a server's defect), and an error recorded with the code of earlier revisions.
  if (method === 'prompts/get') return { result: null };
  if (method === 'resources/read') return { error: { code: -32002, message: 'Resource not found', data: { uri: 'docs://x' } } };
  return { error: { code: -32601, message: 'Method not found' } };
};

const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** One 2026-07-28 request: the envelope in `_meta`, and the headers the transport requires. */
function post(url: string, method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  // Mcp-Name carries params.name, or params.uri for resources/read.
  const named = params.name ?? params.uri;
  const name: Record<string, string> = typeof named === 'string' ? { 'mcp-name': named } : {};
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...name,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope } }),
  });
}

const body = async (response: Response) => (await response.json()) as Record<string, unknown>;

let mock: HttpMock | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const identity: RecordedIdentity = { serverInfo: SERVER_INFO, capabilities: { tools: {} } };

describe('the 2026-07-28 mock over Streamable HTTP', () => {
  it('answers server/discover with the recorded result, on 127.0.0.1 at /mcp, with no session', async () => {
    mock = await serveModernHttp(respond, identity, 0);
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const response = await post(mock.url, 'server/discover');
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await body(response)).toEqual({ jsonrpc: '2.0', id: 1, result: DISCOVERED });
  });

  it('answers the errors of the responder, and stamps the recorded serverInfo on a result that has none', async () => {
    mock = await serveModernHttp(respond, identity, 0);
    expect(await body(await post(mock.url, 'tools/call', { name: 'zzz', arguments: {} }))).toMatchObject({
      error: { code: -32602, message: 'Unknown tool: zzz' },
    });
    const page = await body(await post(mock.url, 'tools/list'));
    expect(page.result).toMatchObject({ _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } });
  });

  it('fills what the SDK requires of a 2026-07-28 result: a page recorded without them gets resultType and default caching hints', async () => {
    mock = await serveModernHttp(respond, { serverInfo: undefined, capabilities: { tools: {} } }, 0);
    const page = await body(await post(mock.url, 'tools/list'));
    expect(page.result).toEqual({ tools: [{ name: 'a', inputSchema: { type: 'object' } }], resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
  });

  it('sends a result recorded as null as -32603, and an error recorded with -32002 as -32602', async () => {
    mock = await serveModernHttp(respond, identity, 0);
    expect(await body(await post(mock.url, 'prompts/get', { name: 'p' }))).toMatchObject({ error: { code: -32603 } });
    expect(await body(await post(mock.url, 'resources/read', { uri: 'docs://x' }))).toMatchObject({
      error: { code: -32602, message: 'Resource not found', data: { uri: 'docs://x' } },
    });
  });

  it('refuses initialize with UnsupportedProtocolVersion naming 2026-07-28', async () => {
    mock = await serveModernHttp(respond, identity, 0);
    const response = await fetch(mock.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    expect(await body(response)).toMatchObject({ error: { code: -32022, data: { supported: ['2026-07-28'] } } });
  });

  it('refuses an Mcp-Method header that disagrees with the body (400, -32020), a foreign Origin (403) and another path (404)', async () => {
    mock = await serveModernHttp(respond, identity, 0);
    const mismatch = await post(mock.url, 'server/discover', {}, { 'mcp-method': 'tools/list' });
    expect(mismatch.status).toBe(400);
    expect(await body(mismatch)).toMatchObject({ error: { code: -32020 } });
    const foreign = await post(mock.url, 'server/discover', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    await foreign.text();
    const local = await post(mock.url, 'server/discover', {}, { origin: 'http://localhost:3000' });
    expect(local.status).toBe(200);
    await local.text();
    const elsewhere = await post(mock.url.replace(/\/mcp$/, '/other'), 'server/discover');
    expect(elsewhere.status).toBe(404);
    await elsewhere.text();
  });
});
