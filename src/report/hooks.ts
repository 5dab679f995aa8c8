/**
 * What a streaming reporter hears while a run is under way (the console prints each family as it finishes).
 * The engine calls these; file reporters need none of them, being pure functions of the finished report.
 */
import type { Family } from '../model/family.js';
import type { Finding, RuleResult, ServerReport } from '../model/report.js';

export interface ReportHooks {
  onServerStart?(server: string, transport: ServerReport['transport']): void;
  /** Called once per family, as soon as all of its rules have finished, with their results. */
  onFamilyDone?(server: string, family: Family, results: RuleResult[], findings: Finding[]): void;
  onServerDone?(report: ServerReport): void;
  /** A line the server wrote to stderr (stdio servers; the console shows them with --verbose). */
  onStderrLine?(server: string, line: string): void;
}
