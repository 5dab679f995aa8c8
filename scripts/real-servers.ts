/**
 * npm run real-servers [-- [NAME...] [--list | --summary] [-- extra mcpact args]]: the current build on real, pinned MCP servers
 * from npm, PyPI, the Go module proxy and crates.io, offline, with one row per server and every error and warning.
 * A developer's tool, never part of npm test (it installs about 2 GB and takes minutes). CONTRIBUTING.md says how
 * to use it and docs/real-servers.md what it found.
 *
 * The list is scripts/real-servers/servers.json. Each server is installed once, pinned, into
 * $MCPACT_REAL_CACHE/<name> (default ~/.cache/mcpact-real-servers):
 *   npm     npm install --ignore-scripts --before=NPM_BEFORE PACKAGE@VERSION
 *   pypi    uv pip sync --require-hashes scripts/real-servers/pypi/PACKAGE.txt into a virtual environment
 *           (uv itself from scripts/real-servers/uv.txt, with hashes)
 *   go      go build -mod=readonly in scripts/real-servers/go/<name>, whose go.mod and go.sum pin every module
 *   crates  cargo install --locked --version VERSION (the crate's own Cargo.lock)
 * --summary prints the table of the last run again (from $MCPACT_REAL_OUT) without running anything.
 * Then every run, mcpact and the server both, is in a network namespace with only loopback (unshare --net): no
 * preload can hold a Python, Go or Rust server, and a namespace holds them all. Without one it refuses to run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { ServerEntry } from './security-corpus.js';

const ROOT = process.cwd();
const HERE = path.join(ROOT, 'scripts/real-servers');
const LIST = path.join(HERE, 'servers.json');
const MAIN = path.join(ROOT, 'dist/bin/mcpact.js');
const CACHE = path.resolve(process.env.MCPACT_REAL_CACHE ?? path.join(homedir(), '.cache/mcpact-real-servers'));
const OUT = path.resolve(process.env.MCPACT_REAL_OUT ?? '/tmp/mcpact-real-servers');
const JOBS = positive('MCPACT_REAL_JOBS', 2);
const LIMIT_S = positive('MCPACT_REAL_TIMEOUT', 240);
/** npm resolves each server's dependencies as they were published on this day, so a rerun installs the same tree. */
const NPM_BEFORE = '2026-12-06';
const NPM_FLAGS = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `--before=${NPM_BEFORE}`];

type Registry = 'npm' | 'pypi' | 'go' | 'crates';

/**
 * An entry of the list: the shared server format (name, package, version, `bin` or `command` with {prefix},
 * args, env, `files` written into the scratch folder, notes), and the registry it comes from.
 */
interface Server extends ServerEntry {
  registry: Registry;
}

/** What an exact version looks like in each registry (no range, no tag). */
const EXACT: Record<Registry, RegExp> = {
  npm: /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/,
  pypi: /^\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?$/,
  go: /^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/,
  crates: /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/,
};

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(raw)) fail(`${name} must be a positive whole number`);
  return Number(raw);
}

function fail(message: string): never {
  process.stderr.write(`real-servers: ${message}\n`);
  process.exit(2);
}

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

function load(): Server[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(LIST, 'utf8'));
  } catch (error) {
    fail(`${LIST}: ${(error as Error).message}`);
  }
  if (!Array.isArray(raw)) fail(`${LIST}: expected an array of servers`);
  const seen = new Set<string>();
  return raw.map((entry: Record<string, unknown>, index) => {
    const where = `${LIST}: entry ${index}${typeof entry?.name === 'string' ? ` (${entry.name})` : ''}`;
    if (typeof entry.name !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/.test(entry.name) || seen.has(entry.name)) fail(`${where}: a unique name of [a-z0-9._-]`);
    seen.add(entry.name);
    const registry = entry.registry as Registry;
    if (!(registry in EXACT)) fail(`${where}: registry is one of ${Object.keys(EXACT).join(', ')}`);
    if (typeof entry.package !== 'string' || entry.package === '') fail(`${where}: package is required`);
    if (typeof entry.version !== 'string' || !EXACT[registry].test(entry.version)) fail(`${where}: version must be exact for ${registry}`);
    if ((entry.bin === undefined) === (entry.command === undefined)) fail(`${where}: give either bin or command`);
    if (entry.args !== undefined && !(Array.isArray(entry.args) && entry.args.every((a) => typeof a === 'string'))) fail(`${where}: args must be strings`);
    if (entry.env !== undefined && !isRecordOfStrings(entry.env)) fail(`${where}: env values must be strings`);
    if (
      entry.files !== undefined &&
      !(isRecordOfStrings(entry.files) && Object.keys(entry.files).every((f) => !path.isAbsolute(f) && !f.split(/[\\/]/).includes('..')))
    )
      fail(`${where}: files maps relative paths to strings`);
    return entry as unknown as Server;
  });
}

