/**
 * Classification: each change gets its level from the one table (re-levelled by `drift.levels`; a few ids carry a
 * level that depends on the change), then a severity from the policy, and becomes a finding
 * `drift/<change-id>`. Every change id also gets a rule result, so reporters list the ones that passed too.
 *
 * Severity: a change whose level or id is in `drift.fail_on` is an `error`; any other breaking or risky change is
 * a `warning`; any other compatible change is `info`. With the default run fail-on (error), exactly the changes
 * in `drift.fail_on` fail the build.
 */
import type { DriftConfig } from '../config/drift.js';
import { severityRank, type Severity } from '../engine/severity.js';
import { compareFindings } from '../engine/runner.js';
import type { Finding, RuleResult } from '../report/model.js';
import { quote } from '../util/quote.js';
import type { Change } from './change.js';
import { CHANGE_IDS, CHANGES, driftRuleId, type ChangeId, type ChangeMeta, type Level } from './changes.js';

export interface DriftPolicy {
  failOn: readonly (Level | ChangeId)[];
  levels: Partial<Record<ChangeId, Level>>;
  descriptions: 'compare' | 'ignore';
}

export const DEFAULT_FAIL_ON: readonly Level[] = ['breaking', 'risky'];

export function driftPolicy(config: DriftConfig | undefined, failOn?: readonly (Level | ChangeId)[]): DriftPolicy {
  return {
    failOn: failOn ?? config?.fail_on ?? DEFAULT_FAIL_ON,
    levels: config?.levels ?? {},
    descriptions: config?.descriptions ?? 'compare',
  };
}

export function severityOf(id: ChangeId, level: Level, policy: DriftPolicy): Severity {
  if (policy.failOn.includes(id) || policy.failOn.includes(level)) return 'error';
  return level === 'compatible' ? 'info' : 'warning';
}

export function levelOf(change: Change, policy: DriftPolicy): Level {
  return policy.levels[change.id] ?? change.level ?? CHANGES[change.id].level;
}

export interface Classified {
  results: RuleResult[];
  findings: Finding[];
}

export function classify(changes: readonly Change[], policy: DriftPolicy): Classified {
  const ignoreWording = policy.descriptions === 'ignore';
  const findings: Finding[] = [];
  for (const change of changes) {
    const meta: ChangeMeta = CHANGES[change.id];
    if (ignoreWording && (meta.wording || change.wording)) continue;
    const level = levelOf(change, policy);
    findings.push({
      ruleId: driftRuleId(change.id),
      severity: severityOf(change.id, level, policy),
      message: format(meta.message, change),
      location: change.location,
      data: { level, reason: change.reason, ...change.data },
    });
  }
  findings.sort(compareFindings);
  return { results: CHANGE_IDS.map((id) => result(id, findings, policy)), findings };
}

/** The rule result of one change id: its worst finding's severity, or what its default level would get. */
function result(id: ChangeId, findings: readonly Finding[], policy: DriftPolicy): RuleResult {
  const meta: ChangeMeta = CHANGES[id];
  const ruleId = driftRuleId(id);
  const own = findings.filter((finding) => finding.ruleId === ruleId);
  const base = { id: ruleId, family: 'drift' as const, durationMs: 0 };
  if (own.length > 0) {
    const worst = own.reduce<Severity>((max, finding) => (severityRank(finding.severity) > severityRank(max) ? finding.severity : max), 'info');
    return { ...base, status: 'fail', severity: worst };
  }
  const severity = severityOf(id, policy.levels[id] ?? meta.level, policy);
  if (meta.wording && policy.descriptions === 'ignore') return { ...base, status: 'skip', severity, reason: 'drift.descriptions: ignore' };
  return { ...base, status: 'pass', severity };
}

function format(template: string, change: Change): string {
  return template.replace(/\{(name|reason)\}/g, (_, key: string) => (key === 'name' ? quote(change.location.name ?? '', 80) : change.reason));
}
