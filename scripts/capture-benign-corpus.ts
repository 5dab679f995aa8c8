/**
 * Captures the benign corpus (issue #12): every text that reaches the model from real MCP servers on npm, one file
 * per server under corpus/benign/, and corpus/benign/README.md listing them.
 *
 *   npm run build && node dist/scripts/capture-benign-corpus.js [--guard FILE] [--cache DIR] [--jobs N] [NAME...]
 *
 * Each server of corpus/benign/servers.json is installed once, pinned, with `npm install --ignore-scripts` into
 * <cache>/<name> (default $MCPACT_REAL_CACHE or ~/.cache/mcpact-real, the layout of shared/tools/try-real-servers,
 * so both reuse one install), then started over stdio in a scratch directory with the offline guard preloaded
 * (default ../shared/tools/offline-guard.cjs: no traffic leaves 127.0.0.1) and its dummy env, and its contract
 * is captured with mcpact's own openCapturedSession. Nothing is called: listing needs no backend.
 *
 * The output is deterministic: texts sorted, no timestamps, the install and scratch paths written as {prefix}
 * and {scratch}. A server that cannot be installed or started keeps its previous file, and the run exits 1.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { childEnvironment } from '../src/connect/child-env.js';
import { items } from '../src/surface/items.js';
import { openCapturedSession } from '../src/surface/open.js';
import type { ListKind, Surface } from '../src/surface/types.js';
import { asRecord } from '../src/util/json.js';
import { CORPUS_DIR, compareTexts, isProse, itemTexts, loadBenign, readJson, type BenignServer, type CorpusText, type ServerEntry } from './security-corpus.js';

const run = promisify(execFile);
const NPM_FLAGS = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
const BENIGN = new URL('benign/', CORPUS_DIR);
const KINDS: Record<ListKind, Exclude<CorpusText['where']['kind'], 'server'>> = {
  tools: 'tool',
  prompts: 'prompt',
  resources: 'resource',
  resourceTemplates: 'resourceTemplate',
};

interface Options {
  guard: string;
  cache: string;
  jobs: number;
  names: string[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    guard: resolve('../shared/tools/offline-guard.cjs'),
    cache: process.env.MCPACT_REAL_CACHE ?? join(homedir(), '.cache', 'mcpact-real'),
    jobs: 2,
    names: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => argv[++i] ?? fail(`${arg} needs a value`);
    if (arg === '--guard') options.guard = resolve(value());
    else if (arg === '--cache') options.cache = resolve(value());
    else if (arg === '--jobs') options.jobs = Number(value());
    else if (arg.startsWith('-')) fail(`unknown option ${arg}`);
    else options.names.push(arg);
  }
  if (!existsSync(options.guard)) fail(`no offline guard at ${options.guard} (--guard FILE)`);
  if (!Number.isInteger(options.jobs) || options.jobs < 1) fail('--jobs must be a positive integer');
  return options;
}

function fail(message: string): never {
  process.stderr.write(`capture-benign-corpus: ${message}\n`);
  process.exit(2);
}

function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

function loadEntries(): ServerEntry[] {
  const entries = readJson(new URL('servers.json', BENIGN));
  if (!Array.isArray(entries)) fail('corpus/benign/servers.json: expected an array');
  const seen = new Set<string>();
  for (const entry of entries as ServerEntry[]) {
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(entry.name) || seen.has(entry.name)) fail(`servers.json: bad or duplicate name ${entry.name}`);
    seen.add(entry.name);
    if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(entry.version)) fail(`servers.json: ${entry.name}: version must be exact`);
    if ((entry.bin === undefined) === (entry.command === undefined)) fail(`servers.json: ${entry.name}: give either bin or command`);
    for (const file of Object.keys(entry.files ?? {}))
      if (isAbsolute(file) || file.split(/[\\/]/).includes('..')) fail(`servers.json: ${entry.name}: bad file ${file}`);
  }
  return entries as ServerEntry[];
}

/** Installs the pinned package unless the cache already holds exactly it (the marker of try-real-servers). */
async function install(entry: ServerEntry, prefix: string): Promise<void> {
  const marker = join(prefix, '.mcpact-real-installed');
  const want = `${entry.package}@${entry.version} ${NPM_FLAGS.join(' ')}`;
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === want) return;
  say(`  ${entry.name}: installing ${entry.package}@${entry.version}`);
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  await run('npm', ['install', ...NPM_FLAGS, '--prefix', prefix, `${entry.package}@${entry.version}`], { cwd: prefix, timeout: 600_000 });
  writeFileSync(marker, `${want}\n`);
}

