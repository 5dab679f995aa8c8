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
import type { Finding, LatencyReport, RuleResult, ServerReport } from '../report/model.js';
import { specUrl } from '../spec/revisions.js';
import { Probe } from './probe.js';
import { createTransportProbe, type TransportProbe } from './transport-probe.js';
import { bounded, boundedRecord, boundedText } from '../util/bound.js';
import { memoryRuntime, type RunRuntime } from './runtime.js';
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
  /** Opt-ins and golden files; defaults to none. */
  runtime?: RunRuntime;
  /** Families computed in one pass over the captured Surface instead of rule by rule (drift against a lockfile). */
  surfaceChecks?: readonly SurfaceCheck[];
}

/** A family that is not made of rules: it reads the Surface once and returns finished results and findings. */
export interface SurfaceCheck {
  family: Family;
  /** May call the server through the run's Probe (the drift replay does). */
  check(surface: Surface, probe: Probe): Promise<{ results: RuleResult[]; findings: Finding[]; incomplete?: string }>;
}

export interface RunHooks {
  onServerStart?(server: string, transport: SessionTarget['kind']): void;
  /** Called once per family, as soon as all of its rules have finished, with their results. */
  onFamilyDone?(server: string, family: Family, results: RuleResult[], findings: Finding[]): void;
  onServerDone?(report: ServerReport): void;
  onStderrLine?(server: string, line: string): void;
  /** Every JSON-RPC message of the session, both ways, handed over just before it closes (for --trace). */
  onTraffic?(server: string, entries: TapEntry[]): void;
  /** The captured contract, for checks that need every server's (cross-server shadowing); never part of the report. */
  onSurface?(server: string, surface: Surface): void;
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
  let transport: (TransportProbe & { close(): Promise<void> }) | undefined;
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
    transport = createTransportProbe(plan.target, session, {
      connectMs: Math.min(plan.timeouts.connect_ms, plan.timeouts.run_ms),
      callMs: plan.timeouts.call_ms,
      clientVersion: options.clientVersion,
      signal: deadline.signal,
    });
    const initializeResult = (session.initialize.outcome as { result: Record<string, unknown> }).result;
    const surface = await captureSurface(session.initialize.request as { protocolVersion: string }, initializeResult, (method, params) =>
      probe.request(method, params),
    );
    // Server text of any size and depth: bounded here so every reporter can serialize the report.
    report.serverInfo = surface.serverInfo ? boundedRecord(surface.serverInfo) : null;
    report.protocolVersion = surface.protocolVersion === undefined ? null : boundedText(surface.protocolVersion, 100);
    hooks?.onSurface?.(plan.name, surface);
    if (deadline.signal.aborted) throw deadlineError(plan.timeouts.run_ms);
    await runRules(plan, options, surface, probe, transport, deadline.signal, report);
    for (const extra of plan.surfaceChecks ?? []) await runSurfaceCheck(extra, plan.name, surface, probe, report, hooks);
    if (deadline.signal.aborted) {
      report.complete = false;
      report.error = deadlineError(plan.timeouts.run_ms).message;
    } else if (session.peer.closed) {
      // The server went away (crashed, exited) before mcpact closed the session: the findings stand, but the
      // rules that needed it could not judge it, so the run is not complete.
      const lost = sessionLostError(session);
      report.complete = false;
      report.error = [lost.message, ...lost.details].join('\n');
    }
  } catch (error) {
    report.complete = false;
    const failure = error instanceof McpactError ? error : new McpactError('internal', errorMessage(error));
    report.error = [failure.message, ...failure.details].join('\n');
  } finally {
    clearTimeout(timer);
    if (session) hooks?.onTraffic?.(plan.name, session.peer.tap);
    // Side by side: each shutdown may wait out a grace period, and none depends on another.
    await Promise.all([transport?.close(), session?.close()]);
  }
  report.findings.sort(compareFindings);
  hooks?.onServerDone?.(report);
  return report;
}

async function runSurfaceCheck(extra: SurfaceCheck, server: string, surface: Surface, probe: Probe, report: ServerReport, hooks?: RunHooks): Promise<void> {
  const outcome = await extra.check(surface, probe);
  report.rules.push(...outcome.results);
  report.findings.push(...outcome.findings);
  if (outcome.incomplete !== undefined) {
    report.complete = false;
    report.error ??= outcome.incomplete;
  }
  hooks?.onFamilyDone?.(server, extra.family, outcome.results, outcome.findings);
}

