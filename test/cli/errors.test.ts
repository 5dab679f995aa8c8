/**
 * Bad input and bad servers: each gets one clear message and exit code 2, and no process is left behind.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alive, runCli } from '../support/cli.js';

const temp = () => mkdtempSync(path.join(tmpdir(), 'mcpact-'));

describe('usage and config errors exit 2 with one clear message', () => {
  it('unknown reporter', async () => {
    const result = await runCli(['run', '--reporter', 'jsno', '--', 'node', '-e', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('mcpact: unknown reporter "jsno" (did you mean "json"?); available: console, json, junit, sarif, markdown, github, html');
  });

  it('unknown option', async () => {
    const result = await runCli(['run', '--fial-on', 'error']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--fial-on'");
  });

  it.each([
    [['run', 'npx', '-y', '@modelcontextprotocol/server-everything'], 'mcpact run -- npx -y @modelcontextprotocol/server-everything'],
    [['run', '-r', 'json', '--only', 'protocol', 'npx', '-y', 'srv'], 'mcpact run -r json --only protocol -- npx -y srv'],
    [['init', 'node', 'my server.js', "--name=it's"], "mcpact init -- node 'my server.js' '--name=it'\\''s'"],
    [['baseline', 'uvx', '--from', 'pkg', 'srv'], 'mcpact baseline -- uvx --from pkg srv'],
  ])('a server command without -- (%j): the error says where it goes, with the line that works (#32)', async (args, line) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const flag = args.find((arg, index) => index > 1 && arg.startsWith('-') && !['-r', 'json', '--only', 'protocol'].includes(arg))!;
    expect(result.stderr.split('\n')[0]).toBe(`mcpact: unknown option '${flag}' (the server's command goes after --; did you mean: ${line})`);
  });

  it('an unknown option before any server word gets no -- hint', async () => {
    const result = await runCli(['run', '--onyl', 'protocol', '--', 'node', '-e', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('goes after --');
    expect(result.stderr).toContain('(Did you mean --only?)');
  });

  it('unknown rule family', async () => {
    const result = await runCli(['run', '--only', 'protocl', '--', 'node', '-e', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--only: unknown rule family "protocl" (did you mean "protocol"?)');
  });

  it('no server given and no mcpact.yaml', async () => {
    const result = await runCli(['run'], { cwd: temp() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no server to test');
  });

  it('config with an unknown key', async () => {
    const dir = temp();
    writeFileSync(path.join(dir, 'mcpact.yaml'), 'server:\n  transport: stdio\n  command: node\n  agrs: [x]\n');
    const result = await runCli(['run'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('mcpact: mcpact.yaml:4:3: unknown key "agrs" at server (did you mean "args"?)');
  });

  it('missing environment variable', async () => {
    const dir = temp();
    writeFileSync(path.join(dir, 'c.yaml'), 'server:\n  transport: stdio\n  command: node\n  env:\n    TOKEN: ${MCPACT_TEST_UNSET}\n');
    const result = await runCli(['run', '-c', 'c.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('mcpact: c.yaml:5:12: environment variable MCPACT_TEST_UNSET is not set (used at server.env.TOKEN)');
  });

  it('unreadable config file', async () => {
    const result = await runCli(['run', '-c', 'does-not-exist.yaml'], { cwd: temp() });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('mcpact: cannot read config does-not-exist.yaml: no such file');
  });
});

describe('servers that fail', () => {
  it('a command that does not exist', async () => {
    const result = await runCli(['run', '--', 'mcpact-no-such-command-xyz']);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('cannot start server: command not found: mcpact-no-such-command-xyz');
  });

  it.each([
    ['uvx', ['mcp-server-time'], 'uv, the Python package manager'],
    ['go', ['run', 'example.com/server@v1.0.0'], 'the Go toolchain'],
  ])('a launcher that is not installed (%s): one line naming it and how to get it, exit 2', async (command, args, toolchain) => {
    // PATH is an empty folder: the launcher is missing, as on a machine without it.
    const result = await runCli(['run', '--', command, ...args], { cwd: temp(), env: { PATH: temp() } });
    expect(result.code).toBe(2);
    const lines = result.stdout.split('\n').filter((line) => line.includes('command not found'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`cannot start server: command not found: ${command} (${toolchain}); install `);
  });

  it('a server that exits at once, with its stderr shown', async () => {
    const result = await runCli(['run', '--', 'node', '-e', 'console.error("boom: missing API key"); process.exit(3)']);
    expect(result.code).toBe(2);
    // The first request is the era probe (--protocol-era auto).
    expect(result.stdout).toContain('server closed the connection before answering server/discover (exit code 3)');
    expect(result.stdout).toContain('boom: missing API key');
  });

  it('a server that never answers: connect deadline, exit 2, and the whole process group is gone', async () => {
    const dir = temp();
    const pids = path.join(dir, 'pids');
    // The server forks a grandchild; both must be stopped although neither reacts to stdin closing.
    const script = [
      "const { spawn } = require('node:child_process');",
      "const fs = require('node:fs');",
      "process.on('SIGTERM', () => {});",
      "const child = spawn(process.execPath, ['-e', 'process.on(\"SIGTERM\", () => {}); setInterval(() => {}, 1000)'], { stdio: 'ignore' });",
      `fs.writeFileSync(${JSON.stringify(pids)}, process.pid + ' ' + child.pid);`,
      'setInterval(() => {}, 1000);',
    ].join('\n');
    writeFileSync(
      path.join(dir, 'mcpact.yaml'),
      `server:\n  transport: stdio\n  command: node\n  args: ["-e", ${JSON.stringify(script)}]\ntimeouts:\n  connect_ms: 800\n`,
    );
    const started = Date.now();
    const result = await runCli(['run', '--reporter', 'json:report.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.stderr).toContain('did not answer initialize within 800 ms');
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8'));
    expect(report.complete).toBe(false);
    const [server, grandchild] = readFileSync(pids, 'utf8').split(' ').map(Number);
    expect(await alive(server!)).toBe(false);
    expect(await alive(grandchild!)).toBe(false);
  });
});
