/**
 * `mcpact record` and `mcpact mock` end to end (#36): real fixture servers over real stdio and Streamable HTTP on
 * 127.0.0.1, started and stopped by each test. A mock of a server, diffed against that server, shows no change; a
 * run of the static rules finds on the mock what it finds on the server; the cassette holds no secret of the
 * environment; bad input is one line and exit 2, and a failed record writes nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from '../support/cli.js';
import { httpFixture } from '../support/eras.js';

const FIXTURES = path.join(ROOT, 'dist/fixtures/servers');
const GOOD = path.join(FIXTURES, 'good.js');
const MALFORMED = path.join(FIXTURES, 'malformed.js');
const ENV_PROBE = path.join(FIXTURES, 'env-probe.js');
const ERAS = path.join(FIXTURES, 'sdk2/eras.js');

interface ReportFinding {
  ruleId: string;
  message: string;
  location: unknown;
}
const findingsOf = (stdout: string): ReportFinding[] =>
  (JSON.parse(stdout) as { servers: { findings: ReportFinding[] }[] }).servers.flatMap((server) => server.findings);

/** `mcpact mock CASSETTE --http 0`, its URL read from its first stdout line; stopped with SIGTERM by `stop`. */
async function httpMock(cassette: string): Promise<{ url: string; child: ChildProcess; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [CLI, 'mock', cassette, '--http', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`mcpact mock exited (${code}) before printing its URL`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  };
  return { url, child, stop };
}

describe('a mock of a server', () => {
  let dir: string;
  let cassette: string;
  let lockfile: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-mock-'));
    cassette = path.join(dir, 'good.cassette.json');
    lockfile = path.join(dir, 'good.lock.json');
    const recorded = await runCli(['record', '-o', cassette, '--', 'node', GOOD]);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(recorded.stdout).toMatch(/^wrote .*good\.cassette\.json \(3 tools, 2 prompts, 2 resources, 1 resourceTemplates, \d+ answers, \d+ bytes\)\n$/);
    const pinned = await runCli(['baseline', '--lockfile', lockfile, '--', 'node', GOOD]);
    expect(pinned.code, pinned.stderr).toBe(0);
  });

  it('is a cassette with its format marker and the answers of the calls the policy allows', () => {
    const text = readFileSync(cassette, 'utf8');
    expect(text.startsWith('{\n"mcpactCassette": 1,\n"recordedWith": ')).toBe(true);
    const parsed = JSON.parse(text) as { answers: { method: string }[] };
    expect(new Set(parsed.answers.map((answer) => answer.method))).toEqual(new Set(['tools/call', 'prompts/get', 'resources/read', 'completion/complete']));
  });

  it('diffed against the server over stdio, shows no change', async () => {
    const diff = await runCli(['diff', '--lockfile', lockfile, '-r', 'json', '--', process.execPath, CLI, 'mock', cassette]);
    expect(diff.code, diff.stderr).toBe(0);
    expect(findingsOf(diff.stdout)).toEqual([]);
  });

  it('diffed against the server over Streamable HTTP, shows no change; SIGTERM ends it', async () => {
    const mock = await httpMock(cassette);
    try {
      expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const diff = await runCli(['diff', '--lockfile', lockfile, '-r', 'json', '--url', mock.url]);
      expect(diff.code, diff.stderr).toBe(0);
      expect(findingsOf(diff.stdout)).toEqual([]);
    } finally {
      expect(await mock.stop()).toBe(2);
    }
  });

  it('answers over stdio what was recorded, ping, and -32601 for a method it does not know; it exits when stdin ends', async () => {
    const child = spawn(process.execPath, [CLI, 'mock', cassette], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout });
    const answers: Record<string, unknown>[] = [];
    const three = new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        answers.push(JSON.parse(line) as Record<string, unknown>);
        if (answers.length === 3) resolve();
      }),
    );
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    send({ jsonrpc: '2.0', id: 3, method: 'mcpact/no-such-method', params: {} });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await three;
      child.stdin.end();
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    expect(byId.get(1)).toMatchObject({ result: { protocolVersion: '2025-11-25', serverInfo: { name: 'good', version: '1.0.0' } } });
    expect(byId.get(2)).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(byId.get(3)).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } });
  });
});

describe('mcpact run against a mock', () => {
  it('finds what the static rules find on the server', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-mock-'));
    const cassette = path.join(dir, 'malformed.json');
    expect((await runCli(['record', '-q', '-o', cassette, '--', 'node', MALFORMED])).code).toBe(0);
    const args = ['run', '--only', 'schema,security', '-r', 'json'];
    const real = await runCli([...args, '--', 'node', MALFORMED]);
    const mocked = await runCli([...args, '--', process.execPath, CLI, 'mock', cassette]);
    const key = (finding: ReportFinding) => `${finding.ruleId} ${JSON.stringify(finding.location)} ${finding.message}`;
    const found = findingsOf(real.stdout).map(key);
    expect(found.length).toBeGreaterThan(5);
    expect(findingsOf(mocked.stdout).map(key)).toEqual(found);
    expect(mocked.code).toBe(real.code);
  });
});

