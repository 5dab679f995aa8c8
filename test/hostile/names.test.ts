/**
 * Valid names that are keys of Object.prototype (constructor, toString, __proto__, ...) for every tool, prompt,
 * argument, resource, template, template variable, schema property, structured content key, `_meta` key and
 * method the server sends (fixtures/hostile/prototype-names.ts), through the CLI: `run` with every family, every
 * reporter and --trace, then `baseline` and `diff`. The server is correct: no rule may crash, and the only finding
 * is the one every server of the corpus earns (it answers tools/list before initialize). A plain object keyed by
 * such names used to crash prompts/argument-dropped (`value.trim is not a function`) and the resources rules, and
 * the trace lost every `__proto__` key.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReportSchema, type ServerReport } from '../../src/model/report.js';
import { expectClean, killLeftovers, startCli, type CliCase } from './cli-support.js';

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

const TIMEOUTS = { connect_ms: 3_000, call_ms: 2_000, run_ms: 20_000 };
const LIMIT_MS = 40_000;
const NAMES = Object.getOwnPropertyNames(Object.prototype);
/** Both drift replays on, so that baseline records prompt invocations, output shapes and resource contents. */
const DRIFT = ['  drift: { output_shapes: true, resource_contents: true }'];
const REPORTERS = ['json:report.json', 'sarif:report.sarif', 'junit:report.xml', 'markdown:report.md', 'html:report.html', 'github:github.txt'];

function serverOf(dir: string, file: string): ServerReport {
  const report = runReportSchema.parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  expect(report.complete).toBe(true);
  return report.servers[0]!;
}

describe('names that are keys of Object.prototype', { timeout: 120_000 }, () => {
  it('run, baseline and diff: no rule crashes, no wrong verdict, every name kept in the trace and the lockfile', async () => {
    const options = { server: { behaviour: 'prototype-names' }, serverYaml: DRIFT, timeouts: TIMEOUTS, limitMs: LIMIT_MS };
    current = startCli({ ...options, args: ['run', ...REPORTERS.flatMap((reporter) => ['--reporter', reporter]), '--trace', 'trace.jsonl'] });
    const run = await current.done;
    const dir = current.dir;
    const server = serverOf(dir, 'report.json');
    expect(server.rules.filter((rule) => rule.status === 'error')).toEqual([]);
    expect(server.findings.map((finding) => finding.ruleId)).toEqual(['stdio/before-initialize']);
    expect(run.code).toBe(0);
    expect(run.ms).toBeLessThan(LIMIT_MS);
    JSON.parse(readFileSync(path.join(dir, 'report.sarif'), 'utf8'));
    await expectClean(current, run);

    // The trace keeps what the server sent, `__proto__` keys included: in its tools' schemas and in what mcpact sent back.
    const trace = readFileSync(path.join(dir, 'trace.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { direction: string; message: { method?: string; params?: { arguments?: object } } });
    const listed = JSON.stringify(trace.find((line) => line.direction === 'in' && JSON.stringify(line.message).includes('"inputSchema"')));
    for (const name of NAMES) expect(listed).toContain(`"${name}":{"type":"string"}`);
    const called = trace.filter((line) => line.direction === 'out' && line.message.method === 'tools/call').map((line) => line.message.params?.arguments ?? {});
    expect(called.some((args) => NAMES.every((name) => Object.hasOwn(args, name)))).toBe(true);

    const baseline = startCli({ ...options, dir, args: ['baseline'] });
    const written = await baseline.done;
    expect(written.code).toBe(0);
    await expectClean(baseline, written);
    const lock = readFileSync(path.join(dir, 'mcpact.lock.json'), 'utf8');
    const locked = JSON.parse(lock) as { tools: { name: string; observedOutput?: unknown }[]; prompts: { name: string; invocations?: unknown[] }[] };
    expect(locked.tools.map((tool) => tool.name).sort()).toEqual([...NAMES].sort());
    expect(locked.prompts.every((prompt) => prompt.invocations !== undefined)).toBe(true);
    expect(locked.tools.filter((tool) => tool.observedOutput !== undefined)).toHaveLength(NAMES.length / 2);
    expect(lock).toContain('"__proto__": "__proto__-value"');

    // Baseline then diff: the lockfile round-trips every name, so nothing changed.
    const diff = startCli({ ...options, dir, args: ['diff', '--reporter', 'json:diff.json'] });
    const compared = await diff.done;
    const drift = serverOf(dir, 'diff.json');
    expect(drift.rules.filter((rule) => rule.status === 'error')).toEqual([]);
    expect(drift.findings).toEqual([]);
    expect(compared.code).toBe(0);
    await expectClean(diff, compared);
  });
});
