/**
 * Rule counts in words that agree with the verdict, for every human-readable reporter: a rule whose findings are
 * all below fail-on is "flagged" (the run still passes); "failed" is a rule with a finding at or above fail-on.
 */
import type { RuleResult } from '../model/report.js';
import { atLeast, type Severity } from '../model/severity.js';

export interface RuleCounts {
  passed: number;
  flagged: number;
  failed: number;
  skipped: number;
  errored: number;
  inconclusive: number;
}

export function ruleCounts(results: readonly RuleResult[], failOn: Severity): RuleCounts {
  const of = (status: RuleResult['status']) => results.filter((result) => result.status === status);
  const failing = of('fail');
  const failed = failing.filter((result) => atLeast(result.severity, failOn)).length;
  return {
    passed: of('pass').length,
    flagged: failing.length - failed,
    failed,
    skipped: of('skip').length,
    errored: of('error').length,
    inconclusive: of('inconclusive').length,
  };
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
