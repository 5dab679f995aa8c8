/**
 * The third step of `npm run build`: the type declarations of the library (`import { run } from 'mcpact'`), as tsc
 * wrote them next to dist/src, copied into dist/types: src/index.d.ts and every declaration file it reaches through
 * its imports, and nothing else. What ships is the public entry's types and the model they are made of, not a .d.ts
 * of every internal module (package.json `exports` points `types` at dist/types/index.d.ts).
 *
 * Usage: node dist/scripts/declarations.js   (after tsc; `npm run build` runs it)
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const from = `${root}dist/src`;
const to = `${root}dist/types`;

/** Relative module specifiers of a declaration file: `from './x.js'` and `import('./x.js')`. */
const SPECIFIER = /\bfrom\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

rmSync(to, { recursive: true, force: true });
const seen = new Set<string>();
const queue = [path.join(from, 'index.d.ts')];
for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
  if (seen.has(file)) continue;
  if (!existsSync(file)) throw new Error(`declarations: ${path.relative(root, file)} is missing: is "declaration" on in tsconfig.json?`);
  seen.add(file);
  const target = path.join(to, path.relative(from, file));
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(file, target);
  for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2]!;
    queue.push(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.d.ts')));
  }
}
