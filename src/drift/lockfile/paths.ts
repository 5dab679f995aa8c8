/**
 * Which lockfile belongs to which server: `--lockfile` (one server only), else the server's `drift.baseline`
 * (relative to the config file), else `mcpact.lock.json` next to the config file (or in the working directory
 * without one) when there is a single server. Two servers never share a lockfile.
 */
import path from 'node:path';
import type { ServerSettings } from '../../config/schema.js';
import { usageError } from '../../errors.js';
import { DEFAULT_LOCKFILE } from './lockfile.js';

export interface LockfileTarget {
  name: string;
  settings: ServerSettings;
}

export function lockfilePaths(servers: readonly LockfileTarget[], configPath: string | undefined, explicit: string | undefined): string[] {
  const baseDir = configPath === undefined ? process.cwd() : path.dirname(configPath);
  if (explicit !== undefined && servers.length > 1) {
    throw usageError(`--lockfile names one file but ${servers.length} servers are selected; pick one with --server NAME, or give each server a drift.baseline`);
  }
  const files = servers.map((server) => {
    if (explicit !== undefined) return path.resolve(explicit);
    const baseline = server.settings.drift?.baseline;
    if (baseline !== undefined) return path.resolve(baseDir, baseline);
    if (servers.length === 1) return path.resolve(baseDir, DEFAULT_LOCKFILE);
    throw usageError(`server "${server.name}" has no drift.baseline; with several servers each needs its own (or pick one with --server NAME)`);
  });
  const seen = new Map<string, string>();
  files.forEach((file, index) => {
    const name = servers[index]!.name;
    const other = seen.get(file);
    if (other !== undefined) throw usageError(`servers "${other}" and "${name}" would share the lockfile ${path.relative(process.cwd(), file) || file}`);
    seen.set(file, name);
  });
  return files;
}
