/**
 * Signals and stubborn children, through the CLI. The server forks a grandchild that leaves the process group
 * (setsid), ignores SIGTERM and keeps the stdio pipes open, and it never answers tools/call. After a normal exit
 * and after each of SIGINT, SIGTERM and SIGHUP to mcpact: mcpact exits in time, the report is written, and no
 * process is left, the escaped grandchild included (found through /proc).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/model/report.js';
import { expectClean, killLeftovers, startCli, waitForPids, type CliCase } from './cli-support.js';

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

const reportOf = (run: CliCase) => runReportSchema.parse(JSON.parse(readFileSync(path.join(run.dir, 'report.json'), 'utf8')));

describe.skipIf(process.platform !== 'linux')('signals and stubborn children', { timeout: 60_000 }, () => {
  it('a grandchild that left the group and holds the pipes: stopped, and mcpact exits after its reports', async () => {
    const timeouts = { connect_ms: 3_000, call_ms: 300, run_ms: 6_000 };
    current = startCli({
      server: { behaviour: 'escape-group' },
      args: ['run', '--only', 'tools', '--reporter', 'json:report.json'],
      timeouts,
      limitMs: 15_000,
    });
    const result = await current.done;
    // The session's process, the grandchild it started, and the process of the bad input (connect/bad-input-line.ts).
    expect(current.pids()).toHaveLength(3);
    expect([1, 2]).toContain(result.code); // tools/call never answered within call_ms
    expect(reportOf(current).servers[0]?.findings).toBeDefined();
    await expectClean(current, result);
  });

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`${signal} mid-run: every server process stopped, the report written and marked incomplete, exit 2`, async () => {
      const timeouts = { connect_ms: 5_000, call_ms: 30_000, run_ms: 60_000 };
      current = startCli({
        server: { behaviour: 'escape-group' },
        args: ['run', '--only', 'tools', '--reporter', 'json:report.json'],
        timeouts,
        limitMs: 20_000,
      });
      await waitForPids(current, 2);
      const sent = performance.now();
      current.child.kill(signal);
      const result = await current.done;
      expect(performance.now() - sent).toBeLessThan(6_000);
      expect(result.code).toBe(2);
      const report = reportOf(current);
      expect(report.complete).toBe(false);
      expect(report.servers[0]?.error).toContain(`interrupted by ${signal}`);
      expect(result.stderr).toContain(`mcpact: ${signal}: stopping the servers and writing the reports`);
      await expectClean(current, result);
    });
  }
});
