/**
 * HTTP 429 is the server asking mcpact to slow down (RFC 6585), never a defect: a rate-limited server gets the same
 * verdicts as one that is not, a request still refused when mcpact has to stop waiting makes the rules that needed
 * it inconclusive, and the report says once how much rate limiting there was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { RATE_LIMIT, RateLimit, RateLimitedError, retryAfterMs } from '../../src/connect/rate-limit.js';
import { runServer } from '../../src/engine/runner.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { renderConsole } from '../../src/report/reporters/console.js';
import { buildRunReport, exitCode } from '../../src/report/build.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost, type RateLimitOptions } from '../../fixtures/servers/http-host.js';

const hosts: HttpHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

async function runGood(rateLimit?: RateLimitOptions, runMs = 60_000) {
  const host = await startHttpServer(createGoodServer, { rateLimit });
  hosts.push(host);
  return runServer(
    {
      name: 'good',
      target: { kind: 'http', url: host.url, headers: {} },
      timeouts: { ...DEFAULT_TIMEOUTS, run_ms: runMs },
      expect: {},
      levels: {},
      settings: {},
    },
    { rules: ALL_RULES, clientVersion: 'test', concurrency: 4 },
  );
}

describe('Retry-After', () => {
  it('reads delay-seconds and an HTTP-date, bounded; anything else is no value', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(' 0 ')).toBe(0);
    expect(retryAfterMs('86400')).toBe(RATE_LIMIT.maxWaitMs);
    const now = Date.parse('2026-12-06T10:00:00Z');
    expect(retryAfterMs('Sun, 06 Dec 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sun, 06 Dec 2026 09:00:00 GMT', now)).toBe(0);
    for (const junk of [null, undefined, '', '-1', '1.5', 'soon', 'x'.repeat(10_000)]) expect(retryAfterMs(junk)).toBeUndefined();
  });
});

describe('a request answered 429', () => {
  it('is sent again once the wait is over, and the concurrency is halved', async () => {
    const limit = new RateLimit();
    let sent = 0;
    const answer = await limit.send(
      () => Promise.resolve(++sent < 3 ? 429 : 200),
      (status) => ({ status, retryAfter: '0' }),
      () => Promise.resolve(),
    );
    expect(answer).toBe(200);
    expect(limit.summary).toMatchObject({ responses: 2, gaveUp: 0, concurrency: 1 });
  });

  it('is given up when the wait would pass the run deadline, and later requests that meet the pause end at once', async () => {
    const limit = new RateLimit({ at: performance.now() + 500 });
    const send = () =>
      limit.send(
        () => Promise.resolve(429),
        (status) => ({ status, retryAfter: '30' }),
        () => Promise.resolve(),
      );
    await expect(send()).rejects.toBeInstanceOf(RateLimitedError);
    const started = performance.now();
    await expect(send()).rejects.toBeInstanceOf(RateLimitedError);
    expect(performance.now() - started).toBeLessThan(100);
    expect(limit.summary).toMatchObject({ responses: 1, gaveUp: 2 });
  });
});

describe('a rate-limited server over Streamable HTTP', () => {
  it('gets the verdicts of one that is not: every 3rd request answered 429 changes no rule result and is no finding', async () => {
    const plain = await runGood();
    const limited = await runGood({ every: 3, retryAfter: '0' });
    expect(limited.rateLimit?.responses).toBeGreaterThan(10);
    expect(limited.rateLimit?.gaveUp).toBe(0);
    expect(limited.complete).toBe(true);
    expect(limited.findings).toEqual(plain.findings);
    const statuses = (report: typeof plain) => Object.fromEntries(report.rules.map((rule) => [rule.id, rule.status]));
    expect(statuses(limited)).toEqual(statuses(plain));
    const whole = buildRunReport({ version: 'test', servers: [limited], durationMs: 1, failOn: 'error' });
    const console = renderConsole(whole, { color: false, verbose: false, quiet: false, rules: [] });
    expect(console).toMatch(/rate limited.*HTTP 429 Too Many Requests \d+ time\(s\).*every request was answered in the end/);
  }, 120_000);

  it('that never lifts its limit leaves the rules that needed an answer inconclusive, says so once, and fails nothing', async () => {
    const report = await runGood({ after: 12, retryAfter: '1' });
    expect(report.serverInfo).not.toBeNull();
    expect(report.rateLimit?.gaveUp).toBeGreaterThan(0);
    expect(report.findings.filter((finding) => finding.severity !== 'info')).toEqual([]);
    for (const finding of report.findings) expect(JSON.stringify(finding)).not.toMatch(/429|Too Many/);
    const inconclusive = report.rules.filter((rule) => rule.status === 'inconclusive' && /HTTP 429/.test(rule.reason ?? ''));
    expect(inconclusive.length).toBeGreaterThan(5);
    expect(report.rules.filter((rule) => rule.status === 'fail')).toEqual([]);
    const run = buildRunReport({ version: 'test', servers: [report], durationMs: 1, failOn: 'warning' });
    expect(exitCode(run)).toBe(0);
  }, 120_000);
});
