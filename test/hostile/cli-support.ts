/**
 * Hostile servers through the real CLI, in a child process with a hard time limit: a run that hangs (synchronous
 * work nothing can interrupt in-process) fails the test instead of hanging the worker. Each run gets a folder of
 * its own with mcpact.yaml, a pid file the fixtures append to, and a secret in the environment that must not land
 * in any file written there. The checks every such run is held to: the exit code, the time, no process left, no
 * raw escape or CI workflow command on stdout or stderr, no secret in the files written, and (on Linux) mcpact's
 * own peak resident set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { alive, CLI, ROOT } from '../support/cli.js';

export const SECRET = 'hostile-secret-4f9a1c';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  stdout: string;
  stderr: string;
  /** Peak resident set of mcpact in MB, when measured. */
  rssMb?: number;
}

export interface CliOptions {
  /** The server: a hostile stdio behaviour (with more arguments for it), or an HTTP URL. */
  server: { behaviour: string; args?: string[] } | { url: string };
  args: string[];
  timeouts?: { connect_ms: number; call_ms: number; run_ms: number };
  /** More top-level YAML for mcpact.yaml. */
  yaml?: string[];
  /** Kill mcpact (SIGKILL) after this long and fail. */
  limitMs: number;
  /** Measure mcpact's own peak RSS (VmHWM in /proc, read until it exits; its servers are not counted). */
  measure?: boolean;
  heapMb?: number;
  /** Files written into the run's folder before mcpact starts. */
  files?: Record<string, string>;
  /** More lines for the server's block of mcpact.yaml. */
  serverYaml?: string[];
  /** Called with the run's folder before mcpact starts (to plant a link, say). */
  before?: (dir: string) => void;
  /** The folder of an earlier run, to run again in it (its mcpact.yaml is written anew). */
  dir?: string;
  /** More variables in mcpact's own environment (not the server's: the config gives it only TOKEN). */
  env?: Record<string, string>;
  /** The value of HOSTILE_SECRET, the config's secret (default SECRET). */
  secret?: string;
}

export interface CliCase {
  dir: string;
  /** The config's secret in this run: no file written and neither stream may hold it. */
  secret: string;
  child: ChildProcess;
  /** Pids the fixture recorded (the server and whatever it forked). */
  pids(): number[];
  done: Promise<CliRun>;
}

export function startCli(options: CliOptions): CliCase {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'mcpact-hostile-cli-'));
  const pidFile = path.join(dir, 'pids');
  const timeouts = options.timeouts ?? { connect_ms: 3_000, call_ms: 1_000, run_ms: 10_000 };
  const server =
    'behaviour' in options.server
      ? [
          '  transport: stdio',
          `  command: ${JSON.stringify(process.execPath)}`,
          `  args: ${JSON.stringify([`${ROOT}dist/fixtures/hostile/stdio.js`, options.server.behaviour, ...(options.server.args ?? [])])}`,
          '  env: { HOSTILE_PIDS: ' + JSON.stringify(pidFile) + ', TOKEN: "${HOSTILE_SECRET}" }',
        ]
      : ['  transport: http', `  url: ${JSON.stringify(options.server.url)}`, '  headers: { Authorization: "Bearer ${HOSTILE_SECRET}" }'];
  writeFileSync(
    path.join(dir, 'mcpact.yaml'),
    [
      'server:',
      ...server,
      ...(options.serverYaml ?? []),
      `timeouts: { connect_ms: ${timeouts.connect_ms}, call_ms: ${timeouts.call_ms}, run_ms: ${timeouts.run_ms} }`,
      ...(options.yaml ?? []),
      '',
    ].join('\n'),
  );
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(path.join(dir, name), text);
  options.before?.(dir);
  const node = [...(options.heapMb ? [`--max-old-space-size=${options.heapMb}`] : []), CLI, ...options.args];
  const child = spawn(process.execPath, node, {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', HOSTILE_SECRET: options.secret ?? SECRET, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = performance.now();
  let peakKb: number | undefined;
  const sample = () => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      if (hwm !== undefined) peakKb = Math.max(peakKb ?? 0, Number(hwm));
    } catch {
      // gone, or no /proc
    }
  };
  const sampler = options.measure ? setInterval(sample, 25) : undefined;
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-200_000)));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-200_000)));
  const done = new Promise<CliRun>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcpact ${options.args.join(' ')} did not finish within ${options.limitMs} ms\n${stderr.slice(-2_000)}`));
    }, options.limitMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(sampler);
      const ms = performance.now() - started;
      resolve({ code, signal, ms, stdout, stderr, ...(peakKb !== undefined && { rssMb: peakKb / 1024 }) });
    });
  });
  const pids = () => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : []);
  return { dir, secret: options.secret ?? SECRET, child, pids, done };
}

/** Waits (polling, bounded) until the fixture has recorded at least `count` pids. */
export async function waitForPids(run: CliCase, count: number, withinMs = 10_000): Promise<number[]> {
  const until = performance.now() + withinMs;
  while (run.pids().length < count) {
    if (performance.now() > until) throw new Error(`the server recorded ${run.pids().length} of ${count} pids within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return run.pids();
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FOREIGN_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/**
 * A line some CI runner would act on (src/cli/ci-commands.ts), read as loosely as any runner might: split at CR, LF
 * and the separators some viewers break on, compatibility forms folded (NFKC: a fullwidth colon is a colon, an
 * ideographic space a space), invisible characters and controls dropped; then a GitHub command after any white space,
 * `##[`, `##vso[` or `##teamcity[` anywhere, a GitLab section marker, a Buildkite group header.
 */
const CI_COMMAND = /^\s*::|##(?:vso|teamcity)?\[|section_(?:start|end):|^(?:---|\+\+\+|~~~)\s|^\^\^\^\s+\+\+\+\s*$/iu;

/** The first line of `text` that a CI runner would act on, if any. */
export function ciCommandLine(text: string): string | undefined {
  return text
    .split(/\r\n|[\r\n\u0085\u2028\u2029]/u)
    .find((line) => CI_COMMAND.test(line.normalize('NFKC').replace(/[\p{Default_Ignorable_Code_Point}\p{Cc}]/gu, '')));
}

/** What every run is held to besides its own outcome. */
export async function expectClean(run: CliCase, result: CliRun): Promise<void> {
  for (const stream of [result.stdout, result.stderr]) {
    expect(stream).not.toMatch(FOREIGN_CONTROL);
    expect(ciCommandLine(stream)).toBeUndefined();
    expect(stream).not.toContain(run.secret);
    expect(stream).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
  }
  for (const file of filesUnder(run.dir)) expect(readFileSync(file, 'utf8'), file).not.toContain(run.secret);
  const running = [];
  for (const pid of run.pids()) if (await alive(pid)) running.push(pid);
  expect(running).toEqual([]);
}

/** The files a run left in its folder (a planted symbolic link is not one mcpact wrote). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const stat = lstatSync(full);
    return stat.isSymbolicLink() ? [] : stat.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Kills whatever a failed run left (so one failure does not leave processes for the next test). */
export function killLeftovers(run: CliCase | undefined): void {
  for (const pid of run?.pids() ?? []) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}
