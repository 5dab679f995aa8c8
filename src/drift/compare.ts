/**
 * Comparing a captured Surface with a lockfile: what changed, as plain Changes. The drift rules (rules/drift/)
 * turn them into findings through the engine like every other rule.
 */
import type { Probe } from '../connect/probe.js';
import type { Surface } from '../surface/types.js';
import { contractFromSurface } from './lockfile/contract.js';
import { diffContracts } from './diff/diff.js';
import { CANONICALIZATION_VERSION, LOCKFILE_SCHEMA_VERSION, type Contract, type Lockfile } from './lockfile/lockfile.js';
import { PAGE_CAP } from '../surface/capture.js';
import type { ServerSettings } from '../config/schema.js';
import type { Change } from './diff/change.js';
import { replayInvocations } from './replay/invocations.js';
import { replayOutputShapes } from './replay/output-shapes.js';
import { replayPinnedContents } from './replay/resource-contents.js';

export type Redact = <T>(value: T) => T;

/** What the comparison of a live Surface with a lockfile yields, before any policy decides levels or severities. */
export interface DriftComparison {
  changes: Change[];
  /** What the output-shape replay left out, and why (tools not compared). */
  notes: string[];
  /** Why the comparison could not be made (a list that failed would look like every item was removed). */
  incomplete?: string;
  /** Both sides recorded caching hints (two captures of the modern era), so the caching ids had something to compare. */
  cachingCompared?: boolean;
  /** The lockfile or the capture has skills (a server that declares the Skills extension), so the skill ids had some to compare. */
  skillsCompared?: boolean;
}

/**
 * The drift check, shared by `mcpact diff` and `mcpact run`: refuse an incomplete capture, replay the recorded
 * prompt invocations and output shapes on the run's session, normalize and redact the live contract exactly as
 * `baseline` does, and diff.
 */
export async function compareWithBaseline(lock: Lockfile, redact: Redact, surface: Surface, probe: Probe, settings: ServerSettings): Promise<DriftComparison> {
  const problems = captureProblems(surface);
  if (problems.length > 0) return { changes: [], notes: [], incomplete: `capture incomplete, drift not compared: ${problems.join('; ')}` };
  const { changes: invocations } = await replayInvocations(lock, surface, probe, settings);
  const outputs = await replayOutputShapes(lock, surface, probe, settings, redact);
  const live = redact(contractFromSurface(surface).contract);
  const base = contractOf(lock);
  const contents = await replayPinnedContents(base, live, surface, probe, settings);
  return {
    changes: [...diffContracts(base, live), ...redact([...invocations, ...outputs.changes, ...contents.changes])],
    notes: redact([...outputs.notes, ...contents.notes]),
    cachingCompared: base.server.caching !== undefined && live.server.caching !== undefined,
    skillsCompared: base.skills !== undefined || live.skills !== undefined,
  };
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
  const skills = surface.skills;
  if (skills !== undefined && skills.status !== 'ok')
    problems.push(
      `skills/list ${skills.status === 'error' ? 'failed' : skills.status === 'malformed' ? 'returned a malformed page' : skills.status === 'timeout' ? 'timed out' : 'lost the connection'}`,
    );
  else if (skills !== undefined && (skills.problems.length > 0 || skills.dropped > 0)) problems.push(`skills/list could not be read whole`);
  return problems;
}

export function contractOf(lock: Lockfile): Contract {
  const { schemaVersion: _version, mcpactVersion: _mcpact, canonicalization: _canonicalization, ...contract } = lock;
  return contract;
}

export function lockfileOf(contract: Contract, mcpactVersion: string): Lockfile {
  return { schemaVersion: LOCKFILE_SCHEMA_VERSION, mcpactVersion, canonicalization: CANONICALIZATION_VERSION, ...contract };
}
