/** Runs the built CLI (dist/) as a user would, with a clean environment unless told otherwise. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = `${ROOT}dist/bin/mcpact.js`;
export const EVERYTHING = `${ROOT}node_modules/.bin/mcp-server-everything`;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `nodeArgs`: what node gets before mcpact's script (`['--']`: Node then reads none of mcpact's arguments as its own). */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; nodeArgs?: string[] } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcpact ${args.join(' ')} did not finish within ${options.timeoutMs ?? 30_000} ms`));
    }, options.timeoutMs ?? 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * True while a process with this pid is running. A zombie (killed, not yet reaped: this machine's init does not
 * reap) is not running. SIGKILL lands asynchronously, so give it up to a second.
 */
export async function alive(pid: number): Promise<boolean> {
  const until = Date.now() + 1_000;
  for (;;) {
    const running = runningNow(pid);
    if (!running || Date.now() > until) return running;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function runningNow(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
