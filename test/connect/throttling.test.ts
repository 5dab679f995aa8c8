/**
 * A JSON-RPC error whose words say the server throttles is no answer to what was asked (connect/throttling.ts): it is
 * recognised by those words on any code, waited out, and the request sent again with mcpact slowed down; a request
 * still refused when mcpact has to stop waiting ends as rate limited; a control refused so tells nothing about
 * degradation (#30 class 1).
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { Health, type Control } from '../../src/connect/health.js';
import { RateLimit } from '../../src/connect/rate-limit.js';
import { RpcPeer, type Outcome } from '../../src/connect/rpc.js';
import { Throttle, throttlingOf } from '../../src/connect/throttling.js';
import { rateLimitLine } from '../../src/report/answer.js';

const error = (message: unknown, code: unknown = -32603, data?: unknown): Outcome => ({
  kind: 'error',
  code,
  message,
  ...(data !== undefined && { data }),
  ms: 1,
});
const result: Outcome = { kind: 'result', result: {}, ms: 1 };

describe('a throttling refusal', () => {
  it('is recognised by its words, on any code', () => {
    for (const [message, code] of [
      ['rate limit exceeded', -32603],
      ['Rate-limited: slow down', -32000],
      ['ratelimit reached for this client', 429],
      ['Too Many Requests', -32029],
      ['request throttled by the server', 'E_BUSY'],
      ['Throttling: 10 requests per second at most', -32603],
      ['please retry after 2 seconds', -32603],
      ['Quota exceeded for this API key', -32603],
      ['You have exceeded your daily quota', -32603],
    ] as const)
      expect(throttlingOf(error(message, code)), message).toMatchObject({ said: message });
  });

  it('is not an ordinary error, and "limit" alone is not throttling', () => {
    for (const message of [
      'Invalid params',
      'Resource not found: notes://missing',
      'limit must be ≤ 100',
      'Invalid arguments: "limit" must be an integer',
      'page size over the limit of 50',
      'Service temporarily unavailable due to previous failures',
      'Method not found',
      'Internal error',
      'Invalid input; retry after fixing the arguments',
      'write failed: Disk quota exceeded',
    ])
      expect(throttlingOf(error(message)), message).toBeUndefined();
    expect(throttlingOf(error(42))).toBeUndefined();
    expect(throttlingOf(result)).toBeUndefined();
    expect(throttlingOf({ kind: 'timeout', ms: 10 })).toBeUndefined();
  });

  it('reads the wait it asks for from its data or its words, bounded', () => {
    expect(throttlingOf(error('rate limit exceeded', -32603, { retryAfter: 2 }))?.retryAfterMs).toBe(2000);
    expect(throttlingOf(error('rate limit exceeded', -32603, { retry_after_ms: 1500 }))?.retryAfterMs).toBe(1500);
    expect(throttlingOf(error('rate limit exceeded', -32603, { retryAfterSeconds: '3' }))?.retryAfterMs).toBe(3000);
    expect(throttlingOf(error('Too many requests, retry after 1.5 s'))?.retryAfterMs).toBe(1500);
    expect(throttlingOf(error('throttled; Retry-After: 250ms'))?.retryAfterMs).toBe(250);
    expect(throttlingOf(error('retry after 86400 seconds'))?.retryAfterMs).toBe(60_000);
    expect(throttlingOf(error('rate limit exceeded', -32603, { retryAfter: -1 }))?.retryAfterMs).toBeUndefined();
    expect(throttlingOf(error('rate limit exceeded'))?.retryAfterMs).toBeUndefined();
  });
});

describe('a request refused as throttled', () => {
  it('is sent again once the pause is over, and its answer is the outcome', async () => {
    const throttle = new Throttle();
    let sent = 0;
    const outcome = await throttle.send(() => Promise.resolve(++sent < 3 ? error('rate limit exceeded, retry after 0') : result), 1000);
    expect(outcome).toBe(result);
    expect(sent).toBe(3);
    expect(throttle.summary).toMatchObject({ refusals: 2, gaveUp: 0, concurrency: 1, said: 'rate limit exceeded, retry after 0' });
  });

  it('slows mcpact down once per episode: the requests in flight then are halved, not halved for each refusal', async () => {
    const throttle = new Throttle();
    let inFlight = 0;
    /** The most requests in flight at once: before any refusal came back, and after the back-off. */
    const most = { before: 0, after: 0 };
    const refusedOnce = new Set<number>();
    const request = (index: number) =>
      throttle.send(async () => {
        inFlight++;
        const phase = refusedOnce.size === 0 ? 'before' : 'after';
        most[phase] = Math.max(most[phase], inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        if (refusedOnce.has(index)) return result;
        refusedOnce.add(index);
        return error('Too Many Requests', -32000, { retryAfter: 0 });
      }, 1000);
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, index) => request(index)));
    expect(outcomes.every((outcome) => outcome === result)).toBe(true);
    // All eight were sent before the first refusal came back: one back-off, from eight at once to four.
    expect(most.before).toBe(8);
    expect(most.after).toBeLessThanOrEqual(4);
    // The pace: halved from eight in the last second to four, and one more a second after four answers without a refusal.
    expect(throttle.summary).toMatchObject({ refusals: 8, gaveUp: 0, concurrency: 4, perSecond: 5 });
  });

  it('ends as rate limited when the wait would pass the run deadline, and later requests that meet the pause end at once', async () => {
    const limit = new RateLimit({ at: performance.now() + 500 });
    let sent = 0;
    const refuse = () => {
      sent++;
      return Promise.resolve(error('rate limit exceeded', -32603, { retryAfter: 30 }));
    };
    expect(await limit.throttle.send(refuse, 1000)).toMatchObject({ kind: 'timeout', rateLimited: true, throttled: 'rate limit exceeded' });
    expect(await limit.throttle.send(refuse, 1000)).toMatchObject({ kind: 'timeout', rateLimited: true });
    expect(sent).toBe(1);
    expect(limit.summary).toMatchObject({ responses: 0, throttled: 1, gaveUp: 2, said: 'rate limit exceeded' });
  });

  it('gives up after its attempts when the server never lets it through', async () => {
    const throttle = new Throttle();
    let sent = 0;
    const outcome = await throttle.send(() => {
      sent++;
      return Promise.resolve(error('throttled', -32603, { retry_after_ms: 0 }));
    }, 1000);
    expect(outcome).toMatchObject({ kind: 'timeout', rateLimited: true, throttled: 'throttled' });
    expect(sent).toBe(5);
  });

  it('leaves every other answer alone, an ordinary error included', async () => {
    const throttle = new Throttle();
    const invalid = error('Invalid params: limit must be ≤ 100', -32602);
    expect(await throttle.send(() => Promise.resolve(invalid), 1000)).toBe(invalid);
    expect(throttle.summary).toBeUndefined();
  });
});

