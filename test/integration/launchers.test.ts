/**
 * Servers started the way their users start them (docs/launchers.md): `python3 -m`, `go run MODULE@VERSION` and
 * `java -jar`, each from the command line (zero-config) and from a client config's mcpServers, offline. The
 * servers are the standard-library fixtures of fixtures/launchers/. `go run` fetches its module from a file-based
 * GOPROXY the test writes, so the run passes only if mcpact hands the launcher's variables to the child
 * (connect/child-env.ts LAUNCHER_VARIABLES). A launcher this machine lacks skips its tests.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';

const LAUNCHERS = path.join(ROOT, 'fixtures/launchers');
const GO_MODULE = 'example.com/mcpact/echoserver';
const GO_VERSION = 'v1.0.0';

function installed(command: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;
}

/**
 * mcpact run, zero-config or with -c, testing the protocol family only: what matters here is the start. A launcher
 * compiles or fetches before the server speaks (`go run` builds the module), which on a loaded 2-core machine
 * takes longer than connect_ms: the test waits as long as it does itself.
 */
async function run(dir: string, how: string[], env: Record<string, string> = {}) {
  const options = ['--only', 'protocol', '--connect-timeout', '90000', '--reporter', 'json:report.json'];
  const result = await runCli(['run', ...options, ...how], { cwd: dir, env, timeoutMs: 120_000 });
  const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as {
    servers: { name: string; complete: boolean; error?: string; serverInfo?: { name: string } }[];
  };
  return { code: result.code, stderr: result.stderr, server: report.servers[0]! };
}

function clientConfig(dir: string, name: string, entry: { command: string; args: string[]; env?: Record<string, string> }): string {
  const file = path.join(dir, 'claude_desktop_config.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { [name]: entry } }, null, 2));
  return file;
}

function expectStarted(outcome: Awaited<ReturnType<typeof run>>, serverName: string) {
  expect(outcome.server.complete, outcome.server.error ?? outcome.stderr).toBe(true);
  expect(outcome.code, outcome.stderr).toBeLessThan(2);
  expect(outcome.server.serverInfo?.name).toBe(serverName);
}

const temp = () => mkdtempSync(path.join(tmpdir(), 'mcpact-launch-'));

describe.skipIf(!installed('python3'))('python3 -m PACKAGE', () => {
  // A copy, so that neither the report nor Python's __pycache__ lands in fixtures/.
  let project: string;
  beforeAll(() => {
    project = temp();
    cpSync(path.join(LAUNCHERS, 'python'), project, { recursive: true });
  });

  it('zero-config, from the folder that holds the package', async () => {
    expectStarted(await run(project, ['--', 'python3', '-m', 'mcpact_echo_server']), 'echo-python');
  });

  it('from mcpServers, with PYTHONPATH in its env', async () => {
    const dir = temp();
    const config = clientConfig(dir, 'echo', { command: 'python3', args: ['-m', 'mcpact_echo_server'], env: { PYTHONPATH: project } });
    expectStarted(await run(dir, ['-c', config]), 'echo-python');
  });
});

describe.skipIf(!installed('go') || !installed('python3'))('go run MODULE@VERSION', () => {
  let goEnv: Record<string, string>;
  beforeAll(() => {
    // A module proxy on disk (the GOPROXY protocol's files) holding the fixture module at v1.0.0.
    const dir = temp();
    const at = path.join(dir, 'proxy', ...GO_MODULE.split('/'), '@v');
    mkdirSync(at, { recursive: true });
    writeFileSync(path.join(at, 'list'), `${GO_VERSION}\n`);
    writeFileSync(path.join(at, `${GO_VERSION}.info`), JSON.stringify({ Version: GO_VERSION, Time: '2026-12-01T00:00:00Z' }));
    writeFileSync(path.join(at, `${GO_VERSION}.mod`), readFileSync(path.join(LAUNCHERS, 'go/go.mod')));
    // The zip holds the module's files under MODULE@VERSION/; Python's zipfile writes it (Node has no zip writer).
    const zip = [
      'import sys, zipfile',
      'with zipfile.ZipFile(sys.argv[1], "w") as z:',
      '    for name in ("go.mod", "main.go"): z.write(sys.argv[2] + "/" + name, sys.argv[3] + "/" + name)',
    ].join('\n');
    execFileSync('python3', ['-c', zip, path.join(at, `${GO_VERSION}.zip`), path.join(LAUNCHERS, 'go'), `${GO_MODULE}@${GO_VERSION}`]);
    goEnv = {
      GOPROXY: `file://${path.join(dir, 'proxy')}`,
      GOSUMDB: 'off',
      GOMODCACHE: path.join(dir, 'modcache'),
      GOFLAGS: '-modcacherw',
      GOTOOLCHAIN: 'local',
    };
  });

  it('zero-config, fetching the module through GOPROXY', async () => {
    expectStarted(await run(temp(), ['--', 'go', 'run', `${GO_MODULE}@${GO_VERSION}`], goEnv), 'echo-go');
  });

  it('from mcpServers', async () => {
    const dir = temp();
    const config = clientConfig(dir, 'echo', { command: 'go', args: ['run', `${GO_MODULE}@${GO_VERSION}`] });
    expectStarted(await run(dir, ['-c', config], goEnv), 'echo-go');
  });
});

describe.skipIf(!installed('javac') || !installed('jar') || !installed('java'))('java -jar FILE', () => {
  let jar: string;
  beforeAll(() => {
    const dir = temp();
    execFileSync('javac', ['-d', dir, path.join(LAUNCHERS, 'java/EchoServer.java')]);
    jar = path.join(dir, 'echo-server.jar');
    execFileSync('jar', ['--create', '--file', jar, '--main-class', 'EchoServer', '-C', dir, 'EchoServer.class']);
  }, 60_000);

  it('zero-config', async () => {
    expectStarted(await run(temp(), ['--', 'java', '-jar', jar]), 'echo-java');
  });

  it('from mcpServers', async () => {
    const dir = temp();
    const config = clientConfig(dir, 'echo', { command: 'java', args: ['-jar', jar] });
    expectStarted(await run(dir, ['-c', config]), 'echo-java');
  });
});
