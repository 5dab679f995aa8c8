/**
 * Rule counts in words that agree with the verdict, for every human-readable reporter: a rule whose findings are
 * all below fail-on is "flagged" (the run still passes); "failed" is a rule with a finding at or above fail-on.
 */
import type { Finding, RuleResult } from '../model/report.js';
import { atLeast, type Severity } from '../model/severity.js';

export interface RuleCounts {
  passed: number;
  flagged: number;
  failed: number;
  /** Failed at or above fail-on, but only with known findings (docs/ci.md#known-findings): the run still passes. */
  known: number;
  skipped: number;
  errored: number;
  inconclusive: number;
}

/** `findings`: the results' findings, whose `known` marks make a failed rule known. */
export function ruleCounts(results: readonly RuleResult[], failOn: Severity, findings: readonly Finding[] = []): RuleCounts {
  const of = (status: RuleResult['status']) => results.filter((result) => result.status === status);
  const failing = of('fail');
  const atFailOn = failing.filter((result) => atLeast(result.severity, failOn));
  const failingFindings = findings.filter((finding) => atLeast(finding.severity, failOn));
  const known = atFailOn.filter((result) => {
    const own = failingFindings.filter((finding) => finding.ruleId === result.id);
    return own.length > 0 && own.every((finding) => finding.known === true);
  }).length;
  return {
    passed: of('pass').length,
    flagged: failing.length - atFailOn.length,
    failed: atFailOn.length - known,
    known,
    skipped: of('skip').length,
    errored: of('error').length,
    inconclusive: of('inconclusive').length,
  };
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
