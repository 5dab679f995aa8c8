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
const TWIN2 = path.join(FIXTURES, 'sdk2/twin.js');

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
});

/** Requests to a stdio mock, one per line, and their answers by id once `count` have come; stdin then ends. */
async function overStdio(cassette: string, messages: Record<string, unknown>[]): Promise<{ byId: Map<unknown, Record<string, unknown>>; code: number | null }> {
  const child = spawn(process.execPath, [CLI, 'mock', cassette], { stdio: ['pipe', 'pipe', 'pipe'] });
  const answers: Record<string, unknown>[] = [];
  const all = new Promise<void>((resolve) =>
    createInterface({ input: child.stdout }).on('line', (line) => {
      answers.push(JSON.parse(line) as Record<string, unknown>);
      if (answers.length === messages.length) resolve();
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
    await all;
    child.stdin.end();
    return { byId: new Map(answers.map((answer) => [answer.id, answer])), code: await exited };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('a mock of a 2026-07-28 server', () => {
  const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const request = (id: number, method: string, params: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: envelope },
  });
  let dir: string;
  let cassette: string;
  let lockfile: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-mock-modern-'));
    cassette = path.join(dir, 'modern.cassette.json');
    lockfile = path.join(dir, 'modern.lock.json');
    const recorded = await runCli(['record', '-q', '-o', cassette, '--', 'node', ERAS, '--era', 'modern']);
    expect(recorded.code, recorded.stderr).toBe(0);
    const pinned = await runCli(['baseline', '--lockfile', lockfile, '--', 'node', ERAS, '--era', 'modern']);
    expect(pinned.code, pinned.stderr).toBe(0);
  });

  it('is recorded whole: the server/discover result and the caching hints of each page', () => {
    expect(JSON.parse(readFileSync(cassette, 'utf8'))).toMatchObject({
      era: 'modern',
      discoverResult: { supportedVersions: ['2026-07-28'], ttlMs: 60000, cacheScope: 'public' },
      lists: { tools: { pages: 1, pageFields: [{ resultType: 'complete', ttlMs: 60000, cacheScope: 'public' }] } },
    });
  });

  it('diffed against the server over stdio, shows no change', async () => {
    const diff = await runCli(['diff', '--lockfile', lockfile, '-r', 'json', '--', process.execPath, CLI, 'mock', cassette]);
    expect(diff.code, diff.stderr).toBe(0);
    expect(JSON.parse(diff.stdout)).toMatchObject({ servers: [{ protocolVersion: '2026-07-28', era: 'modern' }] });
    expect(findingsOf(diff.stdout)).toEqual([]);
  });

  it('diffed against the server over Streamable HTTP, shows no change; SIGTERM ends it', async () => {
    const mock = await httpMock(cassette);
    try {
      expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const diff = await runCli(['diff', '--lockfile', lockfile, '-r', 'json', '--url', mock.url]);
      expect(diff.code, diff.stderr).toBe(0);
      expect(JSON.parse(diff.stdout)).toMatchObject({ servers: [{ protocolVersion: '2026-07-28', era: 'modern' }] });
      expect(findingsOf(diff.stdout)).toEqual([]);
    } finally {
      expect(await mock.stop()).toBe(2);
    }
  });

  it('answers over stdio what was recorded, and anything else with the error 2026-07-28 prescribes; it exits when stdin ends', async () => {
    const recorded = JSON.parse(readFileSync(cassette, 'utf8')) as { discoverResult: unknown; answers: { method: string; params: unknown; result: unknown }[] };
    const echo = recorded.answers.find((answer) => answer.method === 'tools/call' && (answer.params as { name: string }).name === 'echo')!;
    const { byId, code } = await overStdio(cassette, [
      request(1, 'server/discover'),
      request(2, 'tools/call', echo.params as Record<string, unknown>),
      request(3, 'tools/list'),
      request(4, 'tools/call', { name: 'zzz', arguments: {} }),
      request(5, 'prompts/get', { name: 'nope', arguments: {} }),
      request(6, 'resources/read', { uri: 'docs://guide/nowhere' }),
      request(7, 'mcpact/no-such-method'),
      request(8, 'ping'),
      { jsonrpc: '2.0', id: 9, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
    ]);
    expect(code).toBe(0);
    expect(byId.get(1)).toEqual({ jsonrpc: '2.0', id: 1, result: recorded.discoverResult });
    expect(byId.get(2)).toEqual({ jsonrpc: '2.0', id: 2, result: echo.result });
    expect(byId.get(3)).toMatchObject({
      result: { resultType: 'complete', ttlMs: 60000, cacheScope: 'public', tools: [{ name: 'echo' }, { name: 'add' }, { name: 'forecast' }] },
    });
    // server/tools#error-handling: { "code": -32602, "message": "Unknown tool: invalid_tool_name" }.
    expect(byId.get(4)).toMatchObject({ error: { code: -32602, message: 'Unknown tool: zzz' } });
    // server/prompts#error-handling: "Invalid prompt name: `-32602` (Invalid params)".
    expect(byId.get(5)).toMatchObject({ error: { code: -32602, message: 'Invalid prompt name: nope' } });
    // server/resources#error-handling (2026-07-28): "servers **MUST** return a JSON-RPC error with code `-32602`".
    expect(byId.get(6)).toMatchObject({ error: { code: -32602, message: 'Resource not found', data: { uri: 'docs://guide/nowhere' } } });
    expect(byId.get(7)).toMatchObject({ error: { code: -32601, message: 'Method not found' } });
    // ping is gone in 2026-07-28 (changelog, major change 5).
    expect(byId.get(8)).toMatchObject({ error: { code: -32601 } });
    // No handshake: UnsupportedProtocolVersionError, naming the version the recording speaks.
    expect(byId.get(9)).toMatchObject({ error: { code: -32022, data: { supported: ['2026-07-28'] } } });
  });

  it('mcpact run --only schema,security finds on the mock what it finds on the server', async () => {
    const server = ['node', TWIN2, '--defect', 'hidden-instruction,mime-type-invalid'];
    const twin = path.join(dir, 'twin.cassette.json');
    expect((await runCli(['record', '-q', '-o', twin, '--', ...server])).code).toBe(0);
    expect(JSON.parse(readFileSync(twin, 'utf8'))).toMatchObject({ era: 'modern' });
    const args = ['run', '--only', 'schema,security', '-r', 'json'];
    const real = await runCli([...args, '--', ...server]);
    const mocked = await runCli([...args, '--', process.execPath, CLI, 'mock', twin]);
    const key = (finding: ReportFinding) => `${finding.ruleId} ${JSON.stringify(finding.location)} ${finding.message}`;
    const found = findingsOf(real.stdout).map(key);
    expect(found.map((finding) => finding.split('/')[0])).toEqual(expect.arrayContaining(['schema', 'security']));
    expect(findingsOf(mocked.stdout).map(key)).toEqual(found);
    expect(mocked.code).toBe(real.code);
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
