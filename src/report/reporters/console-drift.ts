/**
 * Drift changes on the console: each labelled with its class (breaking, risky, compatible), which says what the
 * change does to callers, while the icon and colour say whether it fails the run. The label is the same whatever
 * `--fail-on` chooses; severity alone (error, warning, info) would show breaking and risky changes alike.
 */
import { LEVELS, type Level } from '../../model/changes.js';
import type { Finding, ServerReport } from '../../model/report.js';
import { compareText } from '../../util/compare.js';

/** Wide enough for the longest class, "compatible". */
export const CLASS_WIDTH = Math.max(...LEVELS.map((level) => level.length));

/** The class a drift finding was judged at (`data.level`, which `drift.levels` may have re-levelled). */
export function changeClass(finding: Finding): Level | undefined {
  const level = finding.data?.level;
  return LEVELS.find((known) => known === level);
}

/** Where a change's class sorts: breaking 0, risky 1, compatible 2, no class last. */
export function changeRank(finding: Finding): number {
  const level = changeClass(finding);
  return level === undefined ? LEVELS.length : LEVELS.indexOf(level);
}

/** Breaking first, then risky, then compatible; by change id within a class; otherwise in report order. */
export function byChangeClass(findings: readonly Finding[]): Finding[] {
  // Array.prototype.sort is stable: findings of one id keep the report's order (by location).
  return [...findings].sort((a, b) => changeRank(a) - changeRank(b) || compareText(a.ruleId, b.ruleId));
}

/** The ids of a server's drift rules: their findings are changes against the lockfile, never inherited from an SDK. */
export function driftRuleIds(server: ServerReport): Set<string> {
  return new Set(server.rules.filter((rule) => rule.family === 'drift').map((rule) => rule.id));
}
