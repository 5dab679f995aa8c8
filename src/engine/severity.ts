/**
 * The one severity resolver. Every finding and every rule result gets its level here, from the rule's default and
 * the configuration: `rules:` re-levels any rule by id (`off` silences it); a finding inherited from the SDK gets
 * the `inherited:` level (default info) unless `rules:` names its rule; for drift rules, `drift.levels` re-levels
 * the change and `drift.fail_on` decides which changes are errors. A verdict that rests on mcpact's own policy is
 * a warning at most, and information where the server was lenient in a way the specification permits. Nothing
 * else decides a severity.
 */
import type { DriftConfig } from '../config/drift.js';
import { CHANGES, DEFAULT_FAIL_ON, type ChangeId, type Level } from '../model/changes.js';
import { DEFAULT_INHERITED_LEVEL, severityRank, type InheritedLevel, type RuleLevel, type Severity } from '../model/severity.js';
import type { RequirementLevel, SpecRef } from '../model/spec.js';

export interface SeverityPolicy {
  /** `rules:` of the config (top level and server), by rule id. */
  levels: Readonly<Record<string, RuleLevel>>;
  /** The server's `drift:` options (fail_on, levels); `mcpact diff --fail-on` replaces fail_on. */
  drift?: Pick<DriftConfig, 'fail_on' | 'levels'>;
  /** `inherited:` of the config (server, else top level): the level of findings inherited from the SDK. */
  inherited?: InheritedLevel;
}

/** What the resolver needs of a rule. */
export interface Levelled {
  id: string;
  defaultSeverity: Severity;
  /** Drift rules: the change id whose level (breaking, risky, compatible) decides the severity. */
  change?: ChangeId;
}

/**
 * The level of a rule's finding, or of the rule itself when `report` is absent. `report.level` is the level of
 * one drift change whose level depends on the change (the `when` column of the change table); `report.inherited`
 * says the finding matched a signature of the server's SDK (engine/inherited.ts); `report.cited` is the requirement
 * the finding (or the rule, at this server's revision) cites.
 */
export function resolveLevel(
  rule: Levelled,
  policy: SeverityPolicy,
  report?: { level?: Level; inherited?: boolean; cited?: Pick<SpecRef, 'basis' | 'lenient' | 'level'> },
): RuleLevel {
  const configured = policy.levels[rule.id];
  if (configured !== undefined) return configured;
  if (report?.inherited === true) return policy.inherited ?? DEFAULT_INHERITED_LEVEL;
  if (rule.change === undefined) return byBasis(rule.defaultSeverity, report?.cited);
  return changeSeverity(rule.change, changeLevel(rule.change, policy, report?.level), policy);
}

/**
 * A default severity held to what the cited requirement supports: mcpact's policy, and a sentence that states no
 * level for the server (a best practice), are a warning at most (no keyword makes them an error); leniency the
 * specification permits (a policy finding marked `lenient`) is information.
 */
export function byBasis(severity: Severity, cited: Pick<SpecRef, 'basis' | 'lenient' | 'level'> | undefined): Severity {
  if (cited?.basis === 'policy' && cited.lenient === true) return 'info';
  const capped = cited?.basis === 'policy' || cited?.level === 'BEST PRACTICE';
  return capped && severity === 'error' ? 'warning' : severity;
}

/** The default severity a requirement level sets: MUST (NOT) an error, SHOULD (NOT) a warning; none for the rest. */
const LEVEL_SEVERITY: Partial<Record<RequirementLevel, Severity>> = { MUST: 'error', 'MUST NOT': 'error', SHOULD: 'warning', 'SHOULD NOT': 'warning' };

/**
 * The default severity of a rule on one server. A rule with `severityFollowsRevision` takes it from the keyword of
 * the text it cites at the negotiated revision (a SHOULD up to one revision, a MUST from the next: a warning there,
 * an error here); its `defaultSeverity` is the target revision's and stands where the keyword sets none. Every
 * other rule keeps its `defaultSeverity`. `rules:` re-levels either way (resolveLevel).
 */
export function defaultSeverityAt(rule: Levelled & { severityFollowsRevision?: boolean }, cited: Pick<SpecRef, 'level' | 'fallback'> | undefined): Severity {
  if (!rule.severityFollowsRevision || cited === undefined || cited.fallback !== undefined) return rule.defaultSeverity;
  return LEVEL_SEVERITY[cited.level] ?? rule.defaultSeverity;
}

/** A drift change's level: `drift.levels` first, then the change's own level, then the table's default. */
export function changeLevel(id: ChangeId, policy: Pick<SeverityPolicy, 'drift'>, own?: Level): Level {
  return policy.drift?.levels?.[id] ?? own ?? CHANGES[id].level;
}

/** A change whose level or id is in `drift.fail_on` is an error; any other breaking or risky one a warning; the rest info. */
export function changeSeverity(id: ChangeId, level: Level, policy: Pick<SeverityPolicy, 'drift'>): Severity {
  const failOn: readonly (Level | ChangeId)[] = policy.drift?.fail_on ?? DEFAULT_FAIL_ON;
  if (failOn.includes(id) || failOn.includes(level)) return 'error';
  return level === 'compatible' ? 'info' : 'warning';
}

/** The highest of some severities (`info` for none). */
export function worstOf(severities: Iterable<Severity>): Severity {
  let worst: Severity = 'info';
  for (const severity of severities) if (severityRank(severity) > severityRank(worst)) worst = severity;
  return worst;
}
