/**
 * The hostile Streamable HTTP corpus (fixtures/hostile/http.ts), one test per behaviour with the outcome mcpact
 * must hold: within its deadlines, exit 2 (nothing could be tested), reports valid, no connection left open, and
 * the configured Authorization header never sent to another host.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionTarget } from '../../src/connect/session.js';
import { startHostileHttp, type HostileHttpServer, type HttpBehaviour } from '../../fixtures/hostile/http.js';
import { expectSafeReports, HOSTILE_TIMEOUTS, runHostile } from './support.js';

const TOKEN = 'Bearer hostile-test-token-0123456789';
const TIMEOUTS = { ...HOSTILE_TIMEOUTS, connect_ms: 800 };

describe('hostile Streamable HTTP servers', () => {
  const started: HostileHttpServer[] = [];
  const start = async (behaviour: HttpBehaviour, options?: { redirectTo?: string }) => {
    const server = await startHostileHttp(behaviour, options);
    started.push(server);
    return server;
  };
  afterAll(() => Promise.all(started.map((server) => server.close())));
  const target = (server: HostileHttpServer): SessionTarget => ({ kind: 'http', url: server.url, headers: { Authorization: TOKEN } });

  /** Responses the client abandons close shortly after; wait for that without a fixed sleep. */
  async function expectAllClosed(server: HostileHttpServer): Promise<void> {
    const until = Date.now() + 2_000;
    while (server.openResponses() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.openResponses()).toBe(0);
  }

  it('answers 500 with an HTML page: exit 2, and the page is shown escaped and cut short', async () => {
    const server = await start('server-error');
    const run = await runHostile(target(server), TIMEOUTS);
    expect(run.code).toBe(2);
    expect(run.server.error).toContain('500');
    expectSafeReports(run, TIMEOUTS);
    await expectAllClosed(server);
  });

  it('redirects to another host: the redirect is not followed and the Authorization header never reaches it', async () => {
    const elsewhere = await start('collector');
    // Another origin on the same machine: "localhost" is not "127.0.0.1" to a browser or to fetch.
    const farEnd = `http://localhost:${elsewhere.port}/mcp`;
    const control = await fetch(farEnd);
    await control.body?.cancel();
    expect(elsewhere.seen).toHaveLength(1); // the far end is reachable, so silence below means mcpact never went there
    const server = await start('redirect', { redirectTo: farEnd });
    const run = await runHostile(target(server), TIMEOUTS);
    expect(run.code).toBe(2);
    expect(run.server.error).toMatch(/Redirect to http:\/\/localhost:\d+\/mcp not followed/);
    expect(elsewhere.seen).toHaveLength(1);
    expect(server.seen.length).toBeGreaterThan(0);
    expect(server.seen[0]?.headers.authorization).toBe(TOKEN);
    expectSafeReports(run, TIMEOUTS);
  });

  it('answers with SSE events that are not JSON-RPC: no answer to initialize, exit 2 at the connect deadline', async () => {
    const server = await start('invalid-sse');
    const run = await runHostile(target(server), TIMEOUTS);
    expect(run.code).toBe(2);
    expect(run.server.error).toMatch(/initialize/);
    expectSafeReports(run, TIMEOUTS);
    await expectAllClosed(server);
  });

  it('never ends its response: exit 2 at the connect deadline, and the stream is closed', async () => {
    const server = await start('endless-response');
    const run = await runHostile(target(server), TIMEOUTS);
    expect(run.code).toBe(2);
    expect(run.server.error).toContain('did not answer initialize within 800 ms');
    expectSafeReports(run, TIMEOUTS);
    await expectAllClosed(server);
  });
});
