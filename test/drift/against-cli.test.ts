/**
 * `mcpact diff --against "<old command>" -- <new command>` (and --against-url, --url): two live servers compared
 * with no lockfile, end to end through the built CLI with the drift fixtures over real stdio, and the good fixture
 * over Streamable HTTP on 127.0.0.1. Run `npm run build` first.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shellWord } from '../../src/cli/baseline-hint.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { alive, CLI, ROOT, runCli } from '../support/cli.js';
import { spawn } from 'node:child_process';

const DRIFT = path.join(ROOT, 'dist/fixtures/drift');
const V1 = path.join(DRIFT, 'server-v1.js');
const V1_1 = path.join(DRIFT, 'server-v1-1.js');
const V2 = path.join(DRIFT, 'server-v2.js');
const GOOD = path.join(ROOT, 'dist/fixtures/servers/good.js');
const MISSING = path.join(DRIFT, 'missing.js');
const NODE = process.execPath;
/** `--against` takes one string: the old command, quoted for the split. */
const command = (...words: string[]) => words.map(shellWord).join(' ');
const temp = () => mkdtempSync(path.join(tmpdir(), 'mcpact-against-'));

interface ReportFinding {
  ruleId: string;
  severity: string;
  location: unknown;
  message: string;
  data?: { level?: string; reason?: string };
}
const findingsOf = (json: string): ReportFinding[] =>
  (JSON.parse(json) as { servers: { findings: ReportFinding[] }[] }).servers.flatMap((server) => server.findings);
const levelsOf = (findings: ReportFinding[]) => findings.map((finding) => `${finding.ruleId} ${String(finding.data?.level)}`).sort();

