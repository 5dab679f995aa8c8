/**
 * The second half of `npm run build`: bundles mcpact's own modules, as tsc compiled them (dist/src), into the
 * command that ships, dist/bin/mcpact.js, with one chunk per lazily imported part (each command, the rules, the
 * reporters). Node then reads a few dozen files at start-up instead of about 330: a run on a small server costs
 * about a fifth less CPU and starts sooner (docs/performance.md). Dependencies stay outside the bundle, as
 * packages that npm installs (package.json `dependencies`), so that what ships is mcpact's own code only.
 *
 * Usage: node dist/scripts/bundle.js   (after tsc; `npm run build` runs both)
 */
import { chmodSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outDir = `${root}dist/bin`;

rmSync(outDir, { recursive: true, force: true });
await build({
  input: { mcpact: `${root}dist/src/cli/main.js` },
  platform: 'node',
  cwd: root,
  // Every bare specifier (a package or node:*) is left to Node's resolution; only relative imports are bundled.
  external: [/^[^./]/],
  logLevel: 'warn',
  output: { dir: outDir, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemap: false },
});
chmodSync(`${outDir}/mcpact.js`, 0o755);
