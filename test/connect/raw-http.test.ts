/**
 * Raw HTTP exchanges for transport probes against hostile servers: a redirect is returned, never followed (so
 * configured headers never reach another host), an endless stream ends at the deadline, and SSE is read as sent.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getEventListeners } from 'node:events';
import { RawHttpClient } from '../../src/connect/raw-http-client.js';
import { exchange, outcomeOf } from '../../src/connect/raw-http.js';
import { SseParser } from '../../src/connect/sse.js';
import { startHostileHttp, type HostileHttpServer } from '../../fixtures/hostile/http.js';

describe('raw HTTP exchanges', () => {
  const started: HostileHttpServer[] = [];
  afterAll(() => Promise.all(started.map((server) => server.close())));

  it('return a cross-host redirect as it is: the far end never sees the request or its Authorization', async () => {
    const elsewhere = await startHostileHttp('collector');
    const server = await startHostileHttp('redirect', { redirectTo: `http://localhost:${elsewhere.port}/mcp` });
    started.push(elsewhere, server);
    const result = await exchange(
      server.url,
      { method: 'POST', headers: { authorization: 'Bearer secret', 'content-type': 'application/json' }, body: '{}' },
      { timeoutMs: 1_000 },
    );
    expect(result).toMatchObject({ kind: 'response', status: 307, headers: { location: `http://localhost:${elsewhere.port}/mcp` } });
    expect(elsewhere.seen).toEqual([]);
  });

  it('end at the deadline when the body never does, and close the stream', async () => {
    const server = await startHostileHttp('endless-response');
    started.push(server);
    const began = performance.now();
    // A second for the headers, which a loaded machine (lint runs beside the tests) can delay past 300 ms; the body
    // never ends, so only the deadline ends the exchange.
    const result = await exchange(server.url, { method: 'POST', headers: {}, body: '{}' }, { timeoutMs: 1_000 });
    expect(performance.now() - began).toBeLessThan(4_000);
    expect(result).toMatchObject({ kind: 'response', status: 200, ended: false, timedOut: true, messages: [] });
    expect(outcomeOf(result, 1).kind).toBe('timeout');
  });

  it('count SSE events that are not JSON instead of failing on them', async () => {
    const server = await startHostileHttp('invalid-sse');
    started.push(server);
    const result = await exchange(server.url, { method: 'POST', headers: {}, body: '{}' }, { timeoutMs: 1_000 });
    expect(result).toMatchObject({ kind: 'response', ended: true, unparsable: 2, messages: [[1, 2, 3]] });
    expect(outcomeOf(result, 1).kind).toBe('closed');
  });

  it('report a refused connection as a network failure', async () => {
    const server = await startHostileHttp('collector');
    await server.close();
    const result = await exchange(server.url, { method: 'GET', headers: {} }, { timeoutMs: 1_000 });
    expect(result).toMatchObject({ kind: 'failed', reason: 'network' });
  });
});

describe('SSE parser', () => {
  it('joins data lines, keeps ids and event names, skips comments, and waits for a split line', () => {
    const parser = new SseParser();
    expect(parser.push(': keep-alive\n\nid: 7\nevent: message\ndata: {"a":\ndata: 1}\n\nda')).toEqual([{ id: '7', event: 'message', data: '{"a":\n1}' }]);
    expect(parser.push('ta: x\r\n\r\n')).toEqual([{ data: 'x' }]);
  });
});

describe('RawHttpClient and the run signal', () => {
  it('leaves no abort listener behind once closed: a run opens many short-lived clients', async () => {
    const run = new AbortController();
    for (let index = 0; index < 25; index++) {
      const client = new RawHttpClient('http://127.0.0.1:9/mcp', {}, { timeoutMs: 100, clientVersion: 'test', signal: run.signal });
      await client.close();
    }
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });
});
