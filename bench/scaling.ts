/**
 * How the cost of a default `mcpact run` grows with the contract (issue #14): for a generated, correct server
 * (bench/generated-server.ts) with N tools, then N prompts, it times a bare SDK session (spawn, handshake, list
 * everything, close) and `mcpact run` side by side, interleaved, whole processes, and prints per N the medians,
 * their ratio, mcpact's peak resident set (from /usr/bin/time, when it is there), the requests the server processes
 * received in all (every child, probes included) and the error findings (the server is correct: any is false);
 * then N resources.
 * Targets: 10,000 tools <= 6x and <= 500 MB; 3,000 prompts <= 6x and <= 400 MB.
 * Usage: npm run bench:scaling [-- --runs N] [-- --tools 10,100] [-- --prompts 10,100] [-- --resources 10,100]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const list = (name: string, fallback: number[]) => option(name)?.split(',').map(Number) ?? fallback;
const runs = Number(option('--runs') ?? 3);
const toolCounts = list('--tools', [10, 100, 1_000, 10_000]);
const promptCounts = list('--prompts', [10, 100, 1_000, 3_000]);
const resourceCounts = list('--resources', [10, 100, 1_000, 10_000]);
const TIME = '/usr/bin/time';
const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-bench-scaling-'));

interface Sample {
  ms: number;
  rssMb?: number;
}

function once(command: string[]): Sample {
  const measured = existsSync(TIME) ? [TIME, '-f', '%M', ...command] : command;
  const started = performance.now();
  const result = spawnSync(measured[0]!, measured.slice(1), { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (result.status === null || result.status > 1)
    throw new Error(`${command.join(' ')} failed with ${String(result.status ?? result.signal)}: ${result.stderr.slice(-2000)}`);
  const kb = existsSync(TIME) ? Number(result.stderr.trim().split('\n').at(-1)) : NaN;
  return { ms, rssMb: Number.isFinite(kb) ? kb / 1024 : undefined };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function row(label: string, serverArgs: string[]): string {
  const server = ['node', `${root}dist/bench/generated-server.js`, ...serverArgs];
  const bare: number[] = [];
  const full: Sample[] = [];
  for (let index = 0; index < runs; index++) {
    bare.push(once(['node', `${root}dist/bench/bare-session.js`, ...server]).ms);
    full.push(once(['node', `${root}dist/bin/mcpact.js`, 'run', '--reporter', 'json:/dev/null', '--', ...server]));
  }
  // One more run for what the timed ones leave out: the requests every server process received, and the findings.
  const stats = path.join(dir, `${label}.jsonl`);
  const report = path.join(dir, `${label}.json`);
  once(['node', `${root}dist/bin/mcpact.js`, 'run', '--reporter', `json:${report}`, '--', ...server, '--stats', stats]);
  const requests = readFileSync(stats, 'utf8')
    .trim()
    .split('\n')
    .reduce((sum, line) => sum + (JSON.parse(line) as { requests: number }).requests, 0);
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as { summary: { findings: { error: number } } };
  const wall = median(full.map((sample) => sample.ms));
  const rss = full.every((sample) => sample.rssMb !== undefined) ? median(full.map((sample) => sample.rssMb!)) : undefined;
  const cells = [
    label,
    `${median(bare).toFixed(0)} ms`,
    `${wall.toFixed(0)} ms`,
    `${(wall / median(bare)).toFixed(1)}x`,
    rss === undefined ? 'n/a' : `${rss.toFixed(0)} MB`,
    String(requests),
    String(parsed.summary.findings.error),
  ];
  return `| ${cells.join(' | ')} |`;
}

const header = ['contract', 'bare session', 'mcpact run', 'ratio', 'peak RSS', 'requests', 'errors'];
const lines = [`median of ${runs} runs, whole processes, interleaved`, '', `| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
process.stdout.write(`${lines.join('\n')}\n`);
for (const count of toolCounts) process.stdout.write(`${row(`${count} tools`, ['--tools', String(count)])}\n`);
for (const count of promptCounts) process.stdout.write(`${row(`${count} prompts`, ['--tools', '1', '--prompts', String(count)])}\n`);
for (const count of resourceCounts) process.stdout.write(`${row(`${count} resources`, ['--tools', '1', '--resources', String(count)])}\n`);
rmSync(dir, { recursive: true, force: true });