/** Runs a command to its end; its output goes to `log` (a file descriptor) or is ignored. */
function exec(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; log?: number } = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', options.log ?? 'ignore', options.log ?? 'ignore'],
    });
    child.on('error', () => resolve(127));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
}

const pypiLock = (server: Server) => path.join(HERE, 'pypi', `${server.package}.txt`);
const goModule = (server: Server) => path.join(HERE, 'go', server.name);

/** What an install was made from: the marker of a cached install, redone when this changes. */
function recipe(server: Server): string {
  switch (server.registry) {
    case 'npm':
      return `npm ${server.package}@${server.version} ${NPM_FLAGS.join(' ')}`;
    case 'pypi':
      return `pypi ${server.package}==${server.version} ${sha256(pypiLock(server))}`;
    case 'go':
      return `go ${server.package}@${server.version} ${sha256(path.join(goModule(server), 'go.sum'))}`;
    case 'crates':
      return `crates ${server.package}@${server.version} --locked`;
  }
}

/** uv, installed once per run at most, however many Python servers install side by side. */
let uvInstall: Promise<string> | undefined;
function ensureUv(log: number): Promise<string> {
  uvInstall ??= installUv(log);
  return uvInstall;
}

async function installUv(log: number): Promise<string> {
  const venv = path.join(CACHE, '.uv');
  const uv = path.join(venv, 'bin', 'uv');
  const marker = path.join(venv, '.installed');
  const want = sha256(path.join(HERE, 'uv.txt'));
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === want) return uv;
  rmSync(venv, { recursive: true, force: true });
  if ((await exec('python3', ['-m', 'venv', venv], { log })) !== 0) throw new Error('python3 -m venv failed');
  const pip = path.join(venv, 'bin', 'pip');
  if ((await exec(pip, ['install', '--quiet', '--require-hashes', '-r', path.join(HERE, 'uv.txt')], { log })) !== 0) throw new Error('pip install uv failed');
  writeFileSync(marker, `${want}\n`);
  return uv;
}

async function install(server: Server, prefix: string, log: number): Promise<void> {
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  const ok = (code: number, what: string) => {
    if (code !== 0) throw new Error(`${what} exited ${code}`);
  };
  switch (server.registry) {
    case 'npm':
      return ok(await exec('npm', ['install', ...NPM_FLAGS, '--prefix', prefix, `${server.package}@${server.version}`], { cwd: prefix, log }), 'npm install');
    case 'pypi': {
      const uv = await ensureUv(log);
      ok(await exec(uv, ['venv', '--quiet', '--python', '3.11', prefix], { log }), 'uv venv');
      const env = { ...process.env, VIRTUAL_ENV: prefix };
      return ok(await exec(uv, ['pip', 'sync', '--quiet', '--require-hashes', pypiLock(server)], { env, log }), 'uv pip sync');
    }
    case 'go': {
      const env = { ...process.env, GOFLAGS: '-modcacherw' };
      const args = ['build', '-mod=readonly', '-o', path.join(prefix, 'bin', server.bin ?? 'server'), server.package];
      return ok(await exec('go', args, { cwd: goModule(server), env, log }), 'go build');
    }
    case 'crates':
      return ok(await exec('cargo', ['install', '--locked', '--version', server.version, '--root', prefix, server.package], { log }), 'cargo install');
  }
}

/** How to put a run in a network namespace with only loopback, or why that cannot be done here. */
function namespaceCommand(): string[] {
  const root = process.getuid?.() === 0;
  const unshare = root ? ['unshare', '--net'] : ['unshare', '--user', '--map-root-user', '--net'];
  const ip = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip'].find((candidate) => existsSync(candidate));
  if (ip === undefined) fail('no `ip` command (iproute2): it brings loopback up in the network namespace');
  const probe = spawnSync(unshare[0]!, [...unshare.slice(1), ip, 'link', 'set', 'lo', 'up'], { stdio: 'ignore' });
  if (probe.status !== 0)
    fail(
      `cannot make a network namespace (${unshare.join(' ')} failed${root ? '' : ': not root, and unprivileged user namespaces may be off'}). ` +
        'The servers would then reach the network, which no preload stops for Python, Go or Rust: run as root or where user namespaces are allowed.',
    );
  return [...unshare, '--', 'sh', '-c', `${ip} link set lo up && exec "$@"`, 'sh'];
}

