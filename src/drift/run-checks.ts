/**
 * What `mcpact run` asks of drift: for every server with a `drift.baseline`, its lockfile read and validated up
 * front (a bad one is exit 2 before any server starts) and turned into the drift family the runner adds to the
 * rules. `--only` / `--skip` select the family like any other.
 */
import path from 'node:path';
import type { SurfaceCheck } from '../engine/runner.js';
import { McpactError } from '../errors.js';
import { redactor } from '../report/redact.js';
import { driftSurfaceCheck } from './check.js';
import { driftPolicy } from './classify.js';
import { readLockfile } from './lockfile.js';
import type { LockfileTarget } from './paths.js';

export interface FamilySelection {
  only?: string;
  skip?: string;
}

export async function driftChecks(
  servers: readonly LockfileTarget[],
  configPath: string | undefined,
  secrets: readonly string[],
  selection: FamilySelection,
): Promise<Map<string, SurfaceCheck[]>> {
  const checks = new Map<string, SurfaceCheck[]>();
  if (!selected('drift', selection)) return checks;
  // The same redaction as `mcpact baseline`, so both sides of the diff hide exactly the same values.
  const redact = redactor(secrets);
  for (const server of servers) {
    const baseline = server.settings.drift?.baseline;
    if (baseline === undefined) continue;
    const file = path.resolve(configPath === undefined ? process.cwd() : path.dirname(configPath), baseline);
    const lock = await readLockfile(file).catch((error: unknown) => {
      throw error instanceof McpactError ? new McpactError(error.kind, `${server.name}: drift.baseline: ${error.message}`, error.details) : error;
    });
    checks.set(server.name, [driftSurfaceCheck(lock, driftPolicy(server.settings.drift), redact, server.settings)]);
  }
  return checks;
}

/** Family names were validated by the rule selection already; here they only decide. */
function selected(family: string, { only, skip }: FamilySelection): boolean {
  const names = (list: string | undefined) =>
    list
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  const onlyNames = names(only);
  return (onlyNames === undefined || onlyNames.includes(family)) && !(names(skip) ?? []).includes(family);
}
