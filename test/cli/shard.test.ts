/**
 * Sharding over a CI matrix: `--shard K/N` splits the config's servers, `--reporter blob:DIR` writes each shard's
 * result, `mcpact merge-reports` joins them into the reports of one run, with the checks across servers. Against
 * real fixture servers over stdio: three shards merged give the findings and exit code of one run.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseShard, shardOf } from '../../src/cli/shard.js';
import { ROOT, runCli, type CliResult } from '../support/cli.js';

const FIXTURES = path.join(ROOT, 'dist/fixtures/servers');
const SECRET = 'sk-shard-0123456789abcdef';

/**
 * Six servers, named so that every shard of three has some: crm and tickets (collisions.js) share a tool name and
 * tickets' instructions name a tool of crm, across shards 1 and 2; good and good-copy share every tool, across
 * shards 3 and 2; env-probe echoes a secret from its environment (shard 1).
 */
function config(): string {
  const server = (name: string, file: string, ...args: string[]) => [
    `  - name: ${name}`,
    '    transport: stdio',
    '    command: node',
    `    args: ${JSON.stringify([path.join(FIXTURES, file), ...args])}`,
  ];
  return [
    'servers:',
    ...server('crm', 'collisions.js', 'crm'),
    ...server('tickets', 'collisions.js', 'helpdesk'),
    ...server('good', 'good.js'),
    ...server('good-copy', 'good.js'),
    ...server('prompts-lax', 'prompts-lax.js'),
    ...server('env-probe', 'env-probe.js'),
    '    env:',
    '      PROBE_SECRET: ${MY_PROBE_SECRET}',
    '',
  ].join('\n');
}

/** A report without what differs between any two runs: how long things took. */
function comparable(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'), (key, value: unknown) => (key === 'durationMs' ? 0 : value));
}

describe('--shard K/N', () => {
  it('accepts K/N with 1 <= K <= N and names the flag otherwise', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, total: 3 });
    for (const bad of ['0/3', '4/3', '3', 'a/b', '1/0', '1/1001']) expect(() => parseShard(bad)).toThrow(/--shard: expected K\/N/);
  });

  it('keeps every server in its shard when servers are added', () => {
    const names = Array.from({ length: 200 }, (_, index) => `server-${index}`);
    const before = new Map(names.map((name) => [name, shardOf(name, 5)]));
    const added = [...names, ...Array.from({ length: 50 }, (_, index) => `new-${index}`)];
    for (const name of added.slice(0, 200)) expect(shardOf(name, 5)).toBe(before.get(name));
  });

  it('spreads names evenly: 2,000 servers over 4 shards are each within 10% of 500', () => {
    const counts = [0, 0, 0, 0];
    for (let index = 0; index < 2000; index++) counts[shardOf(`org/server-${index}`, 4) - 1]!++;
    for (const count of counts) expect(Math.abs(count - 500)).toBeLessThan(50);
  });
});