function serverCommand(server: Server, prefix: string, scratch: string): string[] {
  const expand = (text: string) => text.split('{prefix}').join(prefix).split('{scratch}').join(scratch);
  const program =
    server.command !== undefined ? expand(server.command) : path.join(prefix, server.registry === 'npm' ? 'node_modules/.bin' : 'bin', server.bin!);
  return [program, ...(server.args ?? []).map(expand)];
}

async function runOne(server: Server, sandbox: string[], extra: string[]): Promise<void> {
  const prefix = path.join(CACHE, server.name);
  const marker = path.join(prefix, '.mcpact-real-servers');
  const status = path.join(OUT, `${server.name}.status`);
  for (const ext of ['json', 'txt', 'log', 'status']) rmSync(path.join(OUT, `${server.name}.${ext}`), { force: true });
  const want = recipe(server);
  if (!existsSync(marker) || readFileSync(marker, 'utf8').trim() !== want) {
    process.stdout.write(`  installing ${server.name} (${server.registry} ${server.package} ${server.version})\n`);
    const log = openLog(path.join(OUT, `${server.name}.install.log`));
    try {
      await install(server, prefix, log);
      writeFileSync(marker, `${want}\n`);
    } catch (error) {
      writeFileSync(status, 'install-failed -\n');
      process.stdout.write(`  ${server.name}: ${(error as Error).message}; see ${server.name}.install.log\n`);
      return;
    }
  }
  const scratch = path.join(OUT, 'work', server.name);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const expand = (text: string) => text.split('{prefix}').join(prefix).split('{scratch}').join(scratch);
  for (const [file, text] of Object.entries(server.files ?? {})) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), expand(text));
  }
  // Through env(1), not mcpact's -e: -e values are redacted from reports, and dummy values such as "true" or
  // "error" would then blank those words in every message.
  const env = Object.entries(server.env ?? {}).map(([key, value]) => `${key}=${expand(value)}`);
  const mcpact = [
    process.execPath,
    MAIN,
    'run',
    '--reporter',
    `json:${path.join(OUT, `${server.name}.json`)}`,
    '--reporter',
    `console:${path.join(OUT, `${server.name}.txt`)}`,
    ...extra,
    '--',
    ...(env.length > 0 ? ['env', ...env] : []),
    ...serverCommand(server, prefix, scratch),
  ];
  writeFileSync(path.join(OUT, `${server.name}.cmd`), `cd ${quote(scratch)} && ${[...sandbox, ...mcpact].map(quote).join(' ')}\n`);
  const started = performance.now();
  const code = await exec('timeout', ['-k', '10', String(LIMIT_S), ...sandbox, ...mcpact], {
    cwd: scratch,
    log: openLog(path.join(OUT, `${server.name}.log`)),
  });
  const wall = ((performance.now() - started) / 1000).toFixed(1);
  writeFileSync(status, `${code} ${wall}\n`);
  process.stdout.write(`  ${server.name.padEnd(22)} exit ${String(code).padEnd(3)} ${wall.padStart(6)} s\n`);
}

/** A file descriptor for a child's output, the file emptied first (closed when this process exits). */
function openLog(file: string): number {
  writeFileSync(file, '');
  return openSync(file, 'a');
}

