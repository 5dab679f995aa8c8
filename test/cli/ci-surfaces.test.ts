/**
 * Where users meet mcpact in terminals and CI logs (#17): a reader that goes away (`| head -1`), progress on
 * stderr when stdout is not the console, the github reporter next to the console, colour under GitHub Actions,
 * one error prefix, and SARIF locations for a zero-config run, a file of its own or a pseudo-path.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorEnabled } from '../../src/cli/color.js';
import { PSEUDO_SERVER_DIR } from '../../src/report/reporters/sarif.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpDefect } from '../../fixtures/servers/http-defects.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { codeScanningProblems, sarifSchemaErrors } from '../support/ci-validators.js';
import { CLI, ROOT, runCli } from '../support/cli.js';

const EXAMPLE = ['run', '-c', 'examples/mcpact.yaml'];
const ENV_PROBE = path.join(ROOT, 'dist/fixtures/servers/env-probe.js');

describe('a reader that goes away', () => {
  it('ends quietly with the exit code the run would have had (EPIPE)', async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...EXAMPLE], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // Like `head -1`: read the first chunk, then close the pipe.
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('close', (exit) => resolve({ code: exit, stderr }));
    });
    expect(stderr).toBe('');
    // The example server has deliberate defects: the run fails (1), as it would have with a reader.
    expect(code).toBe(1);
  });
});

describe('progress on stderr', () => {
  it('mcpact diff too, when its report goes to a file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-diff-progress-'));
    const lockfile = path.join(dir, 'mcpact.lock.json');
    expect((await runCli(['baseline', '--lockfile', lockfile, '-q', '--', 'node', ENV_PROBE])).code).toBe(0);
    const result = await runCli(['diff', '--lockfile', lockfile, '-r', `json:${path.join(dir, 'diff.json')}`, '--', 'node', ENV_PROBE]);
    expect(result.code).toBe(0);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('mcpact: env-probe (stdio): connected, running the rules');
    expect(lines.some((line) => /^mcpact: env-probe: drift \d+ rules, 0 findings$/.test(line))).toBe(true);
    expect(lines.at(-1)).toMatch(/^mcpact: env-probe: done, 0 findings$/);
    // With the console on stdout, the report itself shows the progress: nothing on stderr.
    expect((await runCli(['diff', '--lockfile', lockfile, '--', 'node', ENV_PROBE])).stderr).toBe('');
  });

  it('a plain line per server and family when stdout is JSON (not a terminal)', async () => {
    const result = await runCli(['run', '-r', 'json', '--', 'node', ENV_PROBE]);
    expect(JSON.parse(result.stdout)).toHaveProperty('servers');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('mcpact: env-probe (stdio): connected, running the rules');
    expect(lines).toContain('mcpact: env-probe: http skipped');
    expect(lines.some((line) => /^mcpact: env-probe: protocol \d+ rules, \d+ findings?$/.test(line))).toBe(true);
    expect(lines.at(-1)).toMatch(/^mcpact: env-probe: done, \d+ findings?$/);
    // Families in their fixed order.
    const order = lines.map((line) => /^mcpact: env-probe: (\w+) /.exec(line)?.[1]).filter((family) => family && family !== 'done');
    expect(order).toEqual(['protocol', 'schema', 'prompts', 'resources', 'tools', 'security', 'stdio', 'http', 'suites', 'latency', 'compat']);
  });

  it('none with the console on stdout, nor with --quiet', async () => {
    expect((await runCli(['run', '--', 'node', ENV_PROBE])).stderr).toBe('');
    expect((await runCli(['run', '-q', '-r', 'json', '--', 'node', ENV_PROBE])).stderr).toBe('');
  });
});

describe('console output', () => {
  it('says once which families did not apply, in fixed order, with correct plurals', async () => {
    const result = await runCli(EXAMPLE);
    expect(result.stdout).toContain('  skipped: http (not this transport); suites, latency (not configured)\n');
    expect(result.stdout).not.toMatch(/\b1 rules\b|\b1 errors\b|\b1 warnings\b|server server/);
    expect(result.stdout).toMatch(/^server "notes" \(stdio\)$/m);
    const families = [...result.stdout.matchAll(/^ {2}(\w+) \d+ rules?:/gm)].map((match) => match[1]);
    expect(families).toEqual(['protocol', 'schema', 'prompts', 'resources', 'tools', 'security', 'stdio', 'compat']);
  });

  it('is coloured under GitHub Actions, unless NO_COLOR', () => {
    expect(colorEnabled({ GITHUB_ACTIONS: 'true' }, false)).toBe(true);
    expect(colorEnabled({ GITHUB_ACTIONS: 'true', NO_COLOR: '1' }, false)).toBe(false);
    expect(colorEnabled({}, false)).toBe(false);
  });

  it('every error has the one prefix, commander usage errors included', async () => {
    const result = await runCli(['run', '--no-such-flag']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: unknown option '--no-such-flag'/);
    expect(result.stderr).not.toMatch(/^error:/m);
  });
});

describe('github reporter on the command line', () => {
  it('may share stdout with the console, after it; never with another reporter', async () => {
    const result = await runCli([...EXAMPLE, '-r', 'console', '-r', 'github']);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    const first = lines.findIndex((line) => line.startsWith('::'));
    // The console ends with its summary and the line on where to read the info findings it counted.
    expect(lines[first - 2]).toMatch(/^FAILED 1 server/);
    expect(lines[first - 1]).toMatch(/^\d+ info findings counted, not printed/);
    expect(lines.slice(first).every((line) => /^::error file=examples\/mcpact\.yaml,line=6,title=mcpact /.test(line))).toBe(true);
    const refused = await runCli([...EXAMPLE, '-r', 'json', '-r', 'github']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/only one reporter can write to stdout \(github may join console\)/);
  });
});

describe('SARIF locations of a zero-config run', () => {
  it('name the server script the command line gives, line 1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-sarif-'));
    await runCli(['run', '--only', 'protocol,stdio', '-r', `sarif:${dir}/r.sarif`, '--', 'node', 'dist/fixtures/servers/env-probe.js']);
    const log = JSON.parse(readFileSync(path.join(dir, 'r.sarif'), 'utf8')) as {
      runs: { results: { locations: { physicalLocation?: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[];
    };
    const results = log.runs[0]!.results;
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(result.locations[0]!.physicalLocation).toEqual({ artifactLocation: { uri: 'dist/fixtures/servers/env-probe.js' }, region: { startLine: 1 } });
    }
  });

  it("fall back to the working directory's package.json when the command names no file", async () => {
    // The server script lies outside the working directory, which has a package.json.
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-sarif-'));
    writeFileSync(path.join(dir, 'package.json'), '{}');
    await runCli(['run', '--only', 'protocol,stdio', '-r', 'sarif:r.sarif', '--', 'node', ENV_PROBE], { cwd: dir });
    const log = JSON.parse(readFileSync(path.join(dir, 'r.sarif'), 'utf8')) as { runs: { results: { locations: { physicalLocation?: unknown }[] }[] }[] };
    expect(log.runs[0]!.results.length).toBeGreaterThan(0);
    for (const result of log.runs[0]!.results) {
      expect(result.locations[0]!.physicalLocation).toEqual({ artifactLocation: { uri: 'package.json' }, region: { startLine: 1 } });
    }
  });
});

describe('SARIF locations of a server with no file', () => {
  let upstream: HttpHost;
  let proxy: HttpHost;
  beforeAll(async () => {
    upstream = await startHttpServer(createGoodServer);
    proxy = await startHttpDefect('get-not-found', upstream.url);
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('a --url run outside a project: every result at the pseudo-path of the server, which code scanning takes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-sarif-'));
    const result = await runCli(['run', '--only', 'http', '-r', 'sarif:r.sarif', '--url', proxy.url], { cwd: dir });
    expect(result.code).toBe(1);
    const log = JSON.parse(readFileSync(path.join(dir, 'r.sarif'), 'utf8')) as {
      runs: { results: { locations: { physicalLocation?: unknown }[] }[] }[];
    };
    expect(log.runs[0]!.results.length).toBeGreaterThan(0);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(codeScanningProblems(log)).toEqual([]);
    for (const result of log.runs[0]!.results) {
      // Named after the server (its serverInfo.name), not the port, so the alert stays the same across runs.
      expect(result.locations[0]!.physicalLocation).toEqual({ artifactLocation: { uri: `${PSEUDO_SERVER_DIR}/good` }, region: { startLine: 1 } });
    }
  });
});

describe('--concurrency', () => {
  it.each([['0'], ['abc'], ['2.5']])('refuses %s with one message and exit 2', async (value) => {
    const result = await runCli([...EXAMPLE, '--concurrency', value]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('mcpact: --concurrency: expected a whole number of servers from 1 to 999');
  });
});