/** The package's declared licence; "SEE LICENSE IN <file>" is resolved to the licence that file names. */
function packageLicense(prefix: string, name: string): string {
  const dir = join(prefix, 'node_modules', name);
  const manifest = asRecord(readJson(join(dir, 'package.json')));
  const field = manifest?.license ?? asRecord(manifest?.license)?.type;
  const declared = typeof field === 'string' ? field : undefined;
  const shipped = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license'].find((name) => existsSync(join(dir, name)));
  const file = declared === undefined ? shipped : /^SEE LICEN[CS]E IN (.+)$/i.exec(declared)?.[1];
  if (file === undefined) return declared ?? 'NONE';
  const text = existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8').slice(0, 2000) : '';
  const named =
    text === ''
      ? 'file not in the package'
      : /MIT License|Permission is hereby granted, free of charge/i.test(text)
        ? 'MIT'
        : /Apache License[\s\S]{0,40}Version 2\.0/i.test(text)
          ? 'Apache-2.0'
          : 'unrecognized';
  return declared === undefined ? `no license field; ${file}: ${named}` : `${declared} (${named})`;
}

/** Every text of the captured contract, with the machine's paths replaced by placeholders. */
function contractTexts(surface: Surface, paths: { prefix: string; scratch: string }): CorpusText[] {
  const clean = (text: string) => text.split(paths.prefix).join('{prefix}').split(paths.scratch).join('{scratch}');
  const texts: CorpusText[] = [];
  if (surface.instructions !== undefined && surface.instructions !== '') {
    texts.push({ where: { kind: 'server', pointer: '/instructions' }, text: clean(surface.instructions) });
  }
  for (const list of Object.keys(KINDS) as ListKind[]) {
    for (const item of items(surface, list)) {
      const { name, texts: found } = itemTexts(KINDS[list], item.raw);
      for (const { pointer, text } of found) {
        texts.push({ where: { kind: KINDS[list], ...(name !== undefined && { name: clean(name) }), pointer }, text: clean(text) });
      }
    }
  }
  const unique = new Map(texts.map((text) => [JSON.stringify(text), text]));
  return [...unique.values()].sort(compareTexts);
}

