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
import { replayOutputShapes } from './output-observe.js';

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
      problems.push(
        `${list.spec.method} ${list.status === 'error' ? 'failed' : list.status === 'malformed' ? 'returned a malformed page' : list.status === 'timeout' ? 'timed out' : 'lost the connection'}${error}`,
      );
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

/**
 * The drift family for `mcpact run`: the same check as `mcpact diff` (prompt replay and output shapes included),
 * on the run's session.
 */
export function driftSurfaceCheck(lock: Lockfile, policy: DriftPolicy, redact: Redact, settings: ServerSettings): SurfaceCheck {
  return {
    family: 'drift',
    check: async (surface, probe) => {
      if (captureProblems(surface).length > 0) return checkDrift(lock, surface, policy, redact);
      const { changes } = await replayInvocations(lock, surface, probe, settings);
      const outputs = await replayOutputShapes(lock, surface, probe, settings, redact);
      return withOutputNotes(checkDrift(lock, surface, policy, redact, [...changes, ...outputs.changes]), redact(outputs.notes));
    },
  };
}

/** At most this many notes in a result's reason; the rest are counted. */
const NOTES_SHOWN = 10;

/**
 * The notes of the output-shape replay (tools not compared, and why) as the reason of the
 * `drift/tool-output-breaking` result, so a report says what the observation left out.
 */
export function withOutputNotes(outcome: DriftOutcome, notes: readonly string[]): DriftOutcome {
  if (notes.length === 0) return outcome;
  const more = notes.length - NOTES_SHOWN;
  const reason = notes.slice(0, NOTES_SHOWN).join('; ') + (more > 0 ? `; and ${more} more` : '');
  const id = driftRuleId('tool-output-breaking');
  for (const result of outcome.results) if (result.id === id && result.reason === undefined) result.reason = reason;
  return outcome;
}
