/**
 * Values nested 20,000 levels deep where nobody judges depth, through the CLI: a 40 KB notifications/message, and
 * prompts/get answers whose `_meta` (on the result and on its message's content) is that deep. Every message is
 * cut at 1,000 levels where it is parsed (util/nesting.ts), before anything walks it. The notification used to
 * crash mcpact itself (a RangeError from JSON.stringify in the peer's sampling, a stack trace and no report); the
 * `_meta` crashed 15 rules. Now the run completes with every report written and no rule crashed. The findings
 * and the exit code are those of the corpus' small contract (docs/hostile.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/model/report.js';
import { expectClean, killLeftovers, startCli, type CliCase } from './cli-support.js';

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

const TIMEOUTS = { connect_ms: 3_000, call_ms: 1_000, run_ms: 10_000 };
const LIMIT_MS = 30_000;
const REPORTERS = ['json:report.json', 'sarif:report.sarif', 'junit:report.xml', 'markdown:report.md', 'html:report.html'];

async function runDeep(behaviour: string): Promise<{ dir: string; code: number | null }> {
  current = startCli({
    server: { behaviour },
    args: ['run', ...REPORTERS.flatMap((reporter) => ['--reporter', reporter]), '--trace', 'trace.jsonl'],
    timeouts: TIMEOUTS,
    limitMs: LIMIT_MS,
  });
  const result = await current.done;
  expect(result.ms).toBeLessThan(TIMEOUTS.connect_ms + TIMEOUTS.run_ms);
  expect(result.stderr).not.toContain('Maximum call stack size exceeded');
  await expectClean(current, result);
  const report = runReportSchema.parse(JSON.parse(readFileSync(path.join(current.dir, 'report.json'), 'utf8')));
  expect(report.complete).toBe(true);
  expect(report.servers[0]?.rules.filter((rule) => rule.status === 'error')).toEqual([]);
  JSON.parse(readFileSync(path.join(current.dir, 'report.sarif'), 'utf8'));
  for (const file of ['report.xml', 'report.md', 'report.html']) expect(readFileSync(path.join(current.dir, file), 'utf8').length).toBeGreaterThan(0);
  return { dir: current.dir, code: result.code };
}

describe('values nested 20,000 levels deep', { timeout: 60_000 }, () => {
  it('a notifications/message: the run completes, every report and the trace are written, no stack trace', async () => {
    const { dir, code } = await runDeep('deep-notification');
    expect(code).toBe(0);
    const trace = readFileSync(path.join(dir, 'trace.jsonl'), 'utf8');
    expect(trace).toContain('"method":"notifications/message"');
  });

  it('prompts/get answers with a deep _meta: every prompt rule judges the rendering, none crashes', async () => {
    const { dir, code } = await runDeep('deep-prompt-meta');
    expect(code).toBe(0);
    const report = runReportSchema.parse(JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')));
    const prompts = report.servers[0]!.rules.filter((rule) => rule.family === 'prompts');
    expect(prompts.filter((rule) => rule.status === 'pass').length).toBeGreaterThanOrEqual(14);
  });
});
