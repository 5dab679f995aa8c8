/**
 * Builds the SDK twins (fixtures/sdks/<sdk>/twin.json, fixtures/sdks/README.md) that test/sdks/twins.test.ts
 * runs mcpact on. Each twin is built into .cache/sdk-twins/<sdk>-<hash>/, where the hash covers every file of the
 * twin's directory (sources, manifest without its verdict fields, lockfile): an unchanged twin is not built again, and a changed one never
 * runs its old build. A twin whose toolchain is not installed is skipped, with the reason in the index the test
 * reads (.cache/sdk-twins/index.json); a toolchain that is there but fails to build is an error, exit 1.
 *
 * Usage: node dist/scripts/sdk-twins.js [--quiet]   (npm run sdk-twins; npm test runs it before the tests)
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SDK_TWINS_DIR, TWIN_CACHE_DIR, TWIN_INDEX, type TwinIndex, type TwinManifest, readTwinManifest } from './sdk-twins/manifest.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const quiet = process.argv.includes('--quiet');
const say = (line: string) => {
  if (!quiet) process.stdout.write(`${line}\n`);
};

/** What a toolchain writes beside the sources when a twin is run or built by hand: not part of its inputs. */
const GENERATED = new Set(['__pycache__', 'target', 'node_modules']);

/** Every file of a twin's directory, by path relative to it, sorted: what its build depends on. */
function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .filter((entry) => !GENERATED.has(entry.name))
    .flatMap((entry) => {
      const relative = path.join(prefix, entry.name);
      return entry.isDirectory() ? filesOf(dir, relative) : [relative];
    })
    .sort();
}

/**
 * The fields of twin.json that state mcpact's verdicts on the twin (test/sdks/twins.test.ts reads them), not how it
 * is built: a change of verdict must not rebuild a Rust or Java twin for minutes.
 */
const VERDICT_FIELDS = new Set(['known', 'identities', 'alsoInherited', 'sdkRefuses']);

/** A file's bytes as the build sees them: twin.json without its verdict fields. */
function buildInput(dir: string, file: string): Buffer | string {
  const bytes = readFileSync(path.join(dir, file));
  if (file !== 'twin.json') return bytes;
  const manifest = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.entries(manifest).filter(([key]) => !VERDICT_FIELDS.has(key))));
}

function hashOf(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(dir)) hash.update(file).update('\0').update(buildInput(dir, file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;
}

/** `{out}`: the twin's build directory; `{dir}`: its source directory; `{root}`: the repository. */
const fill = (argument: string, out: string, dir: string) =>
  argument.replaceAll('{out}', out).replaceAll('{dir}', dir).replaceAll('{root}', root.replace(/\/$/, ''));

function runStep(step: readonly string[], cwd: string, log: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step[0]!, step.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
    child.on('error', (error) => {
      log.push(`${error.message}\n`);
      resolve(127);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function build(name: string, manifest: TwinManifest, dir: string): Promise<TwinIndex[string]> {
  const out = path.join(root, TWIN_CACHE_DIR, `${name}-${hashOf(dir)}`);
  const done = path.join(out, '.built');
  const entry = { out, start: manifest.start.map((argument) => fill(argument, out, dir)), http: manifest.http, eras: manifest.eras };
  if (existsSync(done)) {
    say(`${name}: built (cached)`);
    return { ...entry, status: 'built', ms: 0 };
  }
  const missing = [manifest.toolchain].filter((command) => !hasCommand(command));
  if (missing.length > 0) {
    say(`${name}: skipped, ${missing.join(', ')} is not installed`);
    return { ...entry, status: 'skipped', reason: `${missing.join(', ')} is not installed` };
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const started = performance.now();
  const log: string[] = [];
  for (const step of manifest.build) {
    const command = step.map((argument) => fill(argument, out, dir));
    let code = await runStep(command, dir, log);
    // A registry that drops one download fails a clean build; every step here is safe to run again (pip, go,
    // cargo and mvn pick up where they stopped), so a failed step gets one more try before the build fails.
    if (code !== 0) code = await runStep(command, dir, log);
    if (code !== 0) {
      process.stderr.write(`${name}: build step failed (exit ${code}): ${step.join(' ')}\n${log.join('').slice(-4000)}\n`);
      process.exit(1);
    }
  }
  const ms = Math.round(performance.now() - started);
  writeFileSync(done, `${ms}\n`);
  say(`${name}: built in ${(ms / 1000).toFixed(1)} s`);
  return { ...entry, status: 'built', ms };
}

const twinsDir = path.join(root, SDK_TWINS_DIR);
const twins = readdirSync(twinsDir)
  .sort()
  .filter((name) => existsSync(path.join(twinsDir, name, 'twin.json')))
  .map((name) => ({ name, dir: path.join(twinsDir, name), manifest: readTwinManifest(path.join(twinsDir, name, 'twin.json')) }));
// One lane per toolchain, the lanes side by side: a pip install waits on downloads while a Go or Rust build
// compiles, and two twins of one toolchain share its caches when built one after the other.
const lanes = new Map<string, typeof twins>();
for (const twin of twins) lanes.set(twin.manifest.toolchain, [...(lanes.get(twin.manifest.toolchain) ?? []), twin]);
const built = await Promise.all(
  [...lanes.values()].map(async (lane) => {
    const results: [string, TwinIndex[string]][] = [];
    for (const twin of lane) results.push([twin.name, await build(twin.name, twin.manifest, twin.dir)]);
    return results;
  }),
);
const index: TwinIndex = Object.fromEntries(built.flat().sort(([a], [b]) => a.localeCompare(b)));
mkdirSync(path.join(root, TWIN_CACHE_DIR), { recursive: true });
writeFileSync(path.join(root, TWIN_INDEX), JSON.stringify(index, null, 2) + '\n');
