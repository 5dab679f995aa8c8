/**
 * The legacy HTTP+SSE transport (2024-11-05) against hostile servers: an endpoint on another origin, or a redirect
 * there, is refused before anything (or any header) reaches it; a stream that is no HTTP+SSE stream is named for
 * what it is, in one line; and a stream that ends ends the session instead of reconnecting into a new one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openSession, type SessionTarget } from '../../src/connect/session.js';
import { McpactError } from '../../src/errors.js';
import { startHostileHttp, type HostileHttpServer } from '../../fixtures/hostile/http.js';
import { startHostileSse, type HostileSseServer } from '../../fixtures/hostile/sse.js';

const started: (HostileHttpServer | HostileSseServer)[] = [];
afterAll(() => Promise.all(started.map((server) => server.close())));

const sse = (url: string): SessionTarget => ({ kind: 'sse', url, headers: { authorization: 'Bearer sse-secret' } });
const plainUrl = (url: string): SessionTarget => ({ kind: 'http', url, headers: { authorization: 'Bearer sse-secret' }, sseFallback: true });

/** The error openSession rejects with: one message line, no details. */
async function failure(target: SessionTarget, connectMs = 5_000): Promise<McpactError> {
  const error = await openSession(target, { connectMs, clientVersion: 'test', era: 'auto' }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(McpactError);
  return error as McpactError;
}

describe('the fallback from a plain URL', () => {
  it.each([400, 404, 405])('GETs the URL after initialize was refused with %i', async (status) => {
    const server = await startHostileSse('html', { refuse: status });
    started.push(server);
    const error = await failure(plainUrl(server.url));
    expect(error.message).toMatch(new RegExp(`^HTTP ${status} `));
    expect(error.details).toEqual([
      `no HTTP+SSE stream there either (the 2024-11-05 transport's fallback): GET ${server.url} answered with text/html, not an SSE stream (text/event-stream)`,
    ]);
    expect(server.seen.map((request) => request.method)).toEqual(['POST', 'POST', 'GET']);
  });

  it.each([401, 403, 500])('never GETs after %i: that is no answer of the old transport', async (status) => {
    const server = await startHostileSse('html', { refuse: status });
    started.push(server);
    const error = await failure(plainUrl(server.url));
    expect(error.message).toMatch(new RegExp(`^HTTP ${status} `));
    expect(error.details).toEqual([]);
    expect(server.seen.map((request) => request.method)).toEqual(['POST', 'POST']);
  });

  it('never GETs without an answer (nothing listening), nor when the URL names Streamable HTTP', async () => {
    const gone = await startHostileSse('html');
    await gone.close();
    const refused = await failure(plainUrl(gone.url));
    expect(refused.message).toMatch(/^nothing is listening at 127\.0\.0\.1:\d+ \(connection refused\)/);
    expect(refused.details).toEqual([]);
    const server = await startHostileSse('html', { refuse: 404 });
    started.push(server);
    const strict = await failure({ kind: 'http', url: server.url, headers: {} });
    expect(strict.details).toEqual(['a server of the legacy HTTP+SSE transport (2024-11-05) needs --transport sse (transport: sse in a config)']);
    expect(server.seen.map((request) => request.method)).toEqual(['POST', 'POST']);
  });
});

describe('HTTP+SSE against hostile servers', () => {
  it('refuses an endpoint on another origin in one line: nothing reaches that origin, over sse and after a fallback alike', async () => {
    const elsewhere = await startHostileHttp('collector');
    const server = await startHostileSse('foreign-endpoint', { elsewhere: `http://localhost:${elsewhere.port}/messages` });
    started.push(elsewhere, server);
    const origin = server.url.replace(/\/sse$/, '');
    const line = `the HTTP+SSE server at ${server.url} named its message endpoint on another origin (http://localhost:${elsewhere.port}): refused, mcpact sends requests and their headers only to the origin it was given`;
    for (const target of [sse(server.url), plainUrl(server.url)]) {
      const error = await failure(target);
      expect(error.message).toBe(line);
      expect(error.details).toEqual([]);
    }
    expect(elsewhere.seen).toEqual([]);
    // The plain URL tried Streamable HTTP first (server/discover, then initialize), then opened the stream.
    expect(server.seen.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /sse', 'POST /sse', 'POST /sse', 'GET /sse']);
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('does not follow a redirect of the stream to another origin', async () => {
    const elsewhere = await startHostileHttp('collector');
    const server = await startHostileSse('redirect-elsewhere', { elsewhere: `http://localhost:${elsewhere.port}/sse` });
    started.push(elsewhere, server);
    const error = await failure(sse(server.url));
    expect(error.message).toContain(`cannot open an SSE stream at ${server.url}`);
    expect(error.message).toContain(`Redirect to http://localhost:${elsewhere.port}/sse not followed`);
    expect(elsewhere.seen).toEqual([]);
  });

  it('refuses a stream whose first event is not endpoint', async () => {
    const server = await startHostileSse('message-first');
    started.push(server);
    const error = await failure(sse(server.url));
    expect(error.message).toBe(`GET ${server.url} opened an SSE stream whose first event is "message", not "endpoint": not an HTTP+SSE server (2024-11-05)`);
  });

  it('names an answer that is no SSE stream by its content type', async () => {
    const server = await startHostileSse('html');
    started.push(server);
    const error = await failure(sse(server.url));
    expect(error.message).toBe(`GET ${server.url} answered with text/html, not an SSE stream (text/event-stream)`);
  });

  it('says the stream opened but no endpoint event came, at the connect deadline', async () => {
    const server = await startHostileSse('silent');
    started.push(server);
    const error = await failure(sse(server.url), 500);
    expect(error.message).toBe(`GET ${server.url} opened an SSE stream, but no endpoint event came within 500 ms (timeouts.connect_ms)`);
  });

  it('sends the configured headers on the GET and on every POST to the endpoint', async () => {
    const server = await startHostileSse('ends-after-initialize');
    started.push(server);
    const session = await openSession(sse(server.url), { connectMs: 5_000, clientVersion: 'test' });
    await session.close();
    expect(server.seen.length).toBeGreaterThanOrEqual(2);
    for (const request of server.seen) expect(request.headers.authorization, `${request.method} ${request.path}`).toBe('Bearer sse-secret');
    expect(server.seen.filter((request) => request.method === 'POST').map((request) => request.path)).toContain('/messages?sessionId=1');
  });

  it('ends the session when the stream ends, instead of reconnecting into a session never initialized', async () => {
    const server = await startHostileSse('ends-after-initialize');
    started.push(server);
    const session = await openSession(sse(server.url), { connectMs: 5_000, clientVersion: 'test' });
    try {
      expect(session.target).toBe('sse');
      expect(session.era).toBe('legacy');
      // The server asked for a reconnect after 10 ms; give it many times that.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(session.peer.closed).toBe(true);
      expect(server.seen.filter((request) => request.method === 'GET')).toHaveLength(1);
    } finally {
      await session.close();
    }
  });
});
