/**
 * The console's counts, ESLint- and vitest-style: a family line that says its rules and its findings apart, and
 * the findings that are not printed in full (info below fail-on, the author's own and inherited alike) as one
 * line per family, with one hint at the end on where to see them. Errors, warnings and whatever fails the run are
 * always printed in full; so are drift changes, which are the whole point of a diff.
 */
import { LEVELS } from '../../model/changes.js';
import type { Finding, RuleResult, RunReport } from '../../model/report.js';
import { atLeast, SEVERITIES, type Severity } from '../../model/severity.js';
import { plural, ruleCounts } from '../counts.js';
import { isInherited } from '../inherited.js';
import { forTerminal } from '../sanitize.js';
import { changeClass, driftRuleIds } from './console-drift.js';

/** How many rules the info line names before "… N more": enough to point the way, short enough for one line. */
const RULES_NAMED = 4;

/** The lowest severity printed in full without --verbose: warnings, or info too when info fails the run. */
export function fullFrom(failOn: Severity): Severity {
  return atLeast(failOn, 'warning') ? 'warning' : failOn;
}

/** A finding the console prints in full without --verbose. */
export function shownInFull(finding: Finding, failOn: Severity): boolean {
  return atLeast(finding.severity, fullFrom(failOn));
}

/** "16 passed, 3 flagged, 1 failed": every status a rule of the family ended in, zero counts left out but passed. */
export function ruleStatusText(
  results: readonly RuleResult[],
  failOn: Severity,
  paint: { red(text: string): string; yellow(text: string): string },
  findings: readonly Finding[] = [],
): string {
  const count = ruleCounts(results, failOn, findings);
  const parts = [`${count.passed} passed`];
  if (count.flagged > 0) parts.push(`${count.flagged} flagged`);
  if (count.known > 0) parts.push(`${count.known} known`);
  if (count.failed > 0) parts.push(`${count.failed} failed`);
  if (count.skipped > 0) parts.push(`${count.skipped} skipped`);
  if (count.errored > 0) parts.push(paint.red(`${count.errored} errored`));
  if (count.inconclusive > 0) parts.push(paint.yellow(`${count.inconclusive} inconclusive`));
  return `${plural(results.length, 'rule')}: ${parts.join(', ')}`;
}

/**
 * "findings: 2 warnings, 5 info (2 inherited)", as the summary line says it, or "no findings"; drift changes by
 * class ("changes: 2 breaking, 1 compatible"), which is what a diff reader asks first.
 */
export function findingCountText(findings: readonly Finding[], drift: boolean): string {
  if (findings.length === 0) return drift ? 'no changes' : 'no findings';
  if (drift) {
    const parts = LEVELS.map((level) => [level, findings.filter((finding) => changeClass(finding) === level).length] as const)
      .filter(([, count]) => count > 0)
      .map(([level, count]) => `${count} ${level}`);
    return parts.length > 0 ? `changes: ${parts.join(', ')}` : plural(findings.length, 'change');
  }
  const inherited = findings.filter(isInherited).length;
  const parts = [...SEVERITIES]
    .reverse()
    .map((severity) => [severity, findings.filter((finding) => finding.severity === severity).length] as const)
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => (severity === 'info' ? `${count} info` : plural(count, severity)));
  const known = findings.filter((finding) => finding.known === true).length;
  const notes = [...(inherited > 0 ? [`${inherited} inherited`] : []), ...(known > 0 ? [`${known} known`] : [])];
  return `findings: ${parts.join(', ')}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}

/**
 * The family's findings not printed in full, as one line naming their rules: "5 info: prompts/empty-required ×2,
 * prompts/unknown-argument, …" (the family line above says how many are inherited). Undefined when there are none.
 */
export function countedLine(findings: readonly Finding[]): string | undefined {
  if (findings.length === 0) return undefined;
  const byRule = new Map<string, number>();
  for (const finding of findings) byRule.set(finding.ruleId, (byRule.get(finding.ruleId) ?? 0) + 1);
  const named = [...byRule].slice(0, RULES_NAMED).map(([ruleId, count]) => `${forTerminal(ruleId)}${count > 1 ? ` ×${count}` : ''}`);
  const more = byRule.size - RULES_NAMED;
  return `${findings.length} info: ${named.join(', ')}${more > 0 ? `, … (${more} more rules)` : ''}`;
}

/** The findings of a report the console counted rather than printed (none under --verbose or --quiet, nor for drift). */
export function countedFindings(report: RunReport): Finding[] {
  return report.servers.flatMap((server) => {
    const drift = driftRuleIds(server);
    return server.findings.filter((finding) => !drift.has(finding.ruleId) && !shownInFull(finding, report.failOn));
  });
}

/** Said once, under the summary, like ESLint's "fixable with --fix": where the counted findings can be read. */
export function countedHint(count: number): string | undefined {
  if (count === 0) return undefined;
  return `${plural(count, 'info finding')} counted, not printed: see them with --verbose or in a report (--reporter html:mcpact-report.html)`;
}
