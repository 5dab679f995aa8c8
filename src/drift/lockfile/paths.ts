/**
 * Which lockfile belongs to which server: `--lockfile` (one server only), else the server's `drift.baseline`
 * (relative to the config file), else `mcpact.lock.json` next to the config file when there is a single server,
 * else for a zero-config server `mcpact.<name>.lock.json` in the working directory, named after the server (the
 * name mcpact gives its command or URL), so servers tested from one folder each have their own. Two servers of one
 * run never share a lockfile.
 *
 * mcpact 0.1.0 gave every zero-config server `mcpact.lock.json` in the working directory. That file is still a
 * server's lockfile when the server has none by its own name and the file pins it (owner.ts): `diff` reads it, and
 * `baseline` refreshes it in place rather than leaving a stale copy beside a new one.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerSettings } from '../../config/schema.js';
import { usageError } from '../../errors.js';
import { DEFAULT_LOCKFILE } from './lockfile.js';

export interface LockfileTarget {
  name: string;
  settings: ServerSettings;
  /** Zero-config: nothing but the command line or URL names the server. */
  nameFromServer?: boolean;
}

/** Where a server's lockfile is: `file`, and for a zero-config server the shared file of 0.1 it may still use. */
export interface LockfilePlace {
  file: string;
  shared?: string;
}

/** The lockfile name of a zero-config server. */
export function zeroConfigLockfile(name: string): string {
  return `mcpact.${name}.lock.json`;
}

export function lockfilePlaces(servers: readonly LockfileTarget[], configPath: string | undefined, explicit: string | undefined): LockfilePlace[] {
  const baseDir = configPath === undefined ? process.cwd() : path.dirname(configPath);
  if (explicit !== undefined && servers.length > 1) {
    throw usageError(`--lockfile names one file but ${servers.length} servers are selected; pick one with --server NAME, or give each server a drift.baseline`);
  }
  const places = servers.map((server): LockfilePlace => {
    if (explicit !== undefined) return { file: path.resolve(explicit) };
    const baseline = server.settings.drift?.baseline;
    if (baseline !== undefined) return { file: path.resolve(baseDir, baseline) };
    if (server.nameFromServer === true) {
      return { file: path.resolve(baseDir, zeroConfigLockfile(server.name)), shared: path.resolve(baseDir, DEFAULT_LOCKFILE) };
    }
    if (servers.length === 1) return { file: path.resolve(baseDir, DEFAULT_LOCKFILE) };
    throw usageError(`server "${server.name}" has no drift.baseline; with several servers each needs its own (or pick one with --server NAME)`);
  });
  const seen = new Map<string, string>();
  places.forEach(({ file }, index) => {
    const name = servers[index]!.name;
    const other = seen.get(file);
    if (other !== undefined) throw usageError(`servers "${other}" and "${name}" would share the lockfile ${path.relative(process.cwd(), file) || file}`);
    seen.set(file, name);
  });
  return places;
}

/**
 * The file `diff` reads, before the server starts: its own, else the shared file of 0.1 when there is one (whose
 * owner is checked once the server has said its name), else its own (so a missing file is named as it should be).
 */
export function fileToRead(place: LockfilePlace): string {
  return place.shared !== undefined && !existsSync(place.file) && existsSync(place.shared) ? place.shared : place.file;
}
