/**
 * Hostile data through the real CLI, in child processes. A 20 MB tool description with the heap capped at 512 MB
 * (--max-old-space-size=512), every rule family included: exceeding the bound kills the child, which fails this
 * test; where /usr/bin/time is there, the peak resident set must stay under 512 MB as well. The security family
 * reads only the first 64 KiB of such a text, and says so in its notes. A 10,000-level schema with --trace and a
 * secret: the trace must survive JSON.stringify and the redaction walk.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/model/report.js';
import { alive, CLI, ROOT } from '../support/cli.js';

const HEAP_MB = 512;
/** Heap plus code, stacks and buffers outside the heap: what the whole process may reach. */
const RSS_MB = 512;
const TIME = '/usr/bin/time';

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('memory', () => {
  it(`a 20 MB description: the run completes within ${HEAP_MB} MB, and reports stay small`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-memory-'));
    const pids = path.join(dir, 'pids');
    writeFileSync(
      path.join(dir, 'mcpact.yaml'),
      [
        'server:',
        '  transport: stdio',
        `  command: ${JSON.stringify(process.execPath)}`,
        `  args: [${JSON.stringify(`${ROOT}dist/fixtures/hostile/stdio.js`)}, huge-description]`,
        `  env: { HOSTILE_PIDS: ${JSON.stringify(pids)} }`,
        'timeouts: { connect_ms: 5000, call_ms: 5000, run_ms: 30000 }',
        '',
      ].join('\n'),
    );
    const cli = [`--max-old-space-size=${HEAP_MB}`, CLI, 'run', '--reporter', 'json:report.json'];
    const measured = existsSync(TIME);
    const result = measured ? await run(TIME, ['-v', process.execPath, ...cli], dir) : await run(process.execPath, cli, dir);
    expect(result.stderr).not.toContain('heap out of memory');
    expect([0, 1]).toContain(result.code);
    const report = runReportSchema.parse(JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')));
    expect(report.complete).toBe(true);
    const poisoning = report.servers[0]?.rules.find((rule) => rule.id === 'security/tool-poisoning');
    expect(poisoning).toMatchObject({ status: 'pass', reason: expect.stringContaining('only the first 65536 were scanned') });
    expect(report.servers[0]?.rules.filter((rule) => rule.status === 'error')).toEqual([]);
    // Finding data is bounded: the 20 MB text never lands in the report whole.
    expect(readFileSync(path.join(dir, 'report.json')).length).toBeLessThan(1024 * 1024);
    if (measured) {
      const rssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1]);
      expect(rssKb / 1024).toBeLessThan(RSS_MB);
    }
    for (const pid of readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number)) expect(await alive(pid)).toBe(false);
  }, 60_000);
});

describe('deep data through the CLI', () => {
  // The secret never reaches the traffic; it is there so that redaction walks every traced message.
  it('a 10,000-level schema with --trace and a secret in the config: the trace is written, bounded and redacted', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-deep-'));
    writeFileSync(
      path.join(dir, 'mcpact.yaml'),
      [
        'server:',
        '  transport: stdio',
        `  command: ${JSON.stringify(process.execPath)}`,
        `  args: [${JSON.stringify(`${ROOT}dist/fixtures/hostile/stdio.js`)}, deep-schema]`,
        '  env: { TOKEN: "${MCPACT_DEEP_SECRET}" }',
        'timeouts: { connect_ms: 5000, call_ms: 2000, run_ms: 20000 }',
        '',
      ].join('\n'),
    );
    const child = spawn(process.execPath, [CLI, 'run', '--reporter', 'json:report.json', '--trace', 'trace.jsonl'], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', MCPACT_DEEP_SECRET: 'deep-secret-value' },
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    const trace = readFileSync(path.join(dir, 'trace.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(trace.length).toBeGreaterThan(3);
    const text = JSON.stringify(trace);
    expect(text).toContain('[nested deeper than 200 levels]');
    expect(text).not.toContain('deep-secret-value');
    runReportSchema.parse(JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')));
  });
});