describe('a control refused as throttled', () => {
  const CONTROL: Control = { method: 'tools/list', params: {}, captured: { kind: 'result' } };
  const timeline = (answer: Outcome) => {
    const health = new Health();
    health.watch(CONTROL, (_control, sent) => {
      sent();
      return Promise.resolve(answer);
    });
    const outcome: Outcome = { kind: 'result', result: {}, ms: 1 };
    health.arrived(outcome, 'unknown tool');
    return { health, tick: health.arrivalOf(outcome)! };
  };

  it('is no degradation, whether still refused after the back-off or refused where nothing waits it out', async () => {
    for (const answer of [error('rate limit exceeded'), { kind: 'timeout', ms: 5, rateLimited: true, throttled: 'rate limit exceeded' } as Outcome]) {
      const { health, tick } = timeline(answer);
      expect(await health.judge([tick])).toBeUndefined();
      expect(await health.conclude()).toBeUndefined();
      expect(health.lastSilent).toBe(true);
      expect(health.lastThrottled).toBe('rate limit exceeded');
    }
  });

  it('unlike a refusal of another kind, which is one', async () => {
    const { health, tick } = timeline(error('Service temporarily unavailable'));
    expect(await health.judge([tick])).toMatchObject({ answer: { kind: 'error' } });
    expect(health.lastThrottled).toBeUndefined();
  });
});