async function runRules(
  plan: ServerPlan,
  options: RunnerOptions,
  surface: Surface,
  probe: Probe,
  transport: TransportProbe | undefined,
  signal: AbortSignal,
  report: ServerReport,
): Promise<void> {
  const byFamily = new Map<Family, Rule[]>();
  for (const rule of options.rules) byFamily.set(rule.family, [...(byFamily.get(rule.family) ?? []), rule]);

  const deadlineReached = new Promise<'deadline'>((resolve) => {
    if (signal.aborted) resolve('deadline');
    else signal.addEventListener('abort', () => resolve('deadline'), { once: true });
  });

  const start = (rule: Rule) => runRule(rule, plan, surface, probe, transport, deadlineReached, plan.timeouts.run_ms);
  const running = new Map<Rule, ReturnType<typeof start>>();
  for (const rule of options.rules) if (!rule.afterOthers) running.set(rule, start(rule));
  // Rules that judge what the whole session saw start once every other rule has finished.
  const othersDone = Promise.all(running.values());
  for (const rule of options.rules)
    if (rule.afterOthers)
      running.set(
        rule,
        othersDone.then(() => start(rule)),
      );

  await Promise.all(
    [...byFamily].map(async ([family, rules]) => {
      const outcomes = await Promise.all(rules.map((rule) => running.get(rule)!));
      const results = outcomes.map((outcome) => outcome.result);
      const findings = outcomes.flatMap((outcome) => outcome.findings).sort(compareFindings);
      report.rules.push(...results);
      report.findings.push(...findings);
      for (const outcome of outcomes) if (outcome.metrics) report.latency = outcome.metrics.latency;
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
  transport: TransportProbe | undefined,
  deadlineReached: Promise<'deadline'>,
  runMs: number,
): Promise<{ result: RuleResult; findings: Finding[]; metrics?: { latency: LatencyReport } }> {
  const level = plan.levels[rule.id] ?? rule.defaultSeverity;
  const severity: Severity = level === 'off' ? rule.defaultSeverity : level;
  const base = { id: rule.id, family: rule.family, severity };
  if (level === 'off') {
    return { result: { ...base, status: 'skip', durationMs: 0, reason: 'turned off in config' }, findings: [] };
  }
  const findings: Finding[] = [];
  let skipReason: string | undefined;
  const notes: string[] = [];
  let metrics: { latency: LatencyReport } | undefined;
  const started = performance.now();
  const context = {
    surface,
    probe,
    expect: plan.expect,
    settings: plan.settings,
    runtime: plan.runtime ?? memoryRuntime(),
    transport,
    note: (text: string) => notes.push(text),
    report: (finding: Report) => findings.push(stamp(rule, severity, finding)),
    skip: (reason: string) => {
      skipReason = reason;
    },
    metrics: (measured: { latency: LatencyReport }) => {
      // Bounded like findings: tool names and reasons are server text of any size.
      metrics = { latency: bounded(measured.latency) as LatencyReport };
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
    return { result: { ...base, status: 'skip', durationMs: durationMs(), reason: skipReason }, findings, metrics };
  }
  const result: RuleResult = { ...base, status: findings.length > 0 ? 'fail' : 'pass', durationMs: durationMs() };
  if (notes.length > 0) result.reason = notes.join('; ');
  return { result, findings, metrics };
}

/** A rule's report as a Finding: rule id, configured severity and the spec reference it rests on. */
export function stamp(rule: Rule, severity: Severity, report: Report): Finding {
  const spec = report.spec ?? rule.spec;
  // Messages, names and data carry server text of any size and depth; the bounded copies keep every report
  // serializable (a 10,000-level schema overflows JSON.stringify) and of a sane size.
  const location: Finding['location'] = { kind: report.location.kind };
  if (report.location.name !== undefined) location.name = boundedText(report.location.name);
  if (report.location.pointer !== undefined) location.pointer = boundedText(report.location.pointer);
  const finding: Finding = {
    ruleId: rule.id,
    severity,
    message: boundedText(report.message),
    location,
    spec: { ...spec, url: specUrl(spec) },
  };
  if (report.data !== undefined) finding.data = boundedRecord(report.data);
  return finding;
}

function deadlineError(runMs: number): McpactError {
  return new McpactError('deadline', `run deadline of ${runMs} ms reached (timeouts.run_ms): not every rule finished`);
}

function sessionLostError(session: Session): McpactError {
  const stdio = session.stdio;
  const exit = stdio?.exitCode != null ? ` (exit code ${stdio.exitCode})` : stdio?.exitSignal ? ` (killed by ${stdio.exitSignal})` : '';
  const stderr = stdio?.stderrLines().slice(-10) ?? [];
  return new McpactError(
    'connection',
    `server closed the connection during the run${exit}: rules that needed it could not finish their checks`,
    stderr.length > 0 ? ['last lines of the server stderr:', ...stderr.map((line) => `  ${line}`)] : [],
  );
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
