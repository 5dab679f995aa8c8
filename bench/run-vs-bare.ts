/**
 * Times, side by side on the same server, (a) a bare SDK session (bench/bare-session.ts) and (b) a full
 * `mcpact run`, each as a whole process, and prints both medians and their ratio; also `mcpact --version`.
 * Targets (issue #2): full run <= 1.3x the bare session on the bundled example; --version <= 150 ms.
 * Usage: npm run bench [-- --runs N] [-- <server command...>]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const runsFlag = argv.indexOf('--runs');
const runs = runsFlag === -1 ? 15 : Number(argv[runsFlag + 1]);
const custom = argv.indexOf('--');
const server = custom === -1 ? ['node', `${root}dist/examples/server.js`] : argv.slice(custom + 1);

function median(command: string[]): number {
  const times: number[] = [];
  for (let index = 0; index < runs + 1; index++) {
    const started = performance.now();
    const result = spawnSync(command[0]!, command.slice(1), { cwd: root, stdio: 'ignore' });
    const elapsed = performance.now() - started;
    if (result.status === null || result.status > 1) throw new Error(`${command.join(' ')} failed with ${String(result.status ?? result.signal)}`);
    if (index > 0) times.push(elapsed); // the first run warms the file cache
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const bare = median(['node', `${root}dist/bench/bare-session.js`, ...server]);
const full = median(['node', `${root}dist/bin/mcpact.js`, 'run', '--reporter', 'json:/dev/null', '--', ...server]);
const version = median(['node', `${root}dist/bin/mcpact.js`, '--version']);

const row = (label: string, ms: number) => `${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms`;
process.stdout.write(
  [
    `server: ${server.join(' ')}   (median of ${runs} runs, whole processes)`,
    row('bare SDK session', bare),
    row('mcpact run (all rules)', full),
    `${'ratio run / bare'.padEnd(34)} ${(full / bare).toFixed(2).padStart(6)} x   (target <= 1.30)`,
    row('mcpact --version', version) + '   (target <= 150 ms)',
    '',
  ].join('\n'),
);
