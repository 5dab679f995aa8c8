/**
 * Runs the rules against one server: open the session, capture the Surface once, run every rule concurrently
 * (requests bounded by the Probe), and turn what they report into a ServerReport. A rule that throws gets status
 * `error` and the others go on; the run deadline ends whatever is still running and marks the report incomplete.
 */
import { openSession, type Session, type SessionTarget } from '../connect/session.js';
import type { TapEntry } from '../connect/rpc.js';
import { McpactError, errorMessage } from '../errors.js';
import { captureSurface } from '../surface/capture.js';
import type { Surface } from '../surface/types.js';
import type { Finding, RuleResult, ServerReport } from '../report/model.js';
import { specUrl } from '../spec/revisions.js';
import { Probe } from './probe.js';
import type { Family, Report, Rule } from './rule.js';
import type { RuleLevel, Severity } from './severity.js';
import type { ServerSettings, Timeouts } from '../config/schema.js';
import { compareText } from '../util/compare.js';

export interface ServerPlan {
  name: string;
  target: SessionTarget;
  timeouts: Timeouts;
  expect: { protocolVersion?: string };
  /** Configured levels by rule id; rules not listed keep their default severity. */
  levels: Record<string, RuleLevel>;
  /** Feature options of this server (prompt examples, call policy, ...), handed to every rule. */
  settings: ServerSettings;
}

export interface RunHooks {
  onServerStart?(server: string, transport: SessionTarget['kind']): void;
  /** Called once per family, as soon as all of its rules have finished, with their results. */
  onFamilyDone?(server: string, family: Family, results: RuleResult[], findings: Finding[]): void;
  onServerDone?(report: ServerReport): void;
  onStderrLine?(server: string, line: string): void;
  /** Every JSON-RPC message of the session, both ways, handed over just before it closes (for --trace). */
  onTraffic?(server: string, entries: TapEntry[]): void;
}

export interface RunnerOptions {
  rules: readonly Rule[];
  clientVersion: string;
  concurrency: number;
  hooks?: RunHooks;
}

/** Requests in flight at once against one server, unless configured otherwise. */
export const DEFAULT_CONCURRENCY = 4;

export async function runServer(plan: ServerPlan, options: RunnerOptions): Promise<ServerReport> {
  const { hooks } = options;
  hooks?.onServerStart?.(plan.name, plan.target.kind);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), plan.timeouts.run_ms);
  const report: ServerReport = {
    name: plan.name,
    transport: plan.target.kind,
    serverInfo: null,
    protocolVersion: null,
    complete: true,
    rules: [],
    findings: [],
  };
  let session: Session | undefined;
  try {
    session = await openSession(plan.target, {
      connectMs: Math.min(plan.timeouts.connect_ms, plan.timeouts.run_ms),
      clientVersion: options.clientVersion,
      onStderrLine: hooks?.onStderrLine && ((line) => hooks.onStderrLine?.(plan.name, line)),
    });
    const probe = new Probe(session.peer, {
      callMs: plan.timeouts.call_ms,
      concurrency: options.concurrency,
      signal: deadline.signal,
    });
    const initializeResult = (session.initialize.outcome as { result: Record<string, unknown> }).result;
    const surface = await captureSurface(
      session.initialize.request as { protocolVersion: string },
      initializeResult,
      (method, params) => probe.request(method, params),
    );
    report.serverInfo = surface.serverInfo ?? null;
    report.protocolVersion = surface.protocolVersion ?? null;
    if (deadline.signal.aborted) throw deadlineError(plan.timeouts.run_ms);
    await runRules(plan, options, surface, probe, deadline.signal, report);
    if (deadline.signal.aborted) {
      report.complete = false;
      report.error = deadlineError(plan.timeouts.run_ms).message;
    }
  } catch (error) {
    report.complete = false;
    const failure = error instanceof McpactError ? error : new McpactError('internal', errorMessage(error));
    report.error = [failure.message, ...failure.details].join('\n');
  } finally {
    clearTimeout(timer);
    if (session) hooks?.onTraffic?.(plan.name, session.peer.tap);
    await session?.close();
  }
  report.findings.sort(compareFindings);
  hooks?.onServerDone?.(report);
  return report;
}

