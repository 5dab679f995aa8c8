/**
 * `npm test` after the build: the SDK twins are built (those whose files changed since their last build), then the
 * test suite runs. The static checks (ESLint, then Prettier) run beside both instead of before them, at a lower CPU
 * priority, so that they fill the time the suite spends waiting on servers rather than adding their own half-minute
 * in front of it. Their output is held and printed after the suite's, so the two never interleave. Exit code: the
 * first failure's (lint, then format, then the twins' build, then tests), else 0.
 *
 * Usage: node dist/scripts/test-all.js [vitest args...]   (npm test passes its extra arguments through)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** `nice` increment of the static checks: the tests have timeouts of their own to keep; lint and format have none. */
const STATIC_NICENESS = 10;

interface Finished {
  name: string;
  code: number;
  output: string;
  ms: number;
}

/** Runs a command from the repository root; `held`: its output is kept for later instead of passed through. */
function run(name: string, command: string, args: string[], held: boolean): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = (code: number) => resolve({ name, code, output: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${name}: ${error.message}\n`));
      done(127);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

const bin = (tool: string) => `${root}node_modules/.bin/${tool}`;
// `nice` is in every POSIX system; where it is missing the checks still run, at normal priority.
const niced = (tool: string, args: string[]): [string, string[]] =>
  process.platform === 'win32' ? [bin(tool), args] : ['nice', ['-n', String(STATIC_NICENESS), bin(tool), ...args]];

async function staticChecks(): Promise<Finished[]> {
  const lint = await run('eslint', ...niced('eslint', ['.']), true);
  const format = await run('prettier', ...niced('prettier', ['--check', '--cache', '--cache-strategy', 'content', '.']), true);
  return [lint, format];
}

const checks = staticChecks();
// The SDK twins that test/sdks/twins.test.ts runs: built once per change of their files (scripts/sdk-twins.ts).
const twins = await run('sdk-twins', process.execPath, [`${root}dist/scripts/sdk-twins.js`], false);
const tests = twins.code === 0 ? await run('vitest', bin('vitest'), ['run', ...process.argv.slice(2)], false) : undefined;
const [lint, format] = await checks;
let code = 0;
for (const step of [lint!, format!, twins, ...(tests ? [tests] : [])]) {
  if (step.output.trim() !== '' && step.code !== 0) process.stdout.write(`\n--- ${step.name} ---\n${step.output}`);
  process.stdout.write(`${step.name}: ${step.code === 0 ? 'passed' : `failed (exit ${step.code})`} in ${(step.ms / 1000).toFixed(1)} s\n`);
  if (code === 0 && step.code !== 0) code = step.code;
}
process.exitCode = code;
