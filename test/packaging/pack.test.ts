/**
 * The package as a user gets it: `npm pack` from the working tree, installed into an empty project, run with npx,
 * imported as a library (`import { run } from 'mcpact'`) and type-checked as a TypeScript user would. The install is offline: a lockfile for the empty project is derived from mcpact's own (its production entries,
 * with their integrity hashes), so `npm ci --offline` takes every dependency from the local npm cache, as the
 * repository's own `npm ci` left it. Skipped, saying why, only when npm itself cannot be run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const npm = spawnSync('npm', ['--version'], { encoding: 'utf8' });
const npmMissing = npm.status !== 0 ? `npm cannot be run here (${npm.error?.message ?? npm.stderr.trim()}): pack-and-install not tested` : undefined;
if (npmMissing) console.warn(npmMissing);

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  link?: boolean;
  [key: string]: unknown;
}

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  license: string;
  bin: Record<string, string>;
  exports: Record<string, unknown>;
  types: string;
  engines: { node: string };
  files: string[];
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  repository?: unknown;
  homepage?: string;
  bugs?: unknown;
};
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const productionEntries = Object.entries(lock.packages).filter(
  ([key, entry]) => key.startsWith('node_modules/') && entry.dev !== true && entry.devOptional !== true && entry.link !== true,
);

describe('package metadata', () => {
  it('builds before it packs, so a publish from a clean clone ships the bundled command', () => {
    expect(manifest.scripts.prepack).toMatch(/npm run build/);
    expect(manifest.scripts.build).toMatch(/dist\/scripts\/bundle\.js/);
    expect(manifest.files).toContain('dist/bin');
    expect(manifest.bin).toEqual({ mcpact: 'dist/bin/mcpact.js' });
  });

  it('exports the library as ESM with its types, from the files it ships', () => {
    expect(manifest.exports).toEqual({ '.': { types: './dist/types/index.d.ts', default: './dist/bin/index.js' } });
    expect(manifest.types).toBe('./dist/types/index.d.ts');
    expect(manifest.files).toContain('dist/types');
    expect(manifest.scripts.build).toMatch(/dist\/scripts\/declarations\.js/);
  });

  it('says where it comes from', () => {
    expect(manifest.repository).toMatchObject({ type: 'git', url: expect.stringContaining('github.com/mcpact/mcpact') });
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.bugs).toMatchObject({ url: expect.stringMatching(/\/issues$/) });
  });

  it('declares the highest Node.js minimum of its production dependencies', () => {
    const minimum = (range: string) => /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range.trim())?.slice(1).map(Number);
    const declared = minimum(manifest.engines.node);
    expect(declared, `engines.node "${manifest.engines.node}" should be ">=X.Y.Z"`).toBeDefined();
    const compare = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
    const needs = productionEntries.flatMap(([name, entry]) => {
      const range = (entry.engines as { node?: string } | undefined)?.node;
      const found = range && /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.replace(/\s+/g, ''));
      return found ? [{ name, at: [Number(found[1]), Number(found[2] ?? 0), Number(found[3] ?? 0)] }] : [];
    });
    const highest = needs.reduce((best, item) => (compare(item.at, best.at) > 0 ? item : best));
    expect(compare(declared!, highest.at), `${highest.name} needs >=${highest.at.join('.')}`).toBe(0);
  });
});

describe.skipIf(npmMissing !== undefined)('npm pack, installed into an empty project', () => {
  let dir: string;
  let tarball: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-pack-'));
    // dist/ is built by `npm test` before vitest runs; prepack (checked above) builds it on a real pack.
    const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' });
    const [info] = JSON.parse(packed) as { filename: string; files: { path: string }[] }[];
    tarball = path.join(dir, info!.filename);
    writeFileSync(path.join(dir, 'files.json'), JSON.stringify(info!.files.map((file) => file.path)));
    const project = path.join(dir, 'project');
    execFileSync('mkdir', [project]);
    const spec = `file:${tarball}`;
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'empty', version: '1.0.0', private: true, dependencies: { mcpact: spec } }));
    const packages: Record<string, unknown> = {
      '': { name: 'empty', version: '1.0.0', dependencies: { mcpact: spec } },
      'node_modules/mcpact': {
        version: manifest.version,
        resolved: spec,
        license: manifest.license,
        dependencies: manifest.dependencies,
        bin: manifest.bin,
        engines: manifest.engines,
      },
      ...Object.fromEntries(productionEntries),
    };
    writeFileSync(path.join(project, 'package-lock.json'), JSON.stringify({ name: 'empty', version: '1.0.0', lockfileVersion: 3, requires: true, packages }));
    execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project, encoding: 'utf8', stdio: 'pipe' });
    copyFileSync(path.join(ROOT, 'dist/examples/server.js'), path.join(project, 'server.js'));
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ships no source map that points at unshipped sources, and nothing of the tests', () => {
    const files = JSON.parse(readFileSync(path.join(dir, 'files.json'), 'utf8')) as string[];
    expect(files).toContain('dist/bin/mcpact.js');
    expect(files).toContain('dist/bin/index.js');
    expect(files).toContain('dist/types/index.d.ts');
    expect(files).toContain('schemas/config.v1.schema.json');
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('dist/test') || file.startsWith('dist/src') || file.startsWith('src/'))).toEqual([]);
  });

  it('runs npx mcpact --version and a run against the bundled example server', () => {
    const project = path.join(dir, 'project');
    expect(existsSync(path.join(project, 'node_modules/.bin/mcpact'))).toBe(true);
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', npm_config_offline: 'true' };
    const version = spawnSync('npx', ['--offline', 'mcpact', '--version'], { cwd: project, encoding: 'utf8', env });
    expect(version.stderr).toBe('');
    expect(version.stdout.trim()).toBe(manifest.version);
    const run = spawnSync('npx', ['--offline', 'mcpact', 'run', '--reporter', 'json', '--', 'node', 'server.js'], {
      cwd: project,
      encoding: 'utf8',
      env,
      timeout: 30_000,
    });
    // The example server has deliberate defects: exit 1, a complete report of the notes server.
    expect(run.status, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as { complete: boolean; servers: { serverInfo: { name: string } }[] };
    expect(report.complete).toBe(true);
    expect(report.servers[0]?.serverInfo.name).toBe('notes');
  }, 40_000);

  it('imports run() from the package and resolves to the report of the bundled example server', () => {
    const project = path.join(dir, 'project');
    const script = [
      "import { exitCode, run } from 'mcpact';",
      "const report = await run({ server: { command: 'node', args: ['server.js'] } });",
      'console.log(JSON.stringify({ name: report.servers[0]?.serverInfo?.name, complete: report.complete, code: exitCode(report) }));',
    ].join('\n');
    writeFileSync(path.join(project, 'library.mjs'), script);
    const result = spawnSync(process.execPath, ['library.mjs'], {
      cwd: project,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      timeout: 30_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // The example server has deliberate defects: exit code 1 for the CLI, and the library's process still exits 0.
    expect(JSON.parse(result.stdout)).toEqual({ name: 'notes', complete: true, code: 1 });
  }, 40_000);

  it('type-checks a TypeScript user of the library against the declarations it ships', () => {
    const project = path.join(dir, 'project');
    const user = [
      "import { exitCode, run, type RunOptions, type RunReport } from 'mcpact';",
      "const options: RunOptions = { server: { command: 'node', args: ['server.js'] }, only: ['protocol'], failOn: 'warning' };",
      'const report: RunReport = await run(options);',
      'const code: 0 | 1 | 2 = exitCode(report);',
      'const rules: string[] = report.servers.flatMap((server) => server.findings.map((finding) => finding.ruleId));',
      // Real types, not `any` (a declaration file missing would make them so): each line below is an error, and an
      // unused directive would be one too.
      '// @ts-expect-error -- not a rule family',
      "void run({ only: ['nope'] });",
      '// @ts-expect-error -- a finding has no such field',
      'void report.servers[0]?.findings[0]?.nope;',
      '// @ts-expect-error -- not a report',
      'void exitCode({});',
      'export { code, rules };',
    ].join('\n');
    writeFileSync(path.join(project, 'user.mts'), user);
    const compilerOptions = { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [], skipLibCheck: true };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['user.mts'] }));
    const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 40_000);
});
