/**
 * The second step of `npm run build`: bundles mcpact's own modules, as tsc compiled them (dist/src), into the
 * command that ships, dist/bin/mcpact.js, and the library's entry, dist/bin/index.js (`import { run } from 'mcpact'`;
 * scripts/declarations.ts ships its types), with one chunk per lazily imported part (each command, the rules, the
 * reporters). Node then reads a few dozen files at start-up instead of about 330: a run on a small server costs
 * about a fifth less CPU and starts sooner (docs/performance.md). Dependencies stay outside the bundle, as
 * packages that npm installs (package.json `dependencies`), so that what ships is mcpact's own code only.
 *
 * The fixture servers (fixtures/**) are bundled too, from their sources, over what tsc wrote for them in
 * dist/fixtures: each module stays a file of its own at the same path (so `import.meta.url` and every path the tests
 * spawn are unchanged), and what they import from node_modules (the SDK, zod, Ajv) goes into shared chunks in
 * dist/fixtures/chunks. An SDK fixture then starts in about half the CPU, and the suite starts some 250 of them.
 * They are test servers, not shipped; the code that runs is the same SDK code, only read from fewer files.
 *
 * Usage: node dist/scripts/bundle.js   (after tsc; `npm run build` runs both)
 */
import { chmodSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outDir = `${root}dist/bin`;

/** Every TypeScript module under `dir`, keyed by its path below it without the extension (`servers/good`). */
function modulesUnder(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    entries[path.relative(dir, file).slice(0, -'.ts'.length).split(path.sep).join('/')] = file;
  }
  return entries;
}

rmSync(outDir, { recursive: true, force: true });
await build({
  // The command, and the library (`import { run } from 'mcpact'`, package.json `exports`): one build, so what they
  // share is one chunk, not two copies.
  input: { mcpact: `${root}dist/src/cli/main.js`, index: `${root}dist/src/index.js` },
  platform: 'node',
  cwd: root,
  // Every bare specifier (a package or node:*) is left to Node's resolution; only relative imports are bundled.
  external: [/^[^./]/],
  logLevel: 'warn',
  output: { dir: outDir, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemap: false },
});
chmodSync(`${outDir}/mcpact.js`, 0o755);

// Every fixture module is an entry, so none is inlined into another: each keeps its own file and its own
// `import.meta.url`, which is how a fixture tells whether it was started or imported (fixtures/servers/direct-run.ts).
rmSync(`${root}dist/fixtures/chunks`, { recursive: true, force: true });
const fixtures = await build({
  input: modulesUnder(`${root}fixtures`),
  platform: 'node',
  cwd: root,
  // effect, sury and @valibot/to-json-schema: optional imports of xsschema (fastmcp's), not installed, and tried at
  // run time only for schemas of those libraries; left as the imports they are. oidc-provider (the OAuth tests'
  // authorization server, a devDependency): loaded from node_modules as published, not bundled (its dependencies
  // use direct eval, and bundling them gains nothing for a server started once per test file).
  external: [/^node:/, 'effect', 'sury', '@valibot/to-json-schema', 'oidc-provider'],
  logLevel: 'warn',
  output: { dir: `${root}dist/fixtures`, format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
});
// A fixture that another fixture imports is bundled into a shared chunk, and its own file only re-exports it: its
// code would then see the chunk's URL and never know it was started. Refused here rather than found as a server
// that silently does nothing.
const facades = fixtures.output.filter(
  (chunk) =>
    chunk.type === 'chunk' &&
    chunk.isEntry &&
    chunk.facadeModuleId !== null &&
    !chunk.moduleIds.includes(chunk.facadeModuleId) &&
    readFileSync(chunk.facadeModuleId, 'utf8').includes('isDirectRun(import.meta.url)'),
);
if (facades.length > 0) {
  const names = facades.map((chunk) => (chunk.type === 'chunk' ? path.relative(root, chunk.facadeModuleId ?? '') : '')).join(', ');
  throw new Error(`bundle: ${names}: a fixture that serves when started is imported by another fixture; move what they share into a module of its own`);
}
