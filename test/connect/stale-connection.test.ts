/**
 * A request that a kept-alive connection dropped before any answer is sent once more, on a fresh connection; a
 * server that drops the request itself still drops it, and a deadline is never retried. Then a whole run over
 * Streamable HTTP through a proxy that drops a reused connection's request: the good fixture stays without findings.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { droppedConnection, resendOnDroppedConnection } from '../../src/connect/stale-connection.js';
import { runServer } from '../../src/engine/runner.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { dropOnceWhenReused, startInterferingProxy, type InterferingProxy } from '../support/interfering-proxy.js';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('resendOnDroppedConnection', () => {
  let upstream: Server;
  let upstreamUrl: string;
  let received = 0;
  const proxies: InterferingProxy[] = [];
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      received++;
      req.resume();
      req.on('end', () => res.end('served'));
    });
    upstreamUrl = await listen(upstream);
  });
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await close(upstream);
  });

  /** Every request the tests send is the same one: the proxy drops it once. */
  async function proxy(): Promise<InterferingProxy> {
    const started = await startInterferingProxy(upstreamUrl, dropOnceWhenReused());
    proxies.push(started);
    return started;
  }

  const post = (fetchLike: typeof fetch, url: string) => fetchLike(url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });

  /** Five requests one after another: the pool reuses a connection for one of them (which, the pool decides). */
  async function fiveRequests(fetchLike: typeof fetch, url: string): Promise<unknown[]> {
    const answers: unknown[] = [];
    for (let sent = 0; sent < 5; sent++)
      answers.push(
        await post(fetchLike, url).then(
          (response) => response.text(),
          (error: unknown) => error,
        ),
      );
    return answers;
  }

  it('plain fetch fails on the reused connection the proxy drops (what the resend is for)', async () => {
    const dropping = await proxy();
    const answers = await fiveRequests(fetch, dropping.url);
    expect(dropping.dropped).toBe(1);
    const failed = answers.filter((answer) => answer !== 'served');
    expect(failed).toHaveLength(1);
    expect(droppedConnection(failed[0])).toBe(true);
  });

  it('sends the dropped request once more, on a fresh connection, and returns its answer', async () => {
    const dropping = await proxy();
    const before = received;
    expect(await fiveRequests(resendOnDroppedConnection() as typeof fetch, dropping.url)).toEqual(Array(5).fill('served'));
    expect(dropping.dropped).toBe(1);
    // The dropped request never reached the server; its resend did, once.
    expect(received - before).toBe(5);
  });

  it('a server that drops the request itself drops the resend too: the error stands, after exactly two tries', async () => {
    let tries = 0;
    const dropsEverything = createServer((req) => {
      tries++;
      req.socket.destroy();
    });
    const url = await listen(dropsEverything);
    try {
      const error = await post(resendOnDroppedConnection() as typeof fetch, url).catch((caught: unknown) => caught);
      expect(droppedConnection(error)).toBe(true);
      expect(tries).toBe(2);
    } finally {
      await close(dropsEverything);
    }
  });

  it('never resends past a deadline, a body that was a stream, or another failure', async () => {
    const dropped = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    let calls = 0;
    const failing = (error: Error) => () => {
      calls++;
      return Promise.reject(error);
    };
    const aborted = AbortSignal.abort();
    await expect(resendOnDroppedConnection(failing(dropped))('http://127.0.0.1:1/', { signal: aborted })).rejects.toBe(dropped);
    expect(calls).toBe(1);
    const stream = new ReadableStream({ start: (controller) => controller.close() });
    await expect(resendOnDroppedConnection(failing(dropped))('http://127.0.0.1:1/', { method: 'POST', body: stream })).rejects.toBe(dropped);
    expect(calls).toBe(2);
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    await expect(resendOnDroppedConnection(failing(refused))('http://127.0.0.1:1/')).rejects.toBe(refused);
    expect(calls).toBe(3);
    await expect(resendOnDroppedConnection(failing(dropped))('http://127.0.0.1:1/', { method: 'POST', body: '{}' })).rejects.toBe(dropped);
    expect(calls).toBe(5);
  });
});

describe('a run over Streamable HTTP whose kept-alive connections are dropped under requests', () => {
  let host: HttpHost;
  let dropping: InterferingProxy;
  beforeAll(async () => {
    host = await startHttpServer(createGoodServer);
    // Every request sent on a reused connection is dropped the first time: the session's, and the probes'.
    dropping = await startInterferingProxy(host.url, dropOnceWhenReused());
  });
  afterAll(async () => {
    await dropping.close();
    await host.close();
  });

  it('finds nothing on the good fixture: each dropped request was sent again, not read as a crash', async () => {
    const report = await runServer(
      {
        name: 'good',
        target: { kind: 'http', url: dropping.url, headers: {} },
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 },
        expect: {},
        levels: {},
        settings: {},
      },
      { rules: ALL_RULES, clientVersion: 'test', concurrency: 4 },
    );
    expect(dropping.dropped).toBeGreaterThan(10);
    expect(report.complete).toBe(true);
    expect(report.findings).toEqual([]);
  });
});
