/**
 * The library, `import { run } from 'mcpact'` (docs/stability.md#library), against real fixture servers: over
 * stdio and over Streamable HTTP on 127.0.0.1, from a config, the same report as `mcpact run -r json`, bad input as
 * a rejection with the CLI's exit code, and the calling process left as it was: no output, no signal handler, no
 * child, no exit. The import is the package's own name, resolved to the build as a user's would be.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCode, run, type RunOptions } from 'mcpact';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer } from '../../fixtures/servers/http-host.js';
import { startSseServer } from '../../fixtures/servers/sse-host.js';
import { alive, ROOT, runCli } from '../support/cli.js';

const GOOD = 'dist/fixtures/servers/good.js';
const ENV_PROBE = path.join(ROOT, 'dist/fixtures/servers/env-probe.js');
const FROM_FILES = path.join(ROOT, 'dist/fixtures/servers/from-files.js');
const ECHO_TOOL = [{ name: 'echo', description: 'Echo the text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }];

/** A report without what differs between two runs of one server: how long each part took. */
function timeless(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(timeless);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (key === 'durationMs' ? [] : [[key, timeless(item)]])));
}

/** A folder with a config of two servers; `files` reads its tools from tools.json and logs its pid. */
function configured(tools: unknown): { config: string; pids: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-library-'));
  const pids = path.join(dir, 'pids');
  writeFileSync(path.join(dir, 'tools.json'), JSON.stringify(tools));
  const server = (name: string, args: string[], env: Record<string, string> = {}) =>
    `  - name: ${name}\n    transport: stdio\n    command: node\n    args: ${JSON.stringify(args)}\n    env: ${JSON.stringify(env)}\n`;
  const config = path.join(dir, 'mcpact.yaml');
  writeFileSync(config, `servers:\n${server('files', [FROM_FILES], { PID_LOG: pids })}${server('good', [path.join(ROOT, GOOD)])}`);
  return { config, pids };
}

/** The pids the server logged, one per start (none before its first). */
const loggedPids = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : []);

describe('run() over both transports', () => {
  it('resolves to the report `mcpact run -r json` writes, and exitCode() gives the exit code the CLI gave', async () => {
    const cli = await runCli(['run', '-r', 'json', '--only', 'protocol,tools', '--fail-on', 'info', '--', 'node', GOOD]);
    const report = await run({ server: { command: 'node', args: [GOOD] }, only: ['protocol', 'tools'], failOn: 'info' });
    expect(report.failOn).toBe('info');
    expect(report.servers.map((server) => server.transport)).toEqual(['stdio']);
    expect(timeless(report)).toEqual(timeless(JSON.parse(cli.stdout)));
    expect(exitCode(report)).toBe(cli.code);
  });

  it('tests a Streamable HTTP server on 127.0.0.1, its headers given as an object', async () => {
    const host = await startHttpServer(createGoodServer);
    try {
      const report = await run({ server: { url: host.url, headers: { 'X-Trace': 'library' } }, only: ['protocol', 'http'] });
      expect(report.complete).toBe(true);
      expect(report.servers.map((server) => [server.transport, server.serverInfo?.name])).toEqual([['http', 'good']]);
      expect(report.servers[0]!.rules.filter((rule) => rule.family === 'http' && rule.status === 'pass').length).toBeGreaterThan(0);
      expect(exitCode(report)).toBe(0);
    } finally {
      await host.close();
    }
  });

  it('tests a legacy HTTP+SSE server, by the fallback or by its transport named', async () => {
    const host = await startSseServer(createGoodServer);
    try {
      for (const server of [{ url: host.url }, { url: host.url, transport: 'sse' as const }]) {
        const report = await run({ server, only: ['protocol'] });
        expect(report.servers.map((entry) => [entry.transport, entry.complete, entry.findings.length])).toEqual([['sse', true, 0]]);
      }
      const strict = await run({ server: { url: host.url, transport: 'http' }, only: ['protocol'] });
      expect(strict.servers[0]).toMatchObject({ transport: 'http', complete: false });
    } finally {
      await host.close();
    }
  });

  it("gives a stdio server its env, and redacts the values from the report as the CLI's -e does", async () => {
    const report = await run({ server: { command: 'node', args: [ENV_PROBE], env: { PROBE_SECRET: 'library-secret-value' } }, only: ['protocol'] });
    // env-probe answers with PROBE_SECRET as its version: the server got it, and the report does not show it.
    expect(report.servers[0]!.serverInfo?.version).toBe('[redacted]');
    expect(JSON.stringify(report)).not.toContain('library-secret-value');
  });
});