describe('three shards merged against one run', () => {
  let dir: string;
  let single: CliResult;
  let shards: CliResult[];
  let merged: CliResult;
  const env = { MY_PROBE_SECRET: SECRET };
  const run = (...args: string[]) => runCli(['run', '--skip', 'protocol,stdio', ...args], { cwd: dir, env, timeoutMs: 60_000 });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-shard-'));
    writeFileSync(path.join(dir, 'mcpact.yaml'), config());
    let started = performance.now();
    single = await run('-r', 'json:single.json', '-r', 'sarif:single.sarif', '-q');
    const singleMs = performance.now() - started;
    started = performance.now();
    shards = await Promise.all([1, 2, 3].map((k) => run('--shard', `${k}/3`, '-r', `blob:blobs/shard-${k}`, '-r', `json:shard-${k}.json`, '-q')));
    const shardsMs = performance.now() - started;
    started = performance.now();
    merged = await runCli(['merge-reports', 'blobs', '-r', 'json:merged.json', '-r', 'sarif:merged.sarif', '-r', 'console'], { cwd: dir });
    const mergeMs = performance.now() - started;
    // The timings the issue asks for: one run of every server against three shards (here side by side on one
    // machine; on a CI matrix each has its own, so the longest shard's own duration is what the matrix waits for).
    const own = [1, 2, 3].map((k) => (JSON.parse(readFileSync(path.join(dir, `shard-${k}.json`), 'utf8')) as { durationMs: number }).durationMs);
    console.log(
      `shard timings: one run ${Math.round(singleMs)} ms; 3 shards side by side ${Math.round(shardsMs)} ms (each shard's own run: ${own.join(', ')} ms) + merge ${Math.round(mergeMs)} ms`,
    );
  }, 120_000);

  it('splits the servers: each shard runs its own, none twice, none left out', () => {
    // Shard 1 has crm's findings at error; the others only warnings (their exit codes are their own servers').
    expect(shards.map((shard) => shard.code)).toEqual([1, 0, 0]);
    const names = [1, 2, 3].map((k) =>
      (JSON.parse(readFileSync(path.join(dir, `shard-${k}.json`), 'utf8')) as { servers: { name: string }[] }).servers.map((server) => server.name),
    );
    expect(names.flat().sort()).toEqual(['crm', 'env-probe', 'good', 'good-copy', 'prompts-lax', 'tickets']);
    for (const shard of names) expect(shard.length).toBeGreaterThan(0);
    expect(names[0]).toEqual(expect.arrayContaining(['crm']));
    expect(names[1]).toEqual(expect.arrayContaining(['tickets', 'good-copy']));
  });

  it('leaves the checks across servers out of the shards', () => {
    for (const k of [1, 2, 3]) {
      const report = JSON.parse(readFileSync(path.join(dir, `shard-${k}.json`), 'utf8')) as { servers: { findings: { message: string }[] }[] };
      expect(
        report.servers.flatMap((server) => server.findings).filter((finding) => / also declared by server | a tool of server /.test(finding.message)),
      ).toEqual([]);
    }
  });

  it('gives the findings, the reports and the exit code of one run', () => {
    expect(single.code).toBe(1);
    expect(merged.code).toBe(single.code);
    expect(merged.stderr).toBe('');
    expect(comparable(path.join(dir, 'merged.json'))).toEqual(comparable(path.join(dir, 'single.json')));
    expect(comparable(path.join(dir, 'merged.sarif'))).toEqual(comparable(path.join(dir, 'single.sarif')));
    const report = JSON.parse(readFileSync(path.join(dir, 'merged.json'), 'utf8')) as {
      servers: { name: string; findings: { ruleId: string; message: string }[] }[];
    };
    const across = report.servers.flatMap((server) =>
      server.findings.filter((finding) => / also declared by server /.test(finding.message)).map(() => server.name),
    );
    expect(across.sort()).toEqual(['crm', 'good', 'good-copy', 'tickets']);
    expect(merged.stdout).toMatch(/FAILED 6 servers/);
  });

  it('redacts secrets in the blobs as in every report', () => {
    const blob = readFileSync(path.join(dir, 'blobs/shard-1/mcpact-blob-1-of-3.json'), 'utf8');
    expect(blob).toContain('env-probe');
    expect(blob).not.toContain(SECRET);
    expect(blob).toContain('[redacted]');
  });

  it('is an incomplete run (exit 2) when a shard is missing, and says which', async () => {
    const result = await runCli(['merge-reports', 'blobs/shard-1', 'blobs/shard-3', '-r', 'json:partial.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcpact: shard 2/3 is missing: its servers were not tested (the run is incomplete)\n');
    expect(JSON.parse(readFileSync(path.join(dir, 'partial.json'), 'utf8')).complete).toBe(false);
  });

  it('refuses blobs it cannot join with one message and exit 2', async () => {
    const blobFile = path.join(dir, 'blobs/shard-2/mcpact-blob-2-of-3.json');
    const text = readFileSync(blobFile, 'utf8');
    const cases: [string, string, RegExp][] = [
      ['truncated', text.slice(0, 100), /cannot read blob .*mcpact-blob-2-of-3\.json: not valid JSON/],
      ['other version', text.replace(/"version":"[^"]*"/, '"version":"0.0.0-other"'), /was written by mcpact 0\.0\.0-other; this is mcpact /],
      ['other format', text.replace('"blobVersion":1', '"blobVersion":7'), /is a blob of format 7; this mcpact reads format 1/],
      ['other split', text.replace('"total":3', '"total":4'), /merge the shards of one split|not a valid blob/],
    ];
    for (const [label, content, message] of cases) {
      const other = mkdtempSync(path.join(tmpdir(), 'mcpact-blob-'));
      writeFileSync(path.join(other, 'mcpact-blob-2-of-3.json'), content);
      const result = await runCli(['merge-reports', 'blobs/shard-1', other, 'blobs/shard-3'], { cwd: dir });
      expect(result.code, label).toBe(2);
      expect(result.stderr, label).toMatch(message);
      expect(result.stderr.trim().split('\n'), label).toHaveLength(1);
    }
    const copy = mkdtempSync(path.join(tmpdir(), 'mcpact-blob-'));
    writeFileSync(path.join(copy, 'mcpact-blob-2-of-3.json'), text);
    const twice = await runCli(['merge-reports', 'blobs', copy], { cwd: dir });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/merge-reports: .* and .* are both shard 2\/3\n$/);
    const empty = await runCli(['merge-reports', mkdtempSync(path.join(tmpdir(), 'mcpact-empty-'))], { cwd: dir });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/merge-reports: no blob in /);
  });

  it('rejects --shard with a zero-config server, and blob outside run', async () => {
    const zero = await runCli(['run', '--shard', '1/2', '--', 'node', path.join(FIXTURES, 'good.js')]);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/--shard splits the servers of a config/);
    const diff = await runCli(['diff', '-r', 'blob:x', '--', 'node', path.join(FIXTURES, 'good.js')]);
    expect(diff.code).toBe(2);
    expect(diff.stderr).toMatch(/reporter "blob" is for mcpact run/);
  });
});

describe('a hostile server in a blob', () => {
  it('keeps a 10,000-level schema to a depth JSON can hold, and the merge still checks across servers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-shard-'));
    const hostile = path.join(ROOT, 'dist/fixtures/hostile/stdio.js');
    const entry = (name: string) => [`  - name: ${name}`, '    transport: stdio', '    command: node', `    args: [${JSON.stringify(hostile)}, deep-schema]`];
    writeFileSync(path.join(dir, 'mcpact.yaml'), ['servers:', ...entry('deep'), ...entry('deep-copy'), ''].join('\n'));
    const shard = await runCli(['run', '--shard', '1/1', '--only', 'schema,security', '-r', 'blob:blobs', '-q'], { cwd: dir });
    expect(shard.code).toBe(1);
    const merged = await runCli(['merge-reports', 'blobs', '-r', 'json:merged.json'], { cwd: dir });
    expect(merged.stderr).toBe('');
    const report = JSON.parse(readFileSync(path.join(dir, 'merged.json'), 'utf8')) as { servers: { findings: { ruleId: string; message: string }[] }[] };
    for (const server of report.servers) {
      expect(server.findings.some((finding) => finding.ruleId === 'security/tool-shadowing' && / also declared by server /.test(finding.message))).toBe(true);
    }
  }, 60_000);
});
