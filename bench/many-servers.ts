/**
 * Times, side by side, `mcpact run` on a config of one copy of the bundled example server and on a config of N
 * copies (default 10), interleaved, whole processes, and prints the medians and their ratio. Target (issue #14):
 * 10 servers <= 3x one server, servers running side by side (`--concurrency`, default the CPU cores, at least 2).
 * Usage: npm run bench:servers [-- --runs N] [-- --servers N] [-- --concurrency N]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const runs = flag('--runs', 5);
const count = flag('--servers', 10);
const concurrency = argv.includes('--concurrency') ? ['--concurrency', String(flag('--concurrency', 2))] : [];

const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-bench-servers-'));
const config = (n: number) => {
  const file = path.join(dir, `servers-${n}.yaml`);
  const servers = Array.from(
    { length: n },
    (_, index) => `  - name: example-${index}\n    transport: stdio\n    command: node\n    args: [${JSON.stringify(`${root}dist/examples/server.js`)}]\n`,
  );
  writeFileSync(file, `servers:\n${servers.join('')}`);
  return file;
};
const one = config(1);
const many = config(count);

function time(file: string): number {
  const started = performance.now();
  const result = spawnSync('node', [`${root}dist/bin/mcpact.js`, 'run', '-c', file, '--reporter', 'json:/dev/null', ...concurrency], {
    cwd: root,
    stdio: 'ignore',
  });
  if (result.status === null || result.status > 1) throw new Error(`mcpact run -c ${file} failed with ${String(result.status ?? result.signal)}`);
  return performance.now() - started;
}

const times: { one: number[]; many: number[] } = { one: [], many: [] };
time(one); // warms the file cache
for (let index = 0; index < runs; index++) {
  times.one.push(time(one));
  times.many.push(time(many));
}
rmSync(dir, { recursive: true, force: true });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const row = (label: string, ms: number) => `${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms`;
process.stdout.write(
  [
    `example server, median of ${runs} interleaved runs, whole processes${concurrency.length > 0 ? ` (${concurrency.join(' ')})` : ''}`,
    row('1 server', median(times.one)),
    row(`${count} servers`, median(times.many)),
    `${`ratio ${count} / 1`.padEnd(34)} ${(median(times.many) / median(times.one)).toFixed(2).padStart(6)} x   (target <= 3.00 for 10)`,
    '',
  ].join('\n'),
);
