/** Assembles the RunReport from per-server reports, and computes the exit code from it: one pure function each. */
import { atLeast, SEVERITIES, type Severity } from '../model/severity.js';
import { RULE_STATUSES, type RunReport, type ServerReport } from '../model/report.js';

export function buildRunReport(input: {
  version: string;
  servers: ServerReport[];
  durationMs: number;
  failOn: Severity;
  /** False when not every configured server was reached (for example a run stopped early). */
  complete?: boolean;
}): RunReport {
  const rules = Object.fromEntries(RULE_STATUSES.map((status) => [status, 0])) as RunReport['summary']['rules'];
  const findings = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as RunReport['summary']['findings'];
  let inherited = 0;
  for (const server of input.servers) {
    for (const rule of server.rules) rules[rule.status]++;
    for (const finding of server.findings) {
      findings[finding.severity]++;
      if (finding.inherited) inherited++;
    }
  }
  return {
    schemaVersion: 1,
    tool: { name: 'mcpact', version: input.version },
    complete: (input.complete ?? true) && input.servers.every((server) => server.complete),
    durationMs: Math.round(input.durationMs),
    failOn: input.failOn,
    servers: input.servers,
    summary: { servers: input.servers.length, rules, findings, inherited },
  };
}

/**
 * 2: not everything was tested; 1: findings at or above fail-on that the known-findings file does not list, or a
 * listed one that no longer occurs (stale); 0: clean.
 */
export function exitCode(report: RunReport): 0 | 1 | 2 {
  if (!report.complete) return 2;
  const failing = report.servers.some((server) => server.findings.some((finding) => finding.known !== true && atLeast(finding.severity, report.failOn)));
  return failing || (report.knownFindings?.stale.length ?? 0) > 0 ? 1 : 0;
}