async function capture(entry: ServerEntry, options: Options): Promise<BenignServer> {
  const prefix = join(options.cache, entry.name);
  await install(entry, prefix);
  // A fixed scratch path: some servers name their working directory in a description.
  const scratch = join(tmpdir(), 'mcpact-corpus', entry.name);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const expand = (text: string) => text.split('{prefix}').join(prefix).split('{scratch}').join(scratch);
  for (const [file, text] of Object.entries(entry.files ?? {})) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), expand(text));
  }
  const env = Object.fromEntries(Object.entries(entry.env ?? {}).map(([key, value]) => [key, expand(value)]));
  const own = env.NODE_OPTIONS !== undefined ? ` ${env.NODE_OPTIONS}` : '';
  env.NODE_OPTIONS = `--require ${JSON.stringify(options.guard)}${own}`;
  env.OFFLINE_GUARD_QUIET = '1';
  const command = entry.bin !== undefined ? join(prefix, 'node_modules', '.bin', entry.bin) : expand(entry.command!);
  const { session, surface } = await openCapturedSession(
    { kind: 'stdio', command, args: (entry.args ?? []).map(expand), env: childEnvironment(env), cwd: scratch },
    { connectMs: 60_000, callMs: 30_000, clientVersion: 'corpus', signal: AbortSignal.timeout(120_000) },
  );
  try {
    // A list that needs the (unreachable) backend is left out and named; without tools there is nothing to keep.
    const failed = Object.values(surface.lists).filter((list) => list.status !== 'ok' && list.status !== 'not-declared');
    if (surface.lists.tools.status !== 'ok') throw new Error(`could not list tools (${surface.lists.tools.status})`);
    const license = packageLicense(prefix, entry.package);
    if (license === 'NONE' || license.includes('unrecognized'))
      throw new Error(`licence "${license}" is not known to allow redistribution: its texts are not included`);
    const info = surface.serverInfo ?? {};
    return {
      name: entry.name,
      package: entry.package,
      version: entry.version,
      license,
      serverInfo: {
        ...(typeof info.name === 'string' && { name: info.name }),
        ...(typeof info.version === 'string' && { version: info.version }),
      },
      ...(failed.length > 0 && { unlisted: failed.map((list) => `${list.spec.method}: ${list.status}`).sort() }),
      texts: contractTexts(surface, { prefix, scratch }),
    };
  } finally {
    await session.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function readme(servers: readonly BenignServer[], entries: readonly ServerEntry[]): string {
  const notes = new Map(entries.map((entry) => [entry.name, entry.notes ?? '']));
  const prose = servers.reduce((sum, server) => sum + server.texts.filter(isProse).length, 0);
  const all = servers.reduce((sum, server) => sum + server.texts.length, 0);
  const rows = servers.map((server) => {
    const count = (kind: string) => new Set(server.texts.filter((text) => text.where.kind === kind).map((text) => text.where.name)).size;
    const cells = [
      `\`${server.package}\``,
      server.version,
      server.license,
      String(count('tool')),
      String(count('prompt')),
      String(count('resource') + count('resourceTemplate')),
      String(server.texts.filter(isProse).length),
      (notes.get(server.name) ?? '').replace(/\|/g, '\\|'),
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return [
    '# Benign corpus',
    '',
    'Every text that real MCP servers from npm hand to the model: tool names, titles, descriptions and',
    '`annotations.title`, every description and title at any depth of the input and output schemas (with property',
    'names), prompt and prompt-argument names and descriptions, resource and resource-template names, titles and',
    "descriptions, and the server's `instructions`. One file per server, `<name>.json`:",
    '`{ name, package, version, license, serverInfo, texts: [{ where: { kind, name, pointer }, text }] }`, the pointer',
    'relative to the item (for `kind: "server"`, to the initialize result). Paths of the capturing machine are',
    'written `{prefix}` (the install directory) and `{scratch}` (the working directory).',
    '',
    'Rebuild: `npm run build && node dist/scripts/capture-benign-corpus.js [NAME...]` (see its header: each server',
    'of `servers.json` installed pinned with `npm install --ignore-scripts`, started offline behind the offline',
    'guard with dummy credentials, listed with mcpact, never called). This README is regenerated with the files.',
    '',
    `${servers.length} servers, ${prose} descriptions, titles and instructions (${all} texts with names).`,
    "Each text is the work of the package's authors, included as data under the licence the package declares",
    '(column "licence", its `package.json` `license` field).',
    '',
    '| package | version | licence | tools | prompts | resources | descriptions | how it was started |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const entries = loadEntries();
  const selected =
    options.names.length === 0 ? entries : options.names.map((name) => entries.find((entry) => entry.name === name) ?? fail(`unknown server ${name}`));
  mkdirSync(BENIGN, { recursive: true });
  let failures = 0;
  const queue = [...selected];
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      try {
        const server = await capture(entry, options);
        writeFileSync(new URL(`${entry.name}.json`, BENIGN), `${JSON.stringify(server, null, 2)}\n`);
        say(`  ${entry.name}: ${server.texts.length} texts (${server.texts.filter(isProse).length} descriptions)`);
      } catch (error) {
        failures++;
        say(`  ${entry.name}: FAILED: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.jobs, selected.length) }, worker));
  const known = new Set(entries.map((entry) => entry.name));
  const servers = loadBenign(BENIGN).filter((server) => known.has(server.name));
  writeFileSync(new URL('README.md', BENIGN), readme(servers, entries));
  say(`${servers.length} servers in corpus/benign; ${failures} failed this run`);
  process.exitCode = failures > 0 ? 1 : 0;
}

await main();
