/**
 * Memory bombs: small things a server sends that cost mcpact a great deal to hold or to work on. Patterns of 400
 * bytes that RE2 would expand into programs of 170,000 instructions (compiled synchronously, kept by Ajv), and
 * prompts whose every rendering is 8 MB of small message objects (kept whole by the prompt matrix). Through the
 * CLI with the heap capped at 256 MB, mcpact's peak resident set read from /proc as memory.test.ts does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/model/report.js';
import { expectClean, killLeftovers, startCli, waitForPids, type CliCase, type CliOptions, type CliRun } from './cli-support.js';

const HEAP_MB = 256;
/** Well under docs/hostile.md's 1 GB: each run measured below 250 MB. */
const RSS_MB = 512;
const TIMEOUTS = { connect_ms: 5_000, call_ms: 5_000, run_ms: 20_000 };
/** run_ms, plus starting and shutting down. Before the bounds, 150 patterns took 270 s. */
const LIMIT_MS = TIMEOUTS.connect_ms + TIMEOUTS.run_ms + 6_000;
/** docs/hostile.md, Signals: the servers stopped and the reports written, a few seconds at most. */
const SIGNAL_MS = 6_000;

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

function reportOf(run: CliCase) {
  return runReportSchema.parse(JSON.parse(readFileSync(path.join(run.dir, 'report.json'), 'utf8')));
}

async function runAgainst(server: CliOptions['server'], options: Partial<CliOptions> = {}): Promise<{ result: CliRun; run: CliCase }> {
  current = startCli({
    server,
    args: ['run', '--reporter', 'json:report.json'],
    timeouts: TIMEOUTS,
    limitMs: LIMIT_MS,
    heapMb: HEAP_MB,
    measure: true,
    ...options,
  });
  return { result: await current.done, run: current };
}

function expectBounded(result: CliRun, limitMs = LIMIT_MS): void {
  expect(result.stderr).not.toContain('heap out of memory');
  expect(result.signal).toBeNull();
  if (result.rssMb !== undefined) expect(result.rssMb).toBeLessThan(RSS_MB);
  expect(result.ms).toBeLessThan(limitMs);
}

describe('memory bombs', { timeout: 90_000 }, () => {
  // The tools serve anything. Sent 12345 for their string `text`, each went on: with its pattern evaluated, "12345"
  // breaks it, so no coercing validator would serve it either (tools/invalid-input, an error: exit 1); with the
  // pattern past the bounds, mcpact cannot say the text breaks it, and a validator that converts the number to text
  // is as likely (information on mcpact's policy: exit 0).
  for (const [patterns, groups, what, code] of [
    ['12', '21', '12 patterns of 400 bytes, each 170,000 instructions', 0],
    ['150', '21', '150 patterns of 400 bytes', 0],
    ['150', '2', '150 patterns each just under the bound (16,000 instructions)', 1],
  ] as const) {
    it(`${what}: not evaluated past the bounds, the run completes within run_ms`, async () => {
      const { result, run } = await runAgainst({ behaviour: 'pattern-bomb', args: [patterns, groups] });
      expectBounded(result);
      const server = reportOf(run).servers[0]!;
      expect(server.error).toBeUndefined();
      expect(server.complete).toBe(true);
      expect(server.rules.filter((rule) => rule.status === 'error')).toEqual([]);
      // Every pattern is valid: not evaluating one is no finding against the schema.
      expect(server.findings.filter((finding) => finding.ruleId.startsWith('schema/tool-'))).toEqual([]);
      expect(result.code).toBe(code);
      await expectClean(run, result);
    });
  }

  it('two prompts rendering 8 MB of small messages for every prompts/get: judged, then kept as digests and facts', { timeout: 120_000 }, async () => {
    // About forty renderings of 8 MB each: time enough to send them on a loaded machine. What is tested is that they
    // are judged and kept bounded, not how fast: 45 s ran out twice beside the suite's other workers and lint.
    const timeouts = { connect_ms: 5_000, call_ms: 20_000, run_ms: 90_000 };
    const limitMs = timeouts.connect_ms + timeouts.run_ms + 6_000;
    const { result, run } = await runAgainst({ behaviour: 'prompt-bomb' }, { timeouts, limitMs });
    expectBounded(result, limitMs);
    const server = reportOf(run).servers[0]!;
    expect(server.error).toBeUndefined();
    expect(server.complete).toBe(true);
    expect(server.rules.filter((rule) => rule.status === 'error')).toEqual([]);
    const status = (id: string) => server.rules.find((rule) => rule.id === id)?.status;
    // Judged on the whole renderings: the same messages every time, and the value sent in the last of 140,000.
    expect(status('prompts/message-shape')).toBe('pass');
    expect(status('prompts/determinism')).toBe('pass');
    expect(status('prompts/argument-dropped')).toBe('pass');
    // Accepting a missing or wrongly typed argument is what this server does wrong.
    expect(status('prompts/missing-required')).toBe('fail');
    expect([0, 1]).toContain(result.code);
    await expectClean(run, result);
  });

  it.skipIf(process.platform !== 'linux')('SIGTERM while the patterns are compiled: honoured within seconds, exit 2', async () => {
    current = startCli({
      server: { behaviour: 'pattern-bomb', args: ['150', '21', 'stall'] },
      args: ['run', '--reporter', 'json:report.json'],
      timeouts: { connect_ms: 5_000, call_ms: 30_000, run_ms: 60_000 },
      limitMs: 30_000,
      heapMb: HEAP_MB,
    });
    // The second server process is the transport probes' child, started once the handshake succeeded: the
    // contract is being captured, and its patterns compiled right after.
    await waitForPids(current, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = performance.now();
    current.child.kill('SIGTERM');
    const result = await current.done;
    expect(performance.now() - sent).toBeLessThan(SIGNAL_MS);
    expect(result.code).toBe(2);
    const report = reportOf(current);
    expect(report.complete).toBe(false);
    expect(report.servers[0]?.error).toContain('interrupted by SIGTERM');
    await expectClean(current, result);
  });
});
