/**
 * Synchronous work of the server's choosing, which no timer can interrupt: patterns that backtrack
 * catastrophically (run by a linear-time engine), and input schemas that make generation explode (one budget per
 * tool). Through the CLI in a child process, so a hang fails the test at its limit instead of hanging the worker.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/model/report.js';
import { expectClean, killLeftovers, startCli, type CliCase } from './cli-support.js';

// About 2 s of an 8 s run_ms on the idle machine; the suite's other workers and a second server process (the
// connection of bad input) can take the rest on two cores. What is tested is that the work is bounded (a
// catastrophic match takes hours), not how fast, so the run has room.
const TIMEOUTS = { connect_ms: 3_000, call_ms: 1_000, run_ms: 15_000 };
/** run_ms, plus starting and shutting down: well short of what one catastrophic match takes (hours). */
const LIMIT_MS = TIMEOUTS.connect_ms + TIMEOUTS.run_ms + 4_000;

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

function report(run: CliCase) {
  return runReportSchema.parse(JSON.parse(readFileSync(path.join(run.dir, 'report.json'), 'utf8')));
}

describe('deadlines for synchronous work', { timeout: 60_000 }, () => {
  it('catastrophic patterns in the input and output schemas: matched in linear time, the run completes with a finding', async () => {
    current = startCli({
      server: { behaviour: 'catastrophic-pattern' },
      args: ['run', '--reporter', 'json:report.json'],
      timeouts: TIMEOUTS,
      limitMs: LIMIT_MS,
    });
    const result = await current.done;
    const server = report(current).servers[0]!;
    expect(server.error).toBeUndefined();
    expect(server.complete).toBe(true);
    expect(result.code).toBe(1);
    // The structured result fails the output schema's pattern: the engine judged it, it did not skip it.
    expect(server.findings.some((finding) => finding.ruleId === 'tools/structured-content')).toBe(true);
    expect(result.ms).toBeLessThan(LIMIT_MS);
    await expectClean(current, result);
  });

  it('nested minItems, a wide anyOf of $refs and a 200,000-value enum: each tool skipped with a note, within run_ms', async () => {
    current = startCli({ server: { behaviour: 'generation-bomb' }, args: ['run', '--reporter', 'json:report.json'], timeouts: TIMEOUTS, limitMs: LIMIT_MS });
    const result = await current.done;
    const server = report(current).servers[0]!;
    expect(server.error).toBeUndefined();
    expect(server.complete).toBe(true);
    expect(server.rules.filter((rule) => rule.status === 'error')).toEqual([]);
    const valid = server.rules.find((rule) => rule.id === 'tools/valid-input');
    expect(valid?.reason).toContain('"wide" (generating inputs from its inputSchema went past mcpact\'s budget');
    // The others are impossible within the bytes a value may take, or fit: never a crash, never a hang.
    expect(valid?.reason).toContain('"nested" (no input its inputSchema accepts could be generated)');
    expect(result.ms).toBeLessThan(LIMIT_MS);
    await expectClean(current, result);
  });
});