describe('two versions over stdio', () => {
  it('a breaking upgrade: exit 1, the same findings as baseline + diff, and nothing written', async () => {
    // The lockfile way: baseline v1, then diff v2 with that lockfile.
    const locked = temp();
    expect((await runCli(['baseline', '-q', '--', NODE, V1], { cwd: locked })).code).toBe(0);
    const viaLockfile = await runCli(['diff', '-q', '--lockfile', 'mcpact.server-v1.lock.json', '--reporter', 'json', '--', NODE, V2], { cwd: locked });
    expect(viaLockfile.code).toBe(1);

    const cwd = temp();
    const live = await runCli(['diff', '-q', '--reporter', 'json', '--against', command(NODE, V1), '--', NODE, V2], { cwd });
    expect(live.stderr).toBe('');
    expect(live.code).toBe(1);
    // prompt-invocation-broken included: the old server's prompt calls were recorded as baseline records them.
    expect(findingsOf(live.stdout)).toEqual(findingsOf(viaLockfile.stdout));
    expect(levelsOf(findingsOf(live.stdout))).toContain('drift/prompt-invocation-broken breaking');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a compatible upgrade: exit 0 under the default --fail-on, its changes reported; the mirror is breaking', async () => {
    const cwd = temp();
    const up = await runCli(['diff', '-q', '--reporter', 'json', '--against', command(NODE, V1), '--', NODE, V1_1], { cwd });
    expect(up).toMatchObject({ code: 0, stderr: '' });
    expect(levelsOf(findingsOf(up.stdout))).toEqual(['drift/tool-added compatible', 'drift/tool-input-compatible compatible']);
    const down = await runCli(['diff', '-q', '--reporter', 'json', '--against', command(NODE, V1_1), '--', NODE, V1], { cwd });
    expect(down).toMatchObject({ code: 1, stderr: '' });
    expect(levelsOf(findingsOf(down.stdout))).toEqual(['drift/tool-input-breaking breaking', 'drift/tool-removed breaking']);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('--fail-on decides as for a lockfile diff', async () => {
    const diff = (failOn: string, old: string, now: string) =>
      runCli(['diff', '-q', '--fail-on', failOn, '--against', command(NODE, old), '--', NODE, now], { cwd: temp() });
    const [strict, relaxed, one] = await Promise.all([diff('compatible', V1, V1_1), diff('tool-added', V1_1, V1), diff('tool-removed', V1_1, V1)]);
    expect([strict.code, relaxed.code, one.code]).toEqual([1, 0, 1]);
  });

  it('reads no lockfile: a broken one by the zero-config name is left alone, and no hint to pin one', async () => {
    const cwd = temp();
    const lockfile = path.join(cwd, 'mcpact.server-v1.lock.json');
    writeFileSync(lockfile, 'not a lockfile\n');
    const result = await runCli(['diff', '--against', command(NODE, V1), '--', NODE, V1_1], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('compatible tool "get_alerts" was added');
    expect(result.stdout).not.toContain('mcpact baseline');
    expect(readdirSync(cwd)).toEqual(['mcpact.server-v1.lock.json']);
    expect(readFileSync(lockfile, 'utf8')).toBe('not a lockfile\n');
  });

  it('captures both side by side: an old server that answers only once the new one runs is compared', async () => {
    const dir = temp();
    const started = path.join(dir, 'new-started');
    // Captured one after the other, the old server would never answer (connect timeout: exit 2).
    const result = await runCli(
      ['diff', '-q', '--connect-timeout', '8000', '--against', command(NODE, V1, '--wait-for', started), '--', NODE, V1_1, '--touch', started],
      { cwd: temp() },
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
  });

  it('-e reaches both servers, and its value no output', async () => {
    // The fixture appends DRIFT_SECRET to its instructions: given to one side only, they would differ (risky, exit 1).
    const secret = 'h36-secret-value-7c1';
    const result = await runCli(['diff', '--reporter', 'json', '--verbose', '-e', `DRIFT_SECRET=${secret}`, '--against', command(NODE, V1), '--', NODE, V1], {
      cwd: temp(),
    });
    expect(result.code).toBe(0);
    expect(findingsOf(result.stdout)).toEqual([]);
    expect(result.stdout + result.stderr).not.toContain(secret);
  });

  it('every reporter works', async () => {
    const cwd = temp();
    const out = temp();
    const reporters = ['console', 'json', 'junit', 'sarif', 'markdown', 'github', 'html'].map((name) => `${name}:${path.join(out, `report.${name}`)}`);
    const result = await runCli(['diff', '-q', ...reporters.flatMap((spec) => ['--reporter', spec]), '--against', command(NODE, V1_1), '--', NODE, V1], {
      cwd,
    });
    expect(result.code).toBe(1);
    for (const name of ['console', 'json', 'junit', 'sarif', 'markdown', 'github', 'html']) {
      expect(readFileSync(path.join(out, `report.${name}`), 'utf8'), name).toMatch(/get\\?_alerts/);
    }
    expect(JSON.parse(readFileSync(path.join(out, 'report.sarif'), 'utf8')).runs[0].results.map((result: { ruleId: string }) => result.ruleId)).toContain(
      'drift/tool-removed',
    );
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe('over Streamable HTTP', () => {
  let host: HttpHost;
  beforeAll(async () => {
    host = await startHttpServer(createGoodServer);
  });
  afterAll(() => host.close());

  it('--against-url with a command, and --against with --url: the same server either way is no change', async () => {
    const cwd = temp();
    const [byUrl, toUrl, both] = await Promise.all([
      runCli(['diff', '-q', '--reporter', 'json', '--against-url', host.url, '--', NODE, GOOD], { cwd }),
      runCli(['diff', '-q', '--reporter', 'json', '--against', command(NODE, GOOD), '--url', host.url], { cwd }),
      runCli(['diff', '-q', '--reporter', 'json', '--against-url', host.url, '--url', host.url], { cwd }),
    ]);
    for (const result of [byUrl, toUrl, both]) {
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(findingsOf(result.stdout)).toEqual([]);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('another server under another name: compared, with a note on the names rather than a refusal', async () => {
    const result = await runCli(['diff', '--reporter', 'json', '--against-url', host.url, '--', NODE, V1], { cwd: temp() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'mcpact: the old server (--against-url) is named "good" and the new one "drift-fixture" (serverInfo.name): compared as two versions of one server\n',
    );
    expect(result.stderr).not.toContain('lockfile');
    const findings = findingsOf(result.stdout);
    expect(findings.find((finding) => finding.ruleId === 'drift/tool-removed' && finding.message.includes('add_numbers'))?.data?.level).toBe('breaking');
    expect(findings.find((finding) => finding.ruleId === 'drift/tool-added' && finding.message.includes('legacy_lookup'))).toBeDefined();
  });
});

describe('bad input: exit 2 and one line', () => {
  it.each([
    [
      'an unclosed quote',
      ['--against', `node 'x`, '--', NODE, V1],
      `mcpact: --against: cannot read "node 'x" as a command: a single quote at character 6 is never closed`,
    ],
    ['an empty command', ['--against', '', '--', NODE, V1], 'mcpact: --against: cannot read "" as a command: it is empty'],
    ['a shell operator', ['--against', 'cd x && node y', '--', NODE, V1], 'mcpact: --against: cannot read "cd x && node y" as a command: "&" at character 6'],
    ['no new server', ['--against', command(NODE, V1)], 'mcpact: --against needs the new server too: -- <command> or --url <url>'],
    ['both old servers', ['--against', 'node x', '--against-url', 'http://127.0.0.1:1/mcp', '--', NODE, V1], 'mcpact: give either --against'],
    [
      'a lockfile too',
      ['--against', 'node x', '--lockfile', 'x.json', '--', NODE, V1],
      'mcpact: --against compares with a live server, --lockfile with a lockfile',
    ],
    ['a config', ['--against', 'node x', '-c', 'mcpact.yaml'], 'mcpact: --against compares two servers of the command line'],
    ['--header without a URL', ['--header', 'A: b', '--against', 'node x', '--', NODE, V1], 'mcpact: --header only applies with --url or --against-url'],
    [
      '-e without a command',
      ['-e', 'A=b', '--against-url', 'http://127.0.0.1:1/mcp', '--url', 'http://127.0.0.1:1/mcp'],
      'mcpact: -e/--env and --env-file give variables to stdio servers',
    ],
    [
      'a URL that is not one',
      ['--against-url', 'localhost:3000', '--', NODE, V1],
      'mcpact: --against-url must be an http:// or https:// URL, got "localhost:3000"',
    ],
  ])('%s', { concurrent: true }, async (_name, args, line) => {
    const cwd = temp();
    const result = await runCli(['diff', ...args], { cwd });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(line), result.stderr).toBe(true);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it.each([
    [
      'the old command is not found',
      ['--against', 'no-such-server-h36', '--', NODE, V1],
      'mcpact: the old server (--against): cannot start server: command not found: no-such-server-h36',
    ],
    [
      'the new command is not found',
      ['--against', command(NODE, V1), '--', 'no-such-server-h36'],
      'mcpact: the new server (-- <command>): cannot start server: command not found: no-such-server-h36',
    ],
    [
      'the old server exits at start',
      ['--against', command(NODE, MISSING), '--', NODE, V1],
      'mcpact: the old server (--against): server closed the connection',
    ],
    [
      'the new server exits at start',
      ['--against', command(NODE, V1), '--', NODE, MISSING],
      'mcpact: the new server (-- <command>): server closed the connection',
    ],
    ['the old URL refuses', ['--against-url', 'http://127.0.0.1:1/mcp', '--', NODE, V1], 'mcpact: the old server (--against-url): '],
    ['the new URL refuses', ['--against', command(NODE, V1), '--url', 'http://127.0.0.1:1/mcp'], 'mcpact: the new server (--url): '],
    [
      'the old capture is incomplete',
      ['--against', command(NODE, V1, '--fail', 'tools/list'), '--', NODE, V1],
      'mcpact: the old server (--against): capture incomplete, nothing compared: tools/list failed',
    ],
  ])('%s: the failing side named, exit 2, no report', { concurrent: true }, async (_name, args, line) => {
    const cwd = temp();
    const result = await runCli(['diff', ...args], { cwd });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(line), result.stderr).toBe(true);
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe.skipIf(process.platform !== 'linux')('both servers are always stopped', { timeout: 30_000 }, () => {
  let pidFile: string | undefined;
  afterEach(() => {
    for (const pid of pidsIn(pidFile)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  });

  /** A server that never answers (it waits for a file nobody creates), recording its pid. */
  const stuck = (dir: string, script: string) => [NODE, script, '--wait-for', path.join(dir, 'never'), '--pid-file', path.join(dir, 'pids')];

  it('the new server failing stops the old one at once, without waiting for its connect timeout', async () => {
    const dir = temp();
    pidFile = path.join(dir, 'pids');
    const started = performance.now();
    const result = await runCli(['diff', '--connect-timeout', '20000', '--against', command(...stuck(dir, V1)), '--', NODE, MISSING], {
      cwd: dir,
      timeoutMs: 15_000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: the new server \(-- <command>\): /);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await anyAlive(pidsIn(pidFile))).toBe(false);
    expect(pidsIn(pidFile)).toHaveLength(1);
  });

  it('the old server failing stops the new one', async () => {
    const dir = temp();
    pidFile = path.join(dir, 'pids');
    const result = await runCli(['diff', '--connect-timeout', '20000', '--against', command(NODE, MISSING), '--', ...stuck(dir, V1)], {
      cwd: dir,
      timeoutMs: 15_000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: the old server \(--against\): /);
    expect(pidsIn(pidFile)).toHaveLength(1);
    expect(await anyAlive(pidsIn(pidFile))).toBe(false);
  });

  it('SIGINT stops both, writes the report marked incomplete, exit 2', async () => {
    const dir = temp();
    pidFile = path.join(dir, 'pids');
    const child = spawn(
      NODE,
      [
        CLI,
        'diff',
        '--connect-timeout',
        '20000',
        '--reporter',
        `json:${path.join(dir, 'report.json')}`,
        '--against',
        command(...stuck(dir, V1)),
        '--',
        ...stuck(dir, V1_1),
      ],
      { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const done = new Promise<number | null>((resolve) => child.on('close', resolve));
    while (pidsIn(pidFile).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGINT');
    expect(await done).toBe(2);
    expect(stderr).toContain('mcpact: SIGINT: stopping the servers');
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8'));
    expect(report.complete).toBe(false);
    expect(report.servers[0].error).toContain('interrupted by SIGINT');
    expect(await anyAlive(pidsIn(pidFile))).toBe(false);
  });
});

function pidsIn(file: string | undefined): number[] {
  try {
    return file === undefined ? [] : readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function anyAlive(pids: number[]): Promise<boolean> {
  for (const pid of pids) if (await alive(pid)) return true;
  return false;
}
