/**
 * `mcpact run --watch` on real file edits: the test edits the tools.json a fixture server reads at start, and
 * reads the CLI's output as it streams (no sleeps: each step waits for the line it expects). Every start of the
 * server logs its pid, so the test sees that each change restarted it and that no process outlives the watch.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alive, CLI, ROOT } from '../support/cli.js';

const SERVER = path.join(ROOT, 'dist/fixtures/servers/from-files.js');
const GOOD = [{ name: 'echo', description: 'Echo the text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }];
const BROKEN = [
  { name: 'echo', description: 'Echo the text.', inputSchema: { type: 'string' } },
  { name: 'bad name!', inputSchema: { type: 'object' } },
];

interface Watching {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with everything printed so far once `pattern` appears after `from` characters of stdout+stderr. */
  until(pattern: RegExp): Promise<string>;
  exited: Promise<number | null>;
}

function watching(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Watching {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env } });
  let output = '';
  let seen = 0;
  const waiting: { pattern: RegExp; resolve: (text: string) => void }[] = [];
  const check = () => {
    for (const wait of [...waiting]) {
      const match = wait.pattern.exec(output.slice(seen));
      if (!match) continue;
      seen += match.index + match[0].length;
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(output.slice(0, seen));
    }
  };
  const add = (chunk: Buffer) => {
    output += chunk.toString();
    check();
  };
  child.stdout.on('data', add);
  child.stderr.on('data', add);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    child,
    exited,
    until: (pattern) =>
      new Promise((resolve, reject) => {
        // Not a wait: a deadline for the failure message, so a test that fails shows what mcpact printed.
        const deadline = setTimeout(() => reject(new Error(`mcpact did not print ${pattern} within 20 s; it printed:\n${output}`)), 20_000);
        waiting.push({
          pattern,
          resolve: (text) => {
            clearTimeout(deadline);
            resolve(text);
          },
        });
        void exited.then(() => setImmediate(() => reject(new Error(`mcpact exited before printing ${pattern}; it printed:\n${output}`))));
        check();
      }),
  };
}

let running: Watching | undefined;
afterEach(() => {
  running?.child.kill('SIGKILL');
  running = undefined;
});

function serverFolder(): { dir: string; pids: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-watch-'));
  const srv = path.join(dir, 'srv');
  mkdirSync(srv);
  mkdirSync(path.join(srv, 'node_modules'));
  writeFileSync(path.join(srv, 'tools.json'), JSON.stringify(GOOD));
  return { dir: srv, pids: path.join(dir, 'pids.log') };
}

const pidsOf = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map(Number);