async function runRules(
  plan: ServerPlan,
  options: RunnerOptions,
  surface: Surface,
  probe: Probe,
  signal: AbortSignal,
  report: ServerReport,
): Promise<void> {
  const byFamily = new Map<Family, Rule[]>();
  for (const rule of options.rules) byFamily.set(rule.family, [...(byFamily.get(rule.family) ?? []), rule]);

  const deadlineReached = new Promise<'deadline'>((resolve) => {
    if (signal.aborted) resolve('deadline');
    else signal.addEventListener('abort', () => resolve('deadline'), { once: true });
  });

  await Promise.all(
    [...byFamily].map(async ([family, rules]) => {
      const outcomes = await Promise.all(
        rules.map((rule) => runRule(rule, plan, surface, probe, deadlineReached, plan.timeouts.run_ms)),
      );
      const results = outcomes.map((outcome) => outcome.result);
      const findings = outcomes.flatMap((outcome) => outcome.findings).sort(compareFindings);
      report.rules.push(...results);
      report.findings.push(...findings);
      options.hooks?.onFamilyDone?.(plan.name, family, results, findings);
    }),
  );
  const order = new Map(options.rules.map((rule, index) => [rule.id, index]));
  report.rules.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

async function runRule(
  rule: Rule,
  plan: ServerPlan,
  surface: Surface,
  probe: Probe,
  deadlineReached: Promise<'deadline'>,
  runMs: number,
): Promise<{ result: RuleResult; findings: Finding[] }> {
  const level = plan.levels[rule.id] ?? rule.defaultSeverity;
  const severity: Severity = level === 'off' ? rule.defaultSeverity : level;
  const base = { id: rule.id, family: rule.family, severity };
  if (level === 'off') {
    return { result: { ...base, status: 'skip', durationMs: 0, reason: 'turned off in config' }, findings: [] };
  }
  const findings: Finding[] = [];
  let skipReason: string | undefined;
  const started = performance.now();
  const context = {
    surface,
    probe,
    expect: plan.expect,
    settings: plan.settings,
    report: (finding: Report) => findings.push(stamp(rule, severity, finding)),
    skip: (reason: string) => {
      skipReason = reason;
    },
  };
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const finished = await Promise.race([Promise.resolve(rule.check(context)).then(() => 'done' as const), deadlineReached]);
    if (finished === 'deadline') {
      return { result: { ...base, status: 'error', durationMs: durationMs(), reason: deadlineError(runMs).message }, findings };
    }
  } catch (error) {
    return { result: { ...base, status: 'error', durationMs: durationMs(), reason: `rule crashed: ${errorMessage(error)}` }, findings };
  }
  if (skipReason !== undefined && findings.length === 0) {
    return { result: { ...base, status: 'skip', durationMs: durationMs(), reason: skipReason }, findings };
  }
  return { result: { ...base, status: findings.length > 0 ? 'fail' : 'pass', durationMs: durationMs() }, findings };
}

function stamp(rule: Rule, severity: Severity, report: Report): Finding {
  const spec = report.spec ?? rule.spec;
  const finding: Finding = {
    ruleId: rule.id,
    severity,
    message: report.message,
    location: report.location,
    spec: { ...spec, url: specUrl(spec) },
  };
  if (report.data !== undefined) finding.data = report.data;
  return finding;
}

function deadlineError(runMs: number): McpactError {
  return new McpactError('deadline', `run deadline of ${runMs} ms reached (timeouts.run_ms): not every rule finished`);
}

/** Deterministic order: rule, then location, then message. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareText(a.ruleId, b.ruleId) ||
    compareText(a.location.kind, b.location.kind) ||
    compareText(a.location.name ?? '', b.location.name ?? '') ||
    compareText(a.location.pointer ?? '', b.location.pointer ?? '') ||
    compareText(a.message, b.message)
  );
}
