/** `mcpact init`, `mcpact rules`, --version and --help, zero-config HTTP, and what reaches the terminal. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ALL_RULES } from '../../src/rules/index.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { ROOT, runCli } from '../support/cli.js';

const temp = () => mkdtempSync(path.join(tmpdir(), 'mcpact-'));
const GOOD = path.join(ROOT, 'dist/fixtures/servers/good.js');

describe('mcpact --version and --help', () => {
  it('prints the package version and exits 0', async () => {
    const version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
    const result = await runCli(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
  });
  it('lists the commands', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const command of ['run', 'init', 'rules']) expect(result.stdout).toContain(command);
  });
});

describe('mcpact rules', () => {
  it('lists every rule as JSON with its spec reference', async () => {
    const result = await runCli(['rules', '--json']);
    const rows = JSON.parse(result.stdout);
    expect(rows.map((row: { id: string }) => row.id)).toEqual(ALL_RULES.map((rule) => rule.id));
    expect(rows[0]).toMatchObject({ family: 'protocol', defaultSeverity: 'error', spec: { revision: '2025-11-25', level: 'MUST' } });
  });
  it('prints a table', async () => {
    const result = await runCli(['rules']);
    expect(result.stdout).toContain('protocol/ping');
    expect(result.stdout).toContain(`${ALL_RULES.length} rules.`);
  });
});

describe('mcpact init', () => {
  it('writes a commented starter that is a valid config, and refuses to overwrite it', async () => {
    const dir = temp();
    const first = await runCli(['init'], { cwd: dir });
    expect(first.code).toBe(0);
    const text = readFileSync(path.join(dir, 'mcpact.yaml'), 'utf8');
    // No local install here (as for npx users): the schema of this version on unpkg.
    const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(text.split('\n')[0]).toBe(`# yaml-language-server: $schema=https://unpkg.com/mcpact@${version}/schemas/config.v1.schema.json`);
    const again = await runCli(['init'], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('mcpact.yaml already exists; use --force');
  });

  it('points $schema at the installed package when mcpact is a dependency of the project', async () => {
    const dir = temp();
    mkdirSync(path.join(dir, 'node_modules/mcpact/schemas'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules/mcpact/schemas/config.v1.schema.json'), '{}');
    expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
    const text = readFileSync(path.join(dir, 'mcpact.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=./node_modules/mcpact/schemas/config.v1.schema.json');
  });

  it('pre-fills the server name, version expectation and prompts from a live server, and the result runs', async () => {
    const dir = temp();
    const result = await runCli(['init', '--', process.execPath, GOOD], { cwd: dir });
    expect(result.code).toBe(0);
    const text = readFileSync(path.join(dir, 'mcpact.yaml'), 'utf8');
    expect(parse(text)).toMatchObject({ server: { name: 'good', transport: 'stdio', expect: { protocol_version: '2025-11-25' } } });
    expect(text).toContain('#   code_review(language*, risk*, focus)');
    const run = await runCli(['run'], { cwd: dir });
    expect(run.code).toBe(0);
  });
});

describe('zero-config HTTP', () => {
  let host: HttpHost;
  beforeAll(async () => {
    host = await startHttpServer(createGoodServer);
  });
  afterAll(() => host.close());

  it('tests a Streamable HTTP server by URL with headers, and redacts the Authorization value', async () => {
    const result = await runCli(['run', '--url', host.url, '--header', 'Authorization: Bearer secret-header-value', '--reporter', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.servers[0]).toMatchObject({ transport: 'http', complete: true, findings: [] });
    expect(result.stdout).not.toContain('secret-header-value');
  });

  it('rejects --header without --url', async () => {
    const result = await runCli(['run', '--header', 'A: b', '--', 'node']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--header only applies with --url');
  });
});

describe('hostile text never reaches the terminal raw', () => {
  it('escapes ANSI, OSC and bidi sequences from names and descriptions', async () => {
    const dir = temp();
    const tool = { name: 'evil\u001b[2J\u001b]8;;https://x.example\u0007tool\u202e', inputSchema: { type: 'string' } };
    const script = [
      "const rl = require('node:readline').createInterface({ input: process.stdin });",
      'const send = (m) => process.stdout.write(JSON.stringify(m) + "\\n");',
      `const tool = ${JSON.stringify(tool)};`,
      "rl.on('line', (line) => { const m = JSON.parse(line); if (m.id === undefined) return;",
      "  if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'evil\\u001b[31m', version: '1' } } });",
      "  else if (m.method === 'tools/list') send({ jsonrpc: '2.0', id: m.id, result: m.params && m.params.cursor ? undefined : { tools: [tool] } });",
      "  else if (m.method === 'ping') send({ jsonrpc: '2.0', id: m.id, result: {} });",
      "  else send({ jsonrpc: '2.0', id: m.id, error: { code: m.method === 'tools/list' ? -32602 : -32601, message: 'no \\u001b[5m' } }); });",
    ].join('\n');
    writeFileSync(path.join(dir, 'evil.js'), script);
    const result = await runCli(['run', '--verbose', '--', process.execPath, 'evil.js'], { cwd: dir, env: { FORCE_COLOR: '0' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('evil\\x1b[2J\\x1b]8;;https://x.example\\x07tool<U+202E>');
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
  });
});
