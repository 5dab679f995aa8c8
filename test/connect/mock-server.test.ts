/**
 * The mock's Streamable HTTP host (connect/mock-server.ts) on 127.0.0.1, started and stopped by each test: it
 * answers through the responder on the SDK's transport, refuses an Origin that is not loopback, bounds the sessions
 * open at once, and frees a session on DELETE.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp, type HttpMock } from '../../src/connect/mock-server.js';

const respond = (method: string) =>
  method === 'initialize'
    ? { result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'recorded', version: '1' } } }
    : { error: { code: -32601, message: 'Method not found' } };

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });

let mock: HttpMock | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe('the mock over Streamable HTTP', () => {
  it('answers initialize with the responder, on 127.0.0.1 at /mcp', async () => {
    mock = await serveHttp(respond, 0);
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const response = await post(mock.url, INITIALIZE);
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeTruthy();
    expect(await response.text()).toContain('"serverInfo":{"name":"recorded","version":"1"}');
  });

  it('refuses an Origin that is not a loopback host with 403', async () => {
    mock = await serveHttp(respond, 0);
    expect((await post(mock.url, INITIALIZE, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(mock.url, INITIALIZE, { origin: 'http://localhost:3000' })).status).toBe(200);
  });

  it('keeps at most maxSessions open (503 past that), and a DELETE frees one', async () => {
    mock = await serveHttp(respond, 0, 2);
    const first = await post(mock.url, INITIALIZE);
    await first.text();
    await (await post(mock.url, INITIALIZE)).text();
    const third = await post(mock.url, INITIALIZE);
    expect(third.status).toBe(503);
    await third.text();
    const id = first.headers.get('mcp-session-id')!;
    const deleted = await fetch(mock.url, { method: 'DELETE', headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' } });
    expect(deleted.status).toBe(200);
    expect((await post(mock.url, INITIALIZE)).status).toBe(200);
  });
});