describe('mcpact run --watch', () => {
  it('re-runs a configured server on each edit, prints only what changed, restarts it cleanly and ends on Ctrl-C', async () => {
    const { dir, pids } = serverFolder();
    writeFileSync(
      path.join(dir, 'mcpact.yaml'),
      `server:\n  name: tools\n  transport: stdio\n  command: node\n  args: [${JSON.stringify(SERVER)}]\n  env:\n    PID_LOG: ${JSON.stringify(pids)}\n`,
    );
    running = watching(['run', '--watch', '--only', 'schema'], dir);
    // The first run is the whole console report.
    expect(await running.until(/watching \. \(\d+ folders?\); Ctrl-C ends\n/)).toMatch(/PASSED 1 server/);

    // A change in node_modules is not a change of the server: nothing runs (the next edit's output shows it).
    writeFileSync(path.join(dir, 'node_modules', 'dependency.js'), '// updated\n');
    writeFileSync(path.join(dir, 'tools.json'), JSON.stringify(BROKEN));
    const broken = await running.until(/\+\d+ new, -0 fixed \(3 findings; exit 1\)\n(?: {2}\+ .*\n){3}/);
    expect(broken).toMatch(/changed: tools\.json; running again/);
    expect(broken).not.toMatch(/changed: node_modules/);
    expect(broken).toMatch(/\+3 new, -0 fixed \(3 findings; exit 1\)\n/);
    expect(broken).toMatch(/\n {2}\+ error {3}tools {2}schema\/tool-input-schema {2}inputSchema root "type" must be "object"/);
    expect(broken).toMatch(/ {2}\+ warning tools {2}schema\/tool-name {2}tool name "bad name!"/);
    // Only the changes: no console report the second time.
    expect(broken.match(/FAILED|PASSED/g)).toEqual(['PASSED']);

    writeFileSync(path.join(dir, 'tools.json'), JSON.stringify(GOOD));
    const fixed = await running.until(/\+0 new, -3 fixed \(0 findings; exit 0\)\n(?: {2}- .*\n){3}/);
    expect(fixed).toMatch(/- error {3}tools {2}schema\/tool-input-schema/);

    // Three runs, three starts of the server, each stopped before the next.
    const started = pidsOf(pids);
    expect(started).toHaveLength(3);
    expect(new Set(started).size).toBe(3);
    running.child.kill('SIGINT');
    // Ctrl-C ends the watch with the last run's exit code (0: it passed).
    expect(await running.exited).toBe(0);
    for (const pid of started) expect(await alive(pid)).toBe(false);
  }, 60_000);

  it('watches zero-config runs too, and only the paths given', async () => {
    const { dir, pids } = serverFolder();
    running = watching(['run', '--watch', 'tools.json', '--only', 'schema', '-e', `PID_LOG=${pids}`, '--', 'node', SERVER], dir);
    await running.until(/watching tools\.json \(1 folder\); Ctrl-C ends\n/);
    writeFileSync(path.join(dir, 'tools.json'), JSON.stringify(BROKEN));
    await running.until(/\+3 new, -0 fixed \(3 findings; exit 1\)\n/);
    running.child.kill('SIGTERM');
    // The last run failed: exit 1.
    expect(await running.exited).toBe(1);
    for (const pid of pidsOf(pids)) expect(await alive(pid)).toBe(false);
  }, 60_000);

  it('keeps watching when an edit breaks the config, and says why', async () => {
    const { dir, pids } = serverFolder();
    const config = `server:\n  name: tools\n  transport: stdio\n  command: node\n  args: [${JSON.stringify(SERVER)}]\n  env:\n    PID_LOG: ${JSON.stringify(pids)}\n`;
    writeFileSync(path.join(dir, 'mcpact.yaml'), config);
    running = watching(['run', '--watch', '--only', 'schema'], dir);
    await running.until(/Ctrl-C ends\n/);
    writeFileSync(path.join(dir, 'mcpact.yaml'), `${config}  bogus_key: 1\n`);
    await running.until(/mcpact: mcpact\.yaml:\d+:\d+: .*bogus_key/);
    writeFileSync(path.join(dir, 'mcpact.yaml'), config);
    await running.until(/no change in findings \(0 findings; exit 0\)\n/);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
  }, 60_000);

  it('exits 2 when Ctrl-C cuts a run short, with the server stopped', async () => {
    const { dir, pids } = serverFolder();
    running = watching(['run', '--watch', '--only', 'schema', '-e', `PID_LOG=${pids}`, '--', 'node', SERVER], dir);
    await running.until(/Ctrl-C ends\n/);
    writeFileSync(path.join(dir, 'tools.json'), JSON.stringify('hang'));
    await running.until(/changed: tools\.json; running again\n/);
    // The second start has logged its pid: the run is waiting on a server that never answers.
    await new Promise<void>((resolve) => {
      // Woken by the file system when the log changes, not by a timer.
      const started = () => existsSync(pids) && pidsOf(pids).length === 2;
      if (started()) return resolve();
      const watcher = watch(path.dirname(pids), () => {
        if (!started()) return;
        watcher.close();
        resolve();
      });
    });
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(2);
    for (const pid of pidsOf(pids)) expect(await alive(pid)).toBe(false);
  }, 60_000);
});
