/**
 * Prompt options through the CLI: example values from the config are used but never reported (unless
 * --show-values), and --update-golden writes golden files that the next run checks.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';

const GOOD = path.join(ROOT, 'dist/fixtures/servers/good.js');
const SECRET = 'customer-4711-confidential-notes';

function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-'));
  writeFileSync(
    path.join(dir, 'mcpact.yaml'),
    [
      'server:',
      '  transport: stdio',
      '  command: node',
      `  args: [${JSON.stringify(GOOD)}]`,
      '  prompts:',
      '    summarize:',
      '      arguments:',
      `        text: ${SECRET}`,
      '      expect:',
      '        roles: [user]',
      '        match: ["Summarize"]',
      '        golden: golden/summarize.json',
      '',
    ].join('\n'),
  );
  return dir;
}

describe('prompt options from the config', () => {
  it('a missing golden file fails with a hint; example values reach no report, trace or console', async () => {
    const dir = project();
    const result = await runCli(['run', '--only', 'prompts', '--reporter', 'console', '--reporter', 'json:report.json', '--trace', 'trace.jsonl'], {
      cwd: dir,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('golden file golden/summarize.json does not exist; run mcpact run --update-golden');
    for (const output of [
      result.stdout,
      result.stderr,
      readFileSync(path.join(dir, 'report.json'), 'utf8'),
      readFileSync(path.join(dir, 'trace.jsonl'), 'utf8'),
    ]) {
      expect(output).not.toContain(SECRET);
    }
  });

  it('--update-golden writes the file, the next run passes, and --show-values opts in to values', async () => {
    const dir = project();
    const update = await runCli(['run', '--only', 'prompts', '--update-golden'], { cwd: dir });
    expect(update.code).toBe(0);
    expect(update.stderr).toContain('wrote golden file');
    const golden = path.join(dir, 'golden/summarize.json');
    expect(existsSync(golden)).toBe(true);
    expect(readFileSync(golden, 'utf8')).toContain(SECRET);
    expect((await runCli(['run', '--only', 'prompts'], { cwd: dir })).code).toBe(0);

    writeFileSync(golden, readFileSync(golden, 'utf8').replace('Summarize', 'Sumarize'));
    const shown = await runCli(['run', '--only', 'prompts', '--show-values', '--reporter', 'json'], { cwd: dir });
    expect(shown.code).toBe(1);
    const finding = JSON.parse(shown.stdout).servers[0].findings.find((entry: { ruleId: string }) => entry.ruleId === 'prompts/expectations');
    expect(finding.data.arguments.values).toEqual({ text: SECRET });
    expect(finding.data.expectedLine).toContain('Sumarize');
  });
});
