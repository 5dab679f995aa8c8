import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * mcpact's own version, from the nearest package.json above this module: the build runs from dist/src/cli and
 * from the bundle in dist/bin, at different depths below the package root.
 */
export function mcpactVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'mcpact' && typeof manifest.version === 'string') return manifest.version;
    }
    if (path.dirname(dir) === dir) throw new Error('mcpact: its own package.json is not above its build');
  }
}
