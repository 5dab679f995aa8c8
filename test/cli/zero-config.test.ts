/**
 * Zero-config that reaches the server (#17): -e/--env and --env-file give a stdio server variables (redacted
 * everywhere, mcpact's own never passed on), a server that exits during start-up is told which variables it got,
 * timeouts come from flags, the server is named by its serverInfo, and network errors name host, port and cause.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';

const ENV_PROBE = path.join(ROOT, 'dist/fixtures/servers/env-probe.js');
const FROM_FLAG = 'flag-secret-7f3a9c';
const FROM_FILE = 'file secret "quoted" 41b2';

interface Report {
  complete: boolean;
  servers: { name: string; error?: string; serverInfo: { name?: string; version?: string; description?: string } | null; source?: { file: string } }[];
}

describe('-e/--env and --env-file', () => {
  let dir: string;
  let envFile: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-env-'));
    envFile = path.join(dir, '.env');
    writeFileSync(envFile, `# comment\nFROM_FILE="${FROM_FILE.replace(/"/g, '\\"')}"\nPROBE_SECRET=overridden-by-flag\n`);
  });

  it('reach the server (the flag wins over the file), with values redacted in every report and the trace', async () => {
    const trace = path.join(dir, 'trace.jsonl');
    const result = await runCli(
      [
        'run',
        '--only',
        'protocol',
        '-r',
        'console',
        '-r',
        `json:${dir}/report.json`,
        '-r',
        `junit:${dir}/junit.xml`,
        '-r',
        `sarif:${dir}/report.sarif`,
        '-r',
        `markdown:${dir}/report.md`,
        '--trace',
        trace,
        '--env-file',
        envFile,
        '-e',
        `PROBE_SECRET=${FROM_FLAG}`,
        '--env',
        'PLAIN=1',
        '--',
        'node',
        ENV_PROBE,
      ],
      { env: { MCPACT_OWN_TOKEN: 'never-to-the-child', FROM_PARENT: 'x' } },
    );
    expect(result.code, result.stderr).toBeLessThan(2);
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as Report;
    const info = report.servers[0]!.serverInfo!;
    // env-probe reports its variable names as the description and PROBE_SECRET as its version.
    expect(info.description!.split(',')).toEqual(expect.arrayContaining(['FROM_FILE', 'PLAIN', 'PROBE_SECRET']));
    expect(info.description).not.toMatch(/MCPACT_OWN_TOKEN|FROM_PARENT/);
    expect(info.version).toBe('[redacted]');
    for (const file of ['report.json', 'junit.xml', 'report.sarif', 'report.md', 'trace.jsonl']) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      expect(text, file).not.toContain(FROM_FLAG);
      expect(text, file).not.toContain(Buffer.from(FROM_FLAG).toString('base64'));
    }
    expect(readFileSync(trace, 'utf8')).toContain('[redacted]');
    expect(result.stdout).not.toContain(FROM_FLAG);
  });

  it('file values are redacted too, in their JSON-escaped form as well', async () => {
    // A server that prints what it got and exits during start-up: the stderr lines land in every report.
    const script = 'process.stderr.write(JSON.stringify({ got: process.env.FROM_FILE }) + "\\n"); process.exit(3)';
    const result = await runCli(['run', '-r', 'json', '--env-file', envFile, '--', 'node', '-e', script]);
    expect(result.code).toBe(2);
    expect(result.stdout).not.toContain('quoted');
    expect(result.stdout).toContain('[redacted]');
  });

  it('a server that exits during start-up is told which variables it got (names only) and how to pass more', async () => {
    const result = await runCli(['run', '-e', `PROBE_SECRET=${FROM_FLAG}`, '--', 'node', '-e', 'process.exit(4)']);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/exit code 4/);
    expect(result.stdout).toMatch(/the server got only these environment variables: .*\bPROBE_SECRET\b/);
    expect(result.stdout).toMatch(/pass more with -e KEY=VALUE or --env-file FILE/);
    expect(result.stdout).not.toContain(FROM_FLAG);
  });

  it.each([
    [['-e', 'NOVALUE'], /-e\/--env must look like KEY=VALUE/],
    [['-e', '1BAD=x'], /-e\/--env must look like KEY=VALUE/],
  ])('bad input %j is one message and exit 2', async (flags, message) => {
    const result = await runCli(['run', ...flags, '--', 'node', ENV_PROBE]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  // Node itself (20.16 to 24 measured, and its main branch: Dotenv::GetDataFromArgs in src/node_dotenv.cc) looks for
  // `--env-file` in its whole command line, script arguments included, up to the first `--` (from 20.19 on; before,
  // not even there), and reads the file before any JavaScript runs. These tests pin what that means for mcpact (#32),
  // so that a Node that stops doing it shows here, and README's --env-file row is updated with it.
  describe('and Node, which reads --env-file too', () => {
    let marks: string;
    let spy: string;
    beforeAll(() => {
      // A NODE_OPTIONS --require that records, in every Node process it runs in, which script that process runs
      // and whether FROM_FILE is in its environment.
      marks = path.join(dir, 'marks.jsonl');
      spy = path.join(dir, 'spy.cjs');
      writeFileSync(
        spy,
        `require('node:fs').appendFileSync(${JSON.stringify(marks)}, JSON.stringify({ script: process.argv[1], fromFile: process.env.FROM_FILE ?? null }) + '\\n');\n`,
      );
      writeFileSync(path.join(dir, 'node-options.env'), `NODE_OPTIONS="--require ${spy}"\nFROM_FILE=in-the-file\n`);
    });
    const readMarks = () =>
      readFileSync(marks, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { script: string; fromFile: string | null });
    const stopsAtSeparator = (() => {
      const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
      return major > 20 || (major === 20 && minor >= 19);
    })();

    it("started as mcpact's bin starts it, a missing file is Node's error before mcpact runs (exit 9)", async () => {
      const result = await runCli(['run', '--env-file', '/nonexistent/.env', '--', 'node', ENV_PROBE]);
      expect(result.code).toBe(9);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/node: \/nonexistent\/\.env: not found\n$/);
    });

    it.runIf(stopsAtSeparator)("behind node --, the flag is mcpact's alone: a missing file is its own one-line error (exit 2)", async () => {
      const result = await runCli(['run', '--env-file', '/nonexistent/.env', '--', 'node', ENV_PROBE], { nodeArgs: ['--'] });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('mcpact: --env-file: cannot read /nonexistent/.env: no such file\n');
    });

    it.runIf(stopsAtSeparator)("behind node --, the file's variables reach the server and nothing of it reaches mcpact", async () => {
      rmSync(marks, { force: true });
      const result = await runCli(['run', '--only', 'protocol', '-r', 'json', '--env-file', path.join(dir, 'node-options.env'), '--', 'node', ENV_PROBE], {
        nodeArgs: ['--'],
      });
      expect(result.code, result.stderr).toBeLessThan(2);
      const info = (JSON.parse(result.stdout) as Report).servers[0]!.serverInfo!;
      expect(info.description!.split(',')).toEqual(expect.arrayContaining(['FROM_FILE', 'NODE_OPTIONS']));
      // Only the server's processes (the session's and the probes') ran the file's NODE_OPTIONS, and saw its variables.
      const seen = readMarks();
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((mark) => mark.script === ENV_PROBE && mark.fromFile === 'in-the-file')).toBe(true);
    });

    it("started as mcpact's bin starts it, Node applies the file's NODE_OPTIONS to mcpact too, but sets none of its variables there", async () => {
      rmSync(marks, { force: true });
      const result = await runCli(['run', '--only', 'protocol', '-r', 'json', '--env-file', path.join(dir, 'node-options.env'), '--', 'node', ENV_PROBE]);
      expect(result.code, result.stderr).toBeLessThan(2);
      const own = readMarks().filter((mark) => mark.script !== ENV_PROBE);
      expect(own).toEqual([{ script: expect.stringMatching(/dist\/bin\/mcpact\.js$/) as unknown, fromFile: null }]);
    });
  });

  it('is refused for an HTTP server, which takes headers instead', async () => {
    const result = await runCli(['run', '-e', 'A=b', '--url', 'http://127.0.0.1:39999/mcp']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/give variables to stdio servers; there is none here/);
  });
});

describe('timeouts from flags', () => {
  it.each([['--connect-timeout'], ['--call-timeout'], ['--run-timeout']])('%s rejects what is not a whole number of ms', async (flag) => {
    const result = await runCli(['run', flag, '2s', '--', 'node', ENV_PROBE]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`mcpact: ${flag}: expected a whole number of milliseconds (1 to 86400000), got "2s"\n`);
  });

  it('--connect-timeout is the connect deadline', async () => {
    const started = Date.now();
    const result = await runCli(['run', '-r', 'json', '--connect-timeout', '300', '--', 'node', '-e', 'setTimeout(() => {}, 20000)']);
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.servers[0]!.error).toMatch(/within 300 ms/);
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});

describe('naming and reaching a zero-config server', () => {
  it('names it by serverInfo.name, even when wrapped in env K=V', async () => {
    const result = await runCli(['run', '--only', 'protocol', '-r', 'json', '--', 'env', 'A=1', 'node', ENV_PROBE]);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.servers[0]!.name).toBe('env-probe');
  });

  it('says nothing listens at host:port when the URL refuses the connection', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const result = await runCli(['run', '-r', 'json', '--url', `http://127.0.0.1:${port}/mcp`]);
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.servers[0]!.error).toBe(`nothing is listening at 127.0.0.1:${port} (connection refused): is the server running, and on that port?`);
  });
});
