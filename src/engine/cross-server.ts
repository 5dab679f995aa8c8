/**
 * Checks that need every server of a run at once. Servers run one after another, each in its own session, so
 * these run after the last one, over the Surfaces the runner handed out (RunHooks.onSurface), and add their
 * findings to the report of the server that carries the problem, under the rule they belong to, at that server's
 * configured level. Today that is security/tool-shadowing across servers (docs/security.md).
 */
import type { ServerReport } from '../report/model.js';
import { shadowingAcross } from '../rules/security/tool-shadowing.js';
import type { Surface } from '../surface/types.js';
import type { Rule } from './rule.js';
import { compareFindings, stamp, type RunHooks, type ServerPlan } from './runner.js';

export const CROSS_SERVER_RULE = 'security/tool-shadowing';

export interface ServerRun {
  plan: Pick<ServerPlan, 'name' | 'levels'>;
  report: ServerReport;
  /** Undefined when the server could not be captured. */
  surface: Surface | undefined;
}

/**
 * Adds cross-server findings to the reports (in place) and streams them through `onFamilyDone`. Does nothing with
 * fewer than two captured servers, or when the rule is not selected (--skip security) or off for a server.
 */
export function runCrossServerChecks(runs: readonly ServerRun[], rules: readonly Rule[], hooks?: RunHooks): void {
  const rule = rules.find((candidate) => candidate.id === CROSS_SERVER_RULE);
  const captured = runs.filter((run): run is ServerRun & { surface: Surface } => run.surface !== undefined);
  if (!rule || captured.length < 2) return;
  const found = shadowingAcross(captured.map((run) => ({ name: run.plan.name, surface: run.surface })));
  for (const run of captured) {
    const level = run.plan.levels[rule.id] ?? rule.defaultSeverity;
    const reports = found.get(run.plan.name) ?? [];
    if (level === 'off' || reports.length === 0) continue;
    const findings = reports.map((report) => stamp(rule, level, report)).sort(compareFindings);
    run.report.findings.push(...findings);
    run.report.findings.sort(compareFindings);
    const result = run.report.rules.find((entry) => entry.id === rule.id);
    if (result?.status === 'pass') result.status = 'fail';
    hooks?.onServerStart?.(run.plan.name, run.report.transport);
    hooks?.onFamilyDone?.(run.plan.name, rule.family, result ? [result] : [], findings);
  }
}