function quote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function oneLine(text: unknown, max: number): string {
  const line = String(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

interface ReportFinding {
  ruleId: string;
  severity: string;
  message: string;
  location?: { kind?: string; name?: string; pointer?: string };
  inherited?: unknown;
}

/** The parts of mcpact's JSON report the summary reads. */
interface RunReport {
  complete?: boolean;
  servers?: { complete?: boolean; error?: string; era?: string; findings?: ReportFinding[] }[];
}

function summary(servers: Server[]): number {
  const rows: string[][] = [];
  const problems: string[] = [];
  const details: string[] = [];
  for (const server of servers) {
    const spec = `${server.package}@${server.version}`;
    const [rc = '-', wall = '-'] = (existsSync(path.join(OUT, `${server.name}.status`)) ? readFileSync(path.join(OUT, `${server.name}.status`), 'utf8') : '')
      .trim()
      .split(/\s+/);
    const exit = rc === '124' || rc === '137' ? `${rc} timeout` : rc;
    let report: RunReport | undefined;
    try {
      report = JSON.parse(readFileSync(path.join(OUT, `${server.name}.json`), 'utf8')) as RunReport;
    } catch {
      report = undefined;
    }
    const result = report?.servers?.[0];
    if (!result) {
      rows.push([server.name, server.registry, spec, exit, wall, '-', '-', `(no report: see ${server.name}.log)`]);
      problems.push(`${server.name}: no report (exit ${exit})`);
      continue;
    }
    const findings = result.findings ?? [];
    const count = (severity: string) => findings.filter((f) => f.severity === severity).length;
    const byRule = new Map<string, number>();
    for (const f of findings) byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
    const top = [...byRule]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 3)
      .map(([id, n]) => `${id}×${n}`)
      .join(', ');
    rows.push([server.name, server.registry, spec, exit, wall, result.era ?? '-', `${count('error')}/${count('warning')}/${count('info')}`, top || '-']);
    if (!result.complete || !report?.complete) problems.push(`${server.name}: incomplete: ${oneLine(result.error ?? 'see the report', 300)}`);
    const shown = findings.filter((f) => f.severity === 'error' || f.severity === 'warning');
    if (shown.length > 0) {
      details.push(`\n${server.name} (${spec}):`);
      for (const f of shown) {
        const l = f.location ?? {};
        const where = `${l.kind ?? '?'}${l.name !== undefined ? `:${l.name}` : ''}${l.pointer ? ` ${l.pointer}` : ''}`;
        details.push(`  ${f.severity === 'error' ? 'E' : 'W'}${f.inherited ? ' (inherited)' : ''} ${f.ruleId}  ${where}  ${oneLine(f.message, 200)}`);
      }
    }
  }
  const head = ['name', 'registry', 'package@version', 'exit', 'wall s', 'era', 'E/W/I', 'top rules (ruleId×count)'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  for (const p of problems) console.log(`! ${p}`);
  console.log(details.length > 0 ? `\nErrors (E) and warnings (W), each on one line:${details.join('\n')}` : '\nNo error or warning.');
  return problems.length > 0 ? 1 : 0;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const cut = argv.indexOf('--');
  const own = cut === -1 ? argv : argv.slice(0, cut);
  const extra = cut === -1 ? [] : argv.slice(cut + 1);
  if (own.includes('--help') || own.includes('-h')) {
    console.log(
      readFileSync(new URL(import.meta.url), 'utf8')
        .match(/\/\*\*([\s\S]*?)\*\//)?.[1]
        ?.replace(/^ \* ?/gm, '') ?? '',
    );
    return;
  }
  const all = load();
  if (own.includes('--list')) {
    for (const s of all) console.log(`${s.name.padEnd(22)} ${s.registry.padEnd(7)} ${`${s.package}@${s.version}`.padEnd(64)} ${s.notes ?? ''}`);
    return;
  }
  const unknown = own.filter((arg) => arg.startsWith('-') && arg !== '--summary');
  if (unknown.length > 0) fail(`unknown option ${unknown[0]} (mcpact's own options go after a second --)`);
  const names = own.filter((arg) => arg !== '--summary');
  const selected = names.length === 0 ? all : names.map((n) => all.find((s) => s.name === n) ?? fail(`unknown server "${n}"; --list shows them`));
  if (own.includes('--summary')) {
    process.exitCode = summary(selected);
    return;
  }
  if (!existsSync(MAIN)) fail('no dist/bin/mcpact.js here: run from the project root (npm run real-servers builds first)');
  const sandbox = namespaceCommand();
  mkdirSync(path.join(OUT, 'work'), { recursive: true });
  mkdirSync(CACHE, { recursive: true });
  console.log(`mcpact on ${selected.length} real server(s), ${JOBS} at a time, offline (network namespace); output in ${OUT}`);
  const started = performance.now();
  const queue = [...selected];
  await Promise.all(
    Array.from({ length: Math.min(JOBS, queue.length) }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await runOne(next, sandbox, extra);
    }),
  );
  console.log(`all done in ${Math.round((performance.now() - started) / 1000)} s\n`);
  process.exitCode = summary(selected);
}

await main();
