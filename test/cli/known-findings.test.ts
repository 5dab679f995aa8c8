/**
 * Known findings (docs/ci.md#known-findings), against real fixture servers over stdio: the twin-notes server with
 * one defect (`--defect output-mismatch`: an error of tools/structured-content) and its good twin (no defect).
 * A listed finding is reported as known and does not fail the run; once fixed, its entry is stale and does; the
 * file is written sorted and byte-identical run after run, redacted, and a bad file is exit 2.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shardOf } from '../../src/cli/shard.js';
import { ROOT, runCli } from '../support/cli.js';

const TWIN = path.join(ROOT, 'dist/fixtures/servers/twin.js');
const SLOW = path.join(ROOT, 'dist/fixtures/servers/slow-tools.js');
const DEFECT = ['--', 'node', TWIN, '--defect', 'output-mismatch'];
const GOOD = ['--', 'node', TWIN];
// tools/structured-content is a tools rule: the other families add nothing these tests look at.
const ONLY = ['--only', 'tools'];

interface Report {
  servers: { name: string; findings: { ruleId: string; known?: true; severity: string }[] }[];
  knownFindings?: { file: string; known: number; stale: { server: string; rule: string; location: { kind: string; name?: string }; cause: string }[] };
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');
const report = (dir: string, file: string) => JSON.parse(read(dir, file)) as Report;

describe('--known-findings and --update-known-findings', () => {
  let dir: string;
  const run = (...args: string[]) => runCli(['run', ...ONLY, ...args], { cwd: dir, timeoutMs: 60_000 });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-known-'));
    const first = await run('-q', '--known-findings', 'known.yaml', '--update-known-findings', ...DEFECT);
    expect(first.stderr).toContain('wrote known findings known.yaml');
    expect(first.code).toBe(0);
  }, 60_000);

  it('writes every finding at or above fail-on, sorted, with the cause set apart from numbers and names', () => {
    const text = read(dir, 'known.yaml');
    expect(text).toMatch(/^# mcpact known findings/);
    expect(text).toContain('version: 1\nfindings:\n  - server: "twin-notes"\n    rule: "tools/structured-content"\n');
    expect(text).toContain('location: { kind: "tool", name: "get_forecast", pointer: "/outputSchema" }');
    // Info findings are below the default fail-on (error): not written.
    expect(text.match(/^ {2}- server:/gm)).toHaveLength(1);
  });

  it('writes the same bytes on a second update, and from a second run into a new file', async () => {
    const before = read(dir, 'known.yaml');
    const again = await run('-q', '--known-findings', 'known.yaml', '--update-known-findings', ...DEFECT);
    expect(again.code).toBe(0);
    expect(read(dir, 'known.yaml')).toBe(before);
    const fresh = await run('-q', '--known-findings', 'fresh.yaml', '--update-known-findings', ...DEFECT);
    expect(fresh.code).toBe(0);
    expect(read(dir, 'fresh.yaml')).toBe(before);
  }, 60_000);

  it('reports a listed finding as known, and passes', async () => {
    // Without the file the defect fails the run.
    expect((await run('-q', ...DEFECT)).code).toBe(1);
    const known = await run(
      '--known-findings',
      'known.yaml',
      '-r',
      'console',
      '-r',
      'json:known.json',
      '-r',
      'junit:known.xml',
      '-r',
      'github:known.gh',
      ...DEFECT,
    );
    expect(known.code).toBe(0);
    const json = report(dir, 'known.json');
    const finding = json.servers[0]!.findings.find((candidate) => candidate.ruleId === 'tools/structured-content');
    expect(finding).toMatchObject({ severity: 'error', known: true });
    expect(json.knownFindings).toEqual({ file: 'known.yaml', known: 1, stale: [] });
    expect(known.stdout).toMatch(/○ known {3}"get_forecast" returned/);
    expect(known.stdout).toContain('known findings known.yaml: 1 known');
    expect(known.stdout).toMatch(/PASSED 1 server, .*1 with known findings only, 0 failed/);
    // JUnit: not a failure; GitHub: a notice, not an error.
    expect(read(dir, 'known.xml')).toMatch(/<testcase name="tools\/structured-content"[^>]*>\s*<skipped message="1 known finding/);
    expect(read(dir, 'known.xml')).not.toContain('<failure');
    expect(read(dir, 'known.gh')).toMatch(/^::notice .*title=mcpact tools\/structured-content \(twin-notes\) \(known\)::/m);
    expect(read(dir, 'known.gh')).not.toMatch(/^::error/m);
  }, 60_000);

  it('fails a fixed finding as stale, naming it in every report', async () => {
    const fixed = await run(
      '--known-findings',
      'known.yaml',
      '-r',
      'console',
      '-r',
      'json:stale.json',
      '-r',
      'junit:stale.xml',
      '-r',
      'markdown:stale.md',
      '-r',
      'github:stale.gh',
      ...GOOD,
    );
    expect(fixed.code).toBe(1);
    const json = report(dir, 'stale.json');
    expect(json.knownFindings?.known).toBe(0);
    expect(json.knownFindings?.stale).toEqual([
      expect.objectContaining({
        server: 'twin-notes',
        rule: 'tools/structured-content',
        location: { kind: 'tool', name: 'get_forecast', pointer: '/outputSchema' },
      }),
    ]);
    expect(fixed.stdout).toContain('known findings known.yaml: 0 known, 1 stale');
    expect(fixed.stdout).toContain('✖ stale twin-notes: tools/structured-content at tool get_forecast /outputSchema');
    expect(fixed.stdout).toMatch(/FAILED 1 server/);
    expect(read(dir, 'stale.xml')).toMatch(
      /<testcase name="twin-notes: tools\/structured-content at tool get_forecast \/outputSchema" classname="known-findings"[^>]*>\s*<failure/,
    );
    expect(read(dir, 'stale.md')).toContain('### 🗑️ Stale known findings (1)');
    expect(read(dir, 'stale.md')).toContain('twin-notes: tools/structured-content at tool get\\_forecast /outputSchema');
    expect(read(dir, 'stale.gh')).toMatch(
      /^::error file=known.yaml,title=mcpact%3A stale known finding \(twin-notes\)::twin-notes: tools\/structured-content/m,
    );
  }, 60_000);

  it('keeps notes, drops what was fixed, and then passes', async () => {
    writeFileSync(
      path.join(dir, 'noted.yaml'),
      read(dir, 'known.yaml').replace(/(cause: .*\n)/, '$1    note: "ISSUE-12: the forecast backend sends strings"\n'),
    );
    const kept = await run('-q', '--known-findings', 'noted.yaml', '--update-known-findings', ...DEFECT);
    expect(kept.code).toBe(0);
    expect(read(dir, 'noted.yaml')).toContain('    note: "ISSUE-12: the forecast backend sends strings"\n');
    const fixed = await run('-q', '--known-findings', 'noted.yaml', '--update-known-findings', ...GOOD);
    expect(fixed.code).toBe(0);
    expect(read(dir, 'noted.yaml')).toMatch(/\nfindings: \[\]\n$/);
    expect((await run('-q', '--known-findings', 'noted.yaml', ...GOOD)).code).toBe(0);
  }, 60_000);

  it('warns about an unknown rule id, and never counts it stale', async () => {
    const unknown = read(dir, 'known.yaml').replace(
      'findings:\n',
      'findings:\n  - server: "twin-notes"\n    rule: "tools/no-such-rule"\n    location: { kind: "server" }\n    cause: "gone"\n',
    );
    writeFileSync(path.join(dir, 'unknown.yaml'), unknown);
    const result = await run('-q', '--known-findings', 'unknown.yaml', '-r', 'json:unknown.json', ...DEFECT);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^mcpact: warning: known findings unknown\.yaml: unknown rule "tools\/no-such-rule" .*never stale$/m);
    expect(report(dir, 'unknown.json').knownFindings?.stale).toEqual([]);
  }, 60_000);

  it('redacts the file: a secret that is a tool name never lands in it', async () => {
    // -e values are secrets: "get_forecast" is then [redacted] wherever a server or the user supplied it.
    const result = await run('-q', '-e', 'FORECAST_TOKEN=get_forecast', '--known-findings', 'redacted.yaml', '--update-known-findings', ...DEFECT);
    expect(result.code).toBe(0);
    const text = read(dir, 'redacted.yaml');
    expect(text).not.toContain('get_forecast');
    expect(text).toContain('name: "[redacted]"');
    // And it matches on the next run, as redacted as the file.
    expect((await run('-q', '-e', 'FORECAST_TOKEN=get_forecast', '--known-findings', 'redacted.yaml', ...DEFECT)).code).toBe(0);
  }, 60_000);
});

describe('bad known-findings files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-known-bad-'));
  });
  const run = (...args: string[]) => runCli(['run', ...ONLY, ...args], { cwd: dir, timeoutMs: 30_000 });

  it('a missing file is exit 2, saying how to create it', async () => {
    const result = await run('--known-findings', 'missing.yaml', ...DEFECT);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcpact: known findings missing.yaml: no such file; create it with --update-known-findings\n');
  });

  it('a malformed file is one line and exit 2', async () => {
    for (const [name, text] of [
      ['broken.yaml', 'version: 1\nfindings: [\n'],
      ['shape.yaml', 'version: 1\nfindings:\n  - server: a\n    rule: tools/x\n'],
      ['version.yaml', 'version: 2\nfindings: []\n'],
    ] as const) {
      writeFileSync(path.join(dir, name), text);
      const result = await run('--known-findings', name, ...DEFECT);
      expect(result.code, name).toBe(2);
      expect(result.stderr, name).toMatch(new RegExp(`^mcpact: known findings ${name.replace('.', '\\.')}: [^\\n]+\\n$`));
    }
  });

  it('--update-known-findings without a file is a usage error', async () => {
    const result = await run('--update-known-findings', ...DEFECT);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--update-known-findings needs a file');
  });
});

describe('fingerprints without timings', () => {
  it('matches a latency finding whose measured milliseconds differ', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-known-latency-'));
    const config = (delay: number) =>
      [
        'server:',
        '  name: slow',
        '  transport: stdio',
        '  command: node',
        `  args: ${JSON.stringify([SLOW, String(delay)])}`,
        '  latency: { samples: 2, warmup: 0, p50_ms: 1, tools: [lookup] }',
        'known_findings: known.yaml',
        '',
      ].join('\n');
    const run = (...args: string[]) => runCli(['run', '--only', 'latency', '-q', ...args], { cwd: dir, timeoutMs: 60_000 });
    writeFileSync(path.join(dir, 'mcpact.yaml'), config(20));
    expect((await run('--update-known-findings', '-r', 'json:first.json')).code).toBe(0);
    const before = read(dir, 'known.yaml');
    expect(before).toContain('rule: "latency/budget"');
    expect(before).toContain('cause: "tool \\"<value>\\": p50 is <n> ms, over its budget of <n> ms (<n> samples)"');
    writeFileSync(path.join(dir, 'mcpact.yaml'), config(70));
    const slower = await run('-r', 'json:second.json');
    expect(slower.code).toBe(0);
    expect(report(dir, 'second.json').servers[0]!.findings.filter((finding) => finding.ruleId === 'latency/budget')).toEqual([
      expect.objectContaining({ known: true }),
    ]);
    expect((await run('--update-known-findings')).code).toBe(0);
    expect(read(dir, 'known.yaml')).toBe(before);
  }, 60_000);
});

describe('several servers, and --shard', () => {
  let dir: string;
  // Named so that the two servers fall in different shards of 2.
  const names = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
  let bad = '';
  let good = '';

  beforeAll(() => {
    bad = names.find((name) => shardOf(name, 2) === 1)!;
    good = names.find((name) => shardOf(name, 2) === 2)!;
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-known-shard-'));
    const server = (name: string, ...args: string[]) => [
      `  - name: ${name}`,
      '    transport: stdio',
      '    command: node',
      `    args: ${JSON.stringify([TWIN, ...args])}`,
    ];
    mkdirSync(path.join(dir, 'ci'));
    writeFileSync(
      path.join(dir, 'ci', 'mcpact.yaml'),
      ['servers:', ...server(bad, '--defect', 'output-mismatch'), ...server(good), 'known_findings: known/list.yaml', ''].join('\n'),
    );
  });
  // Run from the folder above the config: known_findings is relative to the config.
  const run = (...args: string[]) => runCli(['run', '-c', 'ci/mcpact.yaml', ...ONLY, '-q', ...args], { cwd: dir, timeoutMs: 60_000 });

  it('lists the findings of each server under its name, relative to the config', async () => {
    expect((await run('--update-known-findings')).code).toBe(0);
    const text = read(dir, 'ci/known/list.yaml');
    expect(text).toContain(`server: "${bad}"`);
    expect(text).not.toContain(`server: "${good}"`);
    expect((await run()).code).toBe(0);
  }, 60_000);

  it("does not count a finding of another shard's server stale", async () => {
    const other = await run('--shard', '2/2', '-r', 'json:shard-2.json', '-r', 'blob:blobs/2');
    expect(other.code).toBe(0);
    expect(report(dir, 'shard-2.json').knownFindings).toMatchObject({ known: 0, stale: [] });
    const own = await run('--shard', '1/2', '-r', 'json:shard-1.json', '-r', 'blob:blobs/1');
    expect(own.code).toBe(0);
    expect(report(dir, 'shard-1.json').knownFindings).toMatchObject({ known: 1, stale: [] });
    // The merged run: known against the whole file, and failing without it.
    const merged = await runCli(['merge-reports', 'blobs', '--known-findings', 'ci/known/list.yaml', '-r', 'json:merged.json'], { cwd: dir });
    expect(merged.code).toBe(0);
    expect(report(dir, 'merged.json').knownFindings).toMatchObject({ file: 'ci/known/list.yaml', known: 1, stale: [] });
    expect((await runCli(['merge-reports', 'blobs', '-r', 'json:unlisted.json'], { cwd: dir })).code).toBe(1);
  }, 60_000);

  it("keeps the entries of another shard's servers on update", async () => {
    const before = read(dir, 'ci/known/list.yaml');
    expect((await run('--shard', '2/2', '--update-known-findings')).code).toBe(0);
    expect(read(dir, 'ci/known/list.yaml')).toBe(before);
  }, 60_000);
});