describe('the exchange layer', () => {
  /** A peer whose server refuses the first `refusals` requests as throttled, then answers each with its id. */
  async function refusing(refusals: number) {
    const [client, server] = InMemoryTransport.createLinkedPair();
    const ids: unknown[] = [];
    server.onmessage = (message) => {
      const { id } = message as { id: unknown };
      ids.push(id);
      const answer =
        ids.length <= refusals
          ? { jsonrpc: '2.0', id, error: { code: -32603, message: 'rate limit exceeded', data: { retryAfter: 0 } } }
          : { jsonrpc: '2.0', id, result: { id } };
      void server.send(answer as JSONRPCMessage);
    };
    await server.start();
    const limit = new RateLimit();
    const peer = new RpcPeer(client, { rateLimit: limit });
    await peer.start();
    return { peer, ids, limit, close: () => client.close() };
  }

  it('sends a refused request again with a new id, and a hand-built one again as it was', async () => {
    const asked = await refusing(1);
    expect(await asked.peer.request('tools/list', {}, { timeoutMs: 1000 })).toMatchObject({ kind: 'result' });
    expect(asked.ids).toEqual([1, 2]);
    await asked.close();

    const raw = await refusing(2);
    const { outcome, response } = await raw.peer.rawRequest({ jsonrpc: '2.0', id: 'mcpact-id', method: 'ping' }, { timeoutMs: 1000 });
    expect(outcome).toMatchObject({ kind: 'result' });
    // The response a rule compares is the answer, not a refusal.
    expect(response).toMatchObject({ id: 'mcpact-id', result: { id: 'mcpact-id' } });
    expect(raw.ids).toEqual(['mcpact-id', 'mcpact-id', 'mcpact-id']);
    expect(raw.limit.summary).toMatchObject({ responses: 0, throttled: 2, gaveUp: 0 });
    await raw.close();
  });

  it('hands no refusal on as a response when it gave up', async () => {
    const raw = await refusing(Number.POSITIVE_INFINITY);
    const { outcome, response } = await raw.peer.rawRequest({ jsonrpc: '2.0', id: 7, method: 'ping' }, { timeoutMs: 10 });
    expect(outcome).toMatchObject({ kind: 'timeout', rateLimited: true, throttled: 'rate limit exceeded' });
    expect(response).toBeUndefined();
    await raw.close();
  });
});

describe('the report', () => {
  it('says once that the server throttled, in its words, how far mcpact slowed down and what was given up', () => {
    const line = rateLimitLine({ responses: 0, waitedMs: 1500, gaveUp: 3, concurrency: 1, throttled: 12, perSecond: 4, said: 'rate limit exceeded' }, (text) =>
      text.toUpperCase(),
    );
    expect(line).toBe(
      'the server answered 12 request(s) with an error saying it throttles ("RATE LIMIT EXCEEDED"); mcpact waited 1.5 s in all and sent at most 1 request(s) at once and about 4 a second after that; 3 request(s) were still rate limited when mcpact had to stop waiting: the rules that needed them are inconclusive',
    );
    expect(rateLimitLine({ responses: 2, waitedMs: 0, gaveUp: 0, concurrency: 2 })).toBe(
      'the server answered HTTP 429 Too Many Requests 2 time(s); mcpact waited 0.0 s in all and sent at most 2 request(s) at once after that; every request was answered in the end',
    );
  });
});
