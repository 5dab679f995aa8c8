import { readFileSync } from 'node:fs';

/** mcpact's own version, read from package.json next to the build (dist/src/cli -> package root). */
export function mcpactVersion(): string {
  const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}
