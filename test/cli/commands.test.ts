/** `mcpact init`, `mcpact rules`, --version and --help, zero-config HTTP, and what reaches the terminal. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ALL_RULES } from '../../src/rules/index.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { ROOT, runCli } from '../support/cli.js';
import { initCommand } from '../../src/cli/init.js';
import { SERVER_QUESTION, serverFromAnswer } from '../../src/cli/init-ask.js';
import { PLACEHOLDER_COMMAND } from '../../src/config/placeholder.js';

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

  // Three CLI processes, the last a full run: on a busy 2-core machine that can pass vitest's default 20 s.
  it('names no real server: run refuses the placeholder in one line naming the key, and runs once it is set', { timeout: 60_000 }, async () => {
    const dir = temp();
    const written = await runCli(['init'], { cwd: dir });
    expect(written.stdout).toBe(
      "wrote mcpact.yaml with a placeholder server; set server.command (and args) to your server's, then: npx mcpact run -c mcpact.yaml\n",
    );
    const file = path.join(dir, 'mcpact.yaml');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('server-everything');
    const refused = await runCli(['run'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/mcpact\.yaml:\d+:\d+: server\.command is still the placeholder `mcpact init` wrote/);
    // Everything else in the starter is a working config: set the command and args, and it runs.
    writeFileSync(file, text.replace(`"${PLACEHOLDER_COMMAND}"`, JSON.stringify(process.execPath)).replace('args: []', `args: [${JSON.stringify(GOOD)}]`));
    expect((await runCli(['run'], { cwd: dir })).code).toBe(0);
  });

  it('takes the server from the answer to its question: a command is pre-filled from the live server, no answer leaves the placeholder', async () => {
    const dir = temp();
    const questions: string[] = [];
    const ask = (answer: string) => async (question: string) => (questions.push(question), answer);
    const output = path.join(dir, 'answered.yaml');
    expect(await initCommand([], { output }, ask(`${process.execPath} '${GOOD}'`))).toBe(0);
    expect(questions).toEqual([SERVER_QUESTION]);
    expect(parse(readFileSync(output, 'utf8'))).toMatchObject({ server: { name: 'good', transport: 'stdio', command: process.execPath, args: [GOOD] } });
    const empty = path.join(dir, 'empty.yaml');
    expect(await initCommand([], { output: empty }, ask('  '))).toBe(0);
    expect(parse(readFileSync(empty, 'utf8'))).toMatchObject({ server: { command: PLACEHOLDER_COMMAND } });
    // Explicit server operands are never second-guessed.
    expect(await initCommand([process.execPath, GOOD], { output: path.join(dir, 'given.yaml') }, ask('unused'))).toBe(0);
    expect(questions).toHaveLength(2);
  });

  it('points $schema at the installed package when mcpact is a dependency of the project', async () => {
    const dir = temp();
    mkdirSync(path.join(dir, 'node_modules/mcpact/schemas'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules/mcpact/schemas/config.v1.schema.json'), '{}');
    expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
    const text = readFileSync(path.join(dir, 'mcpact.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=./node_modules/mcpact/schemas/config.v1.schema.json');
  });

  // Two runs of mcpact, a full one among them: past vitest's default 20 s on a loaded 2-core machine.
  it('pre-fills the server name, version expectation and prompts from a live server, and the result runs', { timeout: 60_000 }, async () => {
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

/** `mcpact init` on a real terminal (util-linux `script` gives it one): the question, then `keys` typed once it shows. */
function initOnTerminal(cwd: string, keys: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(ROOT, 'dist/bin/mcpact.js'))} init`, '/dev/null'], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (!output.includes(SERVER_QUESTION) && (output += chunk.toString()).includes(SERVER_QUESTION)) child.stdin.write(keys);
      else output += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

const hasScript = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;

describe.skipIf(!hasScript)('mcpact init on a terminal', () => {
  it('asks for the server and pre-fills the config from the answer', async () => {
    const dir = temp();
    const result = await initOnTerminal(dir, `${process.execPath} ${GOOD}\r`);
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).toContain('wrote mcpact.yaml (pre-filled from the server)');
    expect(parse(readFileSync(path.join(dir, 'mcpact.yaml'), 'utf8'))).toMatchObject({ server: { name: 'good', command: process.execPath } });
  });

  it('stops at Ctrl-C with exit 2 and writes nothing', async () => {
    const dir = temp();
    const result = await initOnTerminal(dir, '\u0003');
    expect(result.code).toBe(2);
    expect(result.output).toContain('nothing written');
    expect(existsSync(path.join(dir, 'mcpact.yaml'))).toBe(false);
  });
});

describe('the server named in answer to init', () => {
  it('is a URL, or a command split at spaces with quotes keeping a word whole', () => {
    expect(serverFromAnswer('')).toBeUndefined();
    expect(serverFromAnswer(' https://example.test/mcp ')).toEqual({ url: 'https://example.test/mcp' });
    expect(serverFromAnswer('npx -y  @scope/server')).toEqual({ command: ['npx', '-y', '@scope/server'] });
    expect(serverFromAnswer(`node "my dir/server.js" --name='a b' ""`)).toEqual({ command: ['node', 'my dir/server.js', '--name=a b', ''] });
    expect(serverFromAnswer('C:\\tools\\server.exe')).toEqual({ command: ['C:\\tools\\server.exe'] });
    expect(() => serverFromAnswer('node "server.js')).toThrow('the server command has an unclosed "');
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
    // On failure, what the run said: a verdict that moves with the machine's load is a bug of its own.
    expect(result.code, result.stdout.slice(0, 4000)).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.servers[0]).toMatchObject({ transport: 'http', complete: true, findings: [] });
    expect(result.stdout).not.toContain('secret-header-value');
    // A whole run of the good server: 1.5 s alone, 11 s beside six CPU burners, and over 20 s in the suite beside
    // the SDK twins' Java servers and the static checks; the verdicts, not the time, are what this test asserts.
  }, 60_000);

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