describe('mcpact record', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-record-'));
  });

  it('never writes a secret of the environment into the cassette', async () => {
    const secret = 'env-secret-4c1d8e2b';
    const cassette = path.join(dir, 'env.json');
    const result = await runCli(['record', '-o', cassette, '-e', `PROBE_SECRET=${secret}`, '--', 'node', ENV_PROBE]);
    expect(result.code, result.stderr).toBe(0);
    const text = readFileSync(cassette, 'utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(Buffer.from(secret).toString('base64'));
    // env-probe sends PROBE_SECRET as its serverInfo.version.
    expect(text).toContain('"version":"[redacted]"');
  });

  it('against a server that fails to start: exit 2, one message, the old cassette untouched and no temp file', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'mcpact-record-'));
    writeFileSync(path.join(folder, 'c.json'), 'the old cassette');
    const result = await runCli(['record', '-o', path.join(folder, 'c.json'), '--', 'node', '-e', 'process.exit(3)']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: .*no cassette written\n/);
    expect(readdirSync(folder)).toEqual(['c.json']);
    expect(readFileSync(path.join(folder, 'c.json'), 'utf8')).toBe('the old cassette');
  });

  it('of a config with several servers and no --server: a usage error naming them', async () => {
    const config = path.join(dir, 'two.yaml');
    writeFileSync(
      config,
      `servers:\n  - name: one\n    transport: stdio\n    command: node\n    args: [${GOOD}]\n  - name: two\n    transport: stdio\n    command: node\n    args: [${GOOD}]\n`,
    );
    const result = await runCli(['record', '-o', path.join(dir, 'two.json'), '-c', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcpact: mcpact record records one server, and the config has 2: choose one with --server (one, two)\n');
    expect(readdirSync(dir)).not.toContain('two.json');
  });

  it('without -o: a usage error', async () => {
    const result = await runCli(['record', '--', 'node', GOOD]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("required option '-o, --output <file>' not specified");
  });

  it('of a modern-era server: recorded, and mock says in one line that it cannot serve it (exit 2)', async () => {
    const cassette = path.join(dir, 'modern.json');
    const recorded = await runCli(['record', '-o', cassette, '--', 'node', ERAS, '--era', 'modern']);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(JSON.parse(readFileSync(cassette, 'utf8'))).toMatchObject({ era: 'modern', discoverResult: { supportedVersions: ['2026-07-28'] } });
    const mock = await runCli(['mock', cassette]);
    expect(mock.code).toBe(2);
    expect(mock.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(mock.stderr).toContain('recorded in the modern era (2026-07-28, server/discover); mcpact mock serves initialize-era recordings');
  });
});

describe('mcpact mock, bad input', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-mock-bad-'));
  });

  it.each([
    [
      'another cassette format',
      '{\n"mcpactCassette": 2,\n"recordedWith": "9.0.0"\n}\n',
      'cassette format 2 (recorded by mcpact 9.0.0); this mcpact reads format 1',
    ],
    ['a truncated cassette', '{\n"mcpactCassette": 1,\n"recordedWith": "0.1.0",\n"era": "leg', 'not a complete JSON document (truncated?)'],
    ['a lockfile', '{"schemaVersion": 1}', 'not an mcpact cassette (no "mcpactCassette" marker)'],
  ])('%s: one line, exit 2', async (_what, text, message) => {
    const file = path.join(dir, 'c.json');
    writeFileSync(file, text);
    const result = await runCli(['mock', file]);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(message);
  });

  it('a cassette that does not exist, or a port that is not one: exit 2', async () => {
    expect((await runCli(['mock', path.join(dir, 'none.json')])).stderr).toBe(`mcpact: cannot read cassette ${path.join(dir, 'none.json')}: no such file\n`);
    const port = await runCli(['mock', path.join(dir, 'none.json'), '--http', '70000']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('expected a port from 0 (a free one) to 65535');
  });
});

describe('mcpact record --url', () => {
  const server = httpFixture([GOOD, '--http']);

  it('records over Streamable HTTP what it records over stdio, and no header value', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-record-'));
    const token = 'bearer-token-93f1c07e';
    const overHttp = await runCli(['record', '-q', '-o', path.join(dir, 'http.json'), '--url', server().url, '--header', `Authorization: Bearer ${token}`]);
    expect(overHttp.code, overHttp.stderr).toBe(0);
    expect((await runCli(['record', '-q', '-o', path.join(dir, 'stdio.json'), '--', 'node', GOOD])).code).toBe(0);
    const http = readFileSync(path.join(dir, 'http.json'), 'utf8');
    expect(http).not.toContain(token);
    expect(http).toBe(readFileSync(path.join(dir, 'stdio.json'), 'utf8'));
  });
});
