/**
 * One drift check of a captured Surface against a lockfile: refuse an incomplete capture (a list that failed
 * would look like every item was removed), normalize and redact the live contract exactly as `baseline` does,
 * diff, classify. Shared by `mcpact diff` and `mcpact run`.
 */
import type { SurfaceCheck } from '../engine/runner.js';
import type { Surface } from '../surface/types.js';
import { CHANGE_IDS, CHANGES, driftRuleId } from './changes.js';
import { classify, severityOf, type Classified, type DriftPolicy } from './classify.js';
import { contractFromSurface } from './contract.js';
import { diffContracts } from './diff.js';
import { CANONICALIZATION_VERSION, LOCKFILE_SCHEMA_VERSION, type Contract, type Lockfile } from './lockfile.js';
import { PAGE_CAP } from '../surface/capture.js';
import type { ServerSettings } from '../config/schema.js';
import type { Change } from './change.js';
import { replayInvocations } from './replay.js';

export type Redact = <T>(value: T) => T;

export interface DriftOutcome extends Classified {
  /** Why the comparison could not be made (then every result is an `error`). */
  incomplete?: string;
}

export function checkDrift(lock: Lockfile, surface: Surface, policy: DriftPolicy, redact: Redact, replayed: readonly Change[] = []): DriftOutcome {
  const problems = captureProblems(surface);
  if (problems.length > 0) {
    const reason = `capture incomplete, drift not compared: ${problems.join('; ')}`;
    const results = CHANGE_IDS.map((id) => ({
      id: driftRuleId(id),
      family: 'drift' as const,
      status: 'error' as const,
      severity: severityOf(id, policy.levels[id] ?? CHANGES[id].level, policy),
      durationMs: 0,
      reason,
    }));
    return { results, findings: [], incomplete: reason };
  }
  const live = redact(contractFromSurface(surface).contract);
  return classify([...diffContracts(contractOf(lock), live), ...redact(replayed)], policy);
}

/** Why a capture cannot stand for the whole contract: a list that failed, or pagination that was cut short. */
export function captureProblems(surface: Surface): string[] {
  const problems: string[] = [];
  for (const list of Object.values(surface.lists)) {
    if (list.status !== 'ok' && list.status !== 'not-declared') {
      const error = list.error ? `: ${String(list.error.code)} ${String(list.error.message).slice(0, 120)}` : '';
      problems.push(`${list.spec.method} ${list.status === 'error' ? 'failed' : list.status === 'malformed' ? 'returned a malformed page' : list.status === 'timeout' ? 'timed out' : 'lost the connection'}${error}`);
      continue;
    }
    for (const problem of list.problems) {
      if (problem.kind === 'page-cap') problems.push(`${list.spec.method} still had pages after ${PAGE_CAP}`);
      else if (problem.kind === 'repeated-cursor') problems.push(`${list.spec.method} repeated a cursor (page ${problem.page})`);
      else problems.push(`${list.spec.method} page ${problem.page}: ${problem.reason}`);
    }
  }
  return problems;
}

export function contractOf(lock: Lockfile): Contract {
  const { schemaVersion: _version, mcpactVersion: _mcpact, canonicalization: _canonicalization, ...contract } = lock;
  return contract;
}

export function lockfileOf(contract: Contract, mcpactVersion: string): Lockfile {
  return { schemaVersion: LOCKFILE_SCHEMA_VERSION, mcpactVersion, canonicalization: CANONICALIZATION_VERSION, ...contract };
}

/** The drift family for `mcpact run`: the same check as `mcpact diff` (replay included), on the run's session. */
export function driftSurfaceCheck(lock: Lockfile, policy: DriftPolicy, redact: Redact, settings: ServerSettings): SurfaceCheck {
  return {
    family: 'drift',
    check: async (surface, probe) => {
      const { changes } = captureProblems(surface).length > 0 ? { changes: [] } : await replayInvocations(lock, surface, probe, settings);
      return checkDrift(lock, surface, policy, redact, changes);
    },
  };
}
