/**
 * Memory bounded in bytes, whatever a server sends: mcpact runs with its heap capped at 256 MB (exceeding it
 * kills the process, which fails the test) and, where /usr/bin/time is there, a peak resident set under 1 GB.
 * Each server sends about 300 MB in one form: big notifications and thousands of made-up method names (with
 * --trace on), requests with 1 MB ids while it reads nothing, a gzip bomb, an endless SSE `data:` line.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/model/report.js';
import { startHostileHttp, type HostileHttpServer, type HttpBehaviour } from '../../fixtures/hostile/http.js';
import { expectClean, killLeftovers, startCli, type CliCase, type CliRun } from './cli-support.js';

const HEAP_MB = 256;
const RSS_MB = 1024;
/** Generous: reading 300 MB takes mcpact a few seconds on a loaded machine, and the bound held is memory. */
const TIMEOUTS = { connect_ms: 5_000, call_ms: 10_000, run_ms: 30_000 };
const LIMIT_MS = 15_000 + TIMEOUTS.run_ms + 6_000;

let current: CliCase | undefined;
let http: HostileHttpServer | undefined;
afterEach(async () => {
  killLeftovers(current);
  await http?.close();
  http = undefined;
});

function reportOf(run: CliCase) {
  return runReportSchema.parse(JSON.parse(readFileSync(path.join(run.dir, 'report.json'), 'utf8')));
}

function expectBounded(result: CliRun): void {
  expect(result.stderr).not.toContain('heap out of memory');
  expect(result.signal).toBeNull();
  if (result.rssMb !== undefined) expect(result.rssMb).toBeLessThan(RSS_MB);
  expect(result.ms).toBeLessThan(LIMIT_MS);
}

async function runAgainst(server: { behaviour: string } | { url: string }, extra: string[] = []): Promise<{ result: CliRun; run: CliCase }> {
  current = startCli({
    server,
    args: ['run', '--reporter', 'json:report.json', ...extra],
    // Over HTTP the cap must be reached before the handshake's deadline, on a loaded machine too.
    timeouts: 'url' in server ? { ...TIMEOUTS, connect_ms: 15_000 } : TIMEOUTS,
    limitMs: LIMIT_MS,
    heapMb: HEAP_MB,
    measure: true,
  });
  return { result: await current.done, run: current };
}

describe('memory bounded in bytes', { timeout: 60_000 }, () => {
  it('200 MB of notifications and 10,000 made-up method names, traced: the run completes, the trace stays small', async () => {
    const { result, run } = await runAgainst({ behaviour: 'flood-bytes' }, ['--trace', 'trace.jsonl']);
    expectBounded(result);
    const report = reportOf(run);
    expect(report.servers[0]?.error).toBeUndefined();
    expect(report.complete).toBe(true);
    expect([0, 1]).toContain(result.code);
    // Each 2 MB message is traced as an excerpt; the file stays far below what was sent.
    expect(statSync(path.join(run.dir, 'trace.jsonl')).size).toBeLessThan(80 * 1024 * 1024);
    const first = readFileSync(path.join(run.dir, 'trace.jsonl'), 'utf8')
      .split('\n')
      .find((line) => line.includes('"excerpt":true'));
    expect(first).toBeDefined();
    await expectClean(run, result);
  });

  it('300 requests with 1 MB ids from a server that reads nothing: replies do not pile up, exit 2 within the deadlines', async () => {
    const { result, run } = await runAgainst({ behaviour: 'request-flood' });
    expectBounded(result);
    expect(result.code).toBe(2);
    expect(reportOf(run).complete).toBe(false);
    await expectClean(run, result);
  });

  for (const [behaviour, cap] of [
    ['gzip-bomb', 'an HTTP response body over 64 MiB'],
    ['endless-data-line', 'an SSE event over 64 MiB'],
  ] as [HttpBehaviour, string][]) {
    it(`HTTP ${behaviour}: read up to the cap, which the error names; exit 2`, async () => {
      http = await startHostileHttp(behaviour);
      const { result, run } = await runAgainst({ url: http.url });
      expectBounded(result);
      expect(result.code).toBe(2);
      expect(reportOf(run).servers[0]?.error).toContain(cap);
      await expectClean(run, result);
    });
  }
});