describe('run() from a config', () => {
  it('runs the one server serverName picks, and leaves no child behind once it resolves', async () => {
    const { config, pids } = configured(ECHO_TOOL);
    const report = await run({ config, serverName: 'files', only: ['protocol', 'tools'] });
    expect(report.servers.map((server) => [server.name, server.complete])).toEqual([['files', true]]);
    const started = loggedPids(pids);
    expect(started.length).toBeGreaterThan(0);
    for (const pid of started) expect(await alive(pid)).toBe(false);
  });

  it('stops the servers when its signal is aborted: an incomplete report, exit code 2, no child left', async () => {
    const { config, pids } = configured('hang');
    const controller = new AbortController();
    const running = run({ config, serverName: 'files', signal: controller.signal, connectTimeout: 60_000 });
    // Aborted once the server is up (it logs its pid first thing) and hanging on initialize.
    for (const until = Date.now() + 15_000; loggedPids(pids).length === 0 && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const report = await running;
    expect(report.complete).toBe(false);
    expect(report.servers[0]!.error).toMatch(/interrupted/);
    expect(exitCode(report)).toBe(2);
    for (const pid of loggedPids(pids)) expect(await alive(pid)).toBe(false);
  });
});

describe('run() on bad input', () => {
  const { config } = configured(ECHO_TOOL);
  it.each<[string, unknown, RegExp]>([
    ['an unknown family', { server: { command: 'node', args: [GOOD] }, only: ['nope'] }, /^run\(\): only\.0: /],
    ['an option it does not have', { server: { command: 'node', args: [GOOD] }, reporter: 'json' }, /^run\(\): .*reporter/],
    ['a timeout of 0 ms', { server: { command: 'node', args: [GOOD] }, runTimeout: 0 }, /^run\(\): runTimeout: /],
    ['both config and server', { config, server: { command: 'node', args: [GOOD] } }, /^run\(\): give either config or server, not both$/],
    ['serverName with a server', { server: { url: 'http://127.0.0.1:1/mcp' }, serverName: 'files' }, /^run\(\): serverName picks a server of the config/],
    ['a server that is neither stdio nor http', { server: { command: 'node', url: 'http://127.0.0.1:1/mcp' } }, /^run\(\): server: /],
    ['a transport that is not http or sse', { server: { url: 'http://127.0.0.1:1/mcp', transport: 'ws' } }, /^run\(\): server: /],
    ['a config that does not exist', { config: path.join(tmpdir(), 'mcpact-library-none', 'mcpact.yaml') }, /mcpact\.yaml/],
    ['a server name the config lacks', { config, serverName: 'fils' }, /no server named "fils".*did you mean "files"/],
  ])('%s: rejects with an Error whose exitCode is 2, and the process goes on', async (_name, options, message) => {
    // Options as a plain JavaScript caller may pass them, unchecked by the compiler.
    const rejection: unknown = await run(options as RunOptions).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(rejection).toBeInstanceOf(Error);
    expect(rejection).toMatchObject({ exitCode: 2, message: expect.stringMatching(message) });
  });
});

describe('the calling process', () => {
  it('may run two at once: each gets its own servers, and neither stops the other', async () => {
    const reports = await Promise.all([
      run({ server: { command: 'node', args: [GOOD] }, only: ['protocol'] }),
      run({ server: { command: 'node', args: [ENV_PROBE] }, only: ['protocol'] }),
    ]);
    expect(reports.map((report) => [report.servers[0]!.serverInfo?.name, report.complete])).toEqual([
      ['good', true],
      ['env-probe', true],
    ]);
  });

  it('hears nothing from run(): no output, no signal handler, no exit code, nothing left to keep it running', async () => {
    const script = `
      import { exitCode, run } from 'mcpact';
      const listeners = () => ['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => process.listenerCount(signal));
      const before = listeners();
      const report = await run({ server: { command: 'node', args: [${JSON.stringify(GOOD)}] }, only: ['protocol'] });
      const rejected = await run({ only: ['nope'] }).catch((error) => error.exitCode);
      console.log(JSON.stringify({ code: exitCode(report), rejected, before, after: listeners(), exitCode: process.exitCode ?? null }));
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // The process ends by itself once the script is done: run() left no server, socket or timer holding it.
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toEqual({ code: 0, rejected: 2, before: [0, 0, 0], after: [0, 0, 0], exitCode: null });
  });
});

describe('the docs', () => {
  it('docs/stability.md shows test/api/example.test.ts exactly, so its example is a test that runs', () => {
    const example = readFileSync(path.join(ROOT, 'test/api/example.test.ts'), 'utf8');
    expect(readFileSync(path.join(ROOT, 'docs/stability.md'), 'utf8')).toContain('```ts\n' + example + '```\n');
  });
});
