/**
 * The lockfiles servers are compared with, read and validated before any server starts (a bad one is exit 2 with
 * nothing half done). `run` compares the servers that have a `drift.baseline`; `diff` every selected server, with
 * the lockfile `drift/paths.ts` finds for it.
 */
import path from 'node:path';
import type { Baseline } from '../engine/rule.js';
import { readLockfile } from '../drift/lockfile/lockfile.js';
import { fileToRead, lockfilePlaces, type LockfileTarget } from '../drift/lockfile/paths.js';
import { McpactError } from '../errors.js';
import { redactor } from '../report/redact.js';

/** For `run`: the servers with a `drift.baseline` (relative to the config file), by name. */
export async function configuredBaselines(
  servers: readonly LockfileTarget[],
  configPath: string | undefined,
  secrets: readonly string[],
): Promise<Map<string, Baseline>> {
  const baselines = new Map<string, Baseline>();
  // The same redaction as `mcpact baseline`, so both sides of the diff hide exactly the same values.
  const redact = redactor(secrets);
  for (const server of servers) {
    const baseline = server.settings.drift?.baseline;
    if (baseline === undefined) continue;
    const file = path.resolve(configPath === undefined ? process.cwd() : path.dirname(configPath), baseline);
    const lock = await readLockfile(file).catch((error: unknown) => {
      throw error instanceof McpactError ? new McpactError(error.kind, `${server.name}: drift.baseline: ${error.message}`, error.details) : error;
    });
    baselines.set(server.name, { lock, redact, file: shown(file) });
  }
  return baselines;
}

/**
 * For `diff`: every server's lockfile (`--lockfile`, `drift.baseline` or the default file), in server order, with
 * the file it came from: the runner refuses one that pins another server (drift/lockfile/owner.ts).
 */
export async function diffBaselines(
  servers: readonly LockfileTarget[],
  configPath: string | undefined,
  explicit: string | undefined,
  secrets: readonly string[],
): Promise<Baseline[]> {
  const redact = redactor(secrets);
  const files = lockfilePlaces(servers, configPath, explicit).map(fileToRead);
  const locks = await Promise.all(files.map((file) => readLockfile(file)));
  return locks.map((lock, index) => ({ lock, redact, file: shown(files[index]!) }));
}

/** A path as messages show it: relative to the working directory. */
export function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}
