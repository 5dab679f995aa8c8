/**
 * Runs the rules against the servers of a run: for each server, open the session and capture the Surface once,
 * run every rule that applies concurrently (requests bounded by the Probe), and turn what they report into a
 * ServerReport; after the last server, the checks across servers. This is the one finding pipeline: `stamp()`
 * builds every Finding, with the severity of engine/severity.ts. A rule that throws gets status `error` and the
 * others go on; the run deadline ends whatever is still running and marks the report incomplete.
 */
import type { Session, SessionTarget } from '../connect/session.js';
import type { TransportKind } from '../model/transport.js';
import { isAnonymousError, type TapEntry } from '../connect/rpc.js';
import { createTransportProbe, type OwnedTransportProbe, type TransportProbe } from '../connect/transport-probe.js';
import type { Probe } from '../connect/probe.js';
import { RateLimit, RateLimitedError } from '../connect/rate-limit.js';
import { TokenRenewalError } from '../connect/oauth/refresh.js';
import { describeDegradation } from '../connect/health.js';
import { controlRequest } from '../exercise/control.js';
import { BadInputLine, lineOpener } from '../connect/bad-input-line.js';
import { warmUp } from './warm-up.js';
import { McpactError, errorMessage } from '../errors.js';
import { openCapturedSession } from '../surface/open.js';
import type { SignIn } from '../connect/oauth/sign-in.js';
import type { ListKind, Surface } from '../surface/types.js';
import { listFailures } from '../surface/failures.js';
import type { BackendReport, Finding, InheritedMark, LatencyReport, RuleResult, ServerReport } from '../model/report.js';
import { FAMILIES, type Family } from '../model/family.js';
import type { InheritedLevel, RuleLevel } from '../model/severity.js';
import { citedRef, specUrl, type EraChoice, type SpecRef } from '../model/spec.js';
import type { ReportHooks } from '../report/hooks.js';
import { bounded, boundedRecord, boundedText } from '../util/bound.js';
import type { Secrets } from '../util/secrets.js';
import type { Answer } from '../model/answer.js';
import { compareText } from '../util/compare.js';
import type { ServerSettings, Timeouts } from '../config/schema.js';
import { RunCache } from '../util/run-cache.js';
import { memoryRuntime, type RunRuntime } from './runtime.js';
import { appliesInEra, type Baseline, type Report, type Rule, type RuleContext, type ServerMetrics, type ServerSurface } from './rule.js';
import { mergeByCause, type Reported } from './merge.js';
import { mergeByAnswer } from './merge-answers.js';
import { inOrder } from './in-order.js';
import { defaultSeverityAt, resolveLevel, worstOf, type SeverityPolicy } from './severity.js';
import { fingerprint, inheritedMark } from './inherited.js';
import type { PromptRender, SdkId, Shown } from './signatures.js';
import { asRecord } from '../util/json.js';
import { exercisePrompts } from '../exercise/prompts/exercise.js';
import { foreignBaseline } from '../drift/lockfile/owner.js';

export interface ServerPlan {
  name: string;
  /** Nothing named this server (zero-config): once it answers, it is called by its serverInfo.name. */
  nameFromServer?: boolean;
  target: SessionTarget;
  timeouts: Timeouts;
  expect: { protocolVersion?: string };
  /** Configured levels by rule id (`rules:`); rules not listed keep their default severity. */
  levels: Record<string, RuleLevel>;
  /** The era to speak (`protocol_era`, --protocol-era); default legacy (the CLI's default is auto). */
  protocolEra?: EraChoice;
  /** The level of findings inherited from the SDK (`inherited:`); default info. */
  inherited?: InheritedLevel;
  /** Feature options of this server (prompt examples, call policy, drift, ...), handed to every rule. */
  settings: ServerSettings;
  /** Opt-ins and golden files; defaults to none. */
  runtime?: RunRuntime;
  /** The lockfile to compare with; the drift rules apply only with one. */
  baseline?: Baseline;
  /**
   * A baseline still being captured from another server (`mcpact diff --against`): awaited once this server's own
   * capture is done, so both captures run side by side. A rejection ends this server's run.
   */
  pendingBaseline?: Promise<Baseline>;
  /** HTTP: how mcpact signed in (`oauth:`, --oauth-*), what discovery found on the way: the auth rules judge it. */
  signIn?: SignIn;
}

/** The streaming hooks of reporters, and the session's traffic for --trace. */
export interface RunHooks extends ReportHooks {
  /** Every JSON-RPC message of the session, both ways, as it passes (for --trace; bounded, connect/rpc.ts TAP_LIMITS). */
  onTraffic?(server: string, entry: TapEntry): void;
}

export interface RunnerOptions {
  rules: readonly Rule[];
  clientVersion: string;
  concurrency: number;
  /** How many servers run side by side (default 1); streaming hooks still hear them in config order. */
  servers?: number;
  hooks?: RunHooks;
  /** Aborted when mcpact is told to stop (SIGINT, SIGTERM, SIGHUP; the reason is the signal's name). */
  interrupt?: AbortSignal;
  /**
   * False when the checks across servers run elsewhere: a shard of a sharded run (`--shard`) leaves them to
   * `mcpact merge-reports`, which has every shard's surfaces. Default true.
   */
  crossServer?: boolean;
  /** Hears each server's captured Surface, by config index (the blob reporter keeps them for the merge). */
  onSurface?: (index: number, surface: Surface) => void;
  /**
   * The run's secrets, redacted from what a server says where it is first kept, before it is cut (stderr and stdout
   * lines, error messages, traced excerpts). The findings are redacted once the report is built (report/redact-report.ts).
   */
  secrets?: Secrets;
}

export { DEFAULT_CONCURRENCY } from '../surface/open.js';

/**
 * Every server of the run, up to `servers` side by side, then the rules' checks across servers. Surfaces are kept for those
 * checks only when a selected rule has one and there are at least two servers.
 */
export async function runServers(plans: readonly ServerPlan[], options: RunnerOptions): Promise<ServerReport[]> {
  const across = plans.length > 1 && options.crossServer !== false ? acrossRules(options.rules) : [];
  const surfaces = new Map<string, Surface>();
  const reports = new Array<ServerReport>(plans.length);
  const width = Math.max(1, Math.min(options.servers ?? 1, plans.length));
  // The console hears servers in config order; trace lines carry their server and are written as they pass, so a
  // later server's traffic is never held in memory.
  const all = options.hooks;
  const ordered = width > 1 && all ? inOrder<RunHooks>({ ...all, onTraffic: undefined }, plans.length) : undefined;
  const onTraffic: RunHooks['onTraffic'] = all?.onTraffic && ((server, entry) => all.onTraffic?.(server, entry));
  let next = 0;
  // A pool of `width` workers, each taking the next server in config order: the reports stay in that order.
  const worker = async () => {
    while (next < plans.length) {
      const index = next++;
      const plan = plans[index]!;
      if (options.interrupt?.aborted) {
        reports[index] = notRun(plan, interruptedError(options.interrupt).message);
        ordered?.done(index);
        continue;
      }
      const hooks = ordered ? { ...ordered.forServer(index), ...(onTraffic && { onTraffic }) } : options.hooks;
      const keep = across.length > 0 || options.onSurface !== undefined;
      reports[index] = await runOne(
        plan,
        { ...options, ...(hooks && { hooks }) },
        keep
          ? (surface) => {
              if (across.length > 0) surfaces.set(plan.name, surface);
              options.onSurface?.(index, surface);
            }
          : undefined,
      );
      ordered?.done(index);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  const entries = plans.map((plan, index): AcrossEntry => ({ report: reports[index]!, policy: policyOf(plan), surface: surfaces.get(plan.name) }));
  for (const rule of across) acrossServers(rule, entries, options.hooks);
  return reports;
}

/** The rules with a check across servers. */
export function acrossRules(rules: readonly Rule[]): Rule[] {
  return rules.filter((rule) => rule.checkAcross !== undefined);
}

/** One server as the checks across servers see it: its report (findings are added to it), its levels, its Surface. */
export interface AcrossEntry {
  report: ServerReport;
  policy: SeverityPolicy;
  /** Absent when the server was never captured: it takes no part. */
  surface?: Surface;
}

/**
 * The checks across servers over reports that are already complete (`mcpact merge-reports`, over every shard's
 * servers): the same function a single run calls after its last server, so both give the same findings.
 */
export function runAcross(rules: readonly Rule[], entries: readonly AcrossEntry[]): void {
  if (entries.length < 2) return;
  for (const rule of acrossRules(rules)) acrossServers(rule, entries);
}

/** One server's run (its checks across servers need runServers). */
export function runServer(plan: ServerPlan, options: RunnerOptions): Promise<ServerReport> {
  return runOne(plan, options);
}

async function runOne(plan: ServerPlan, options: RunnerOptions, keepSurface?: (surface: Surface) => void): Promise<ServerReport> {
  const { hooks } = options;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), plan.timeouts.run_ms);
  // One per server: the session and every probe connection wait out its 429s together (connect/rate-limit.ts), and
  // on any transport its refusals that say it throttles (connect/throttling.ts).
  const rateLimit = new RateLimit({ signal: deadline.signal, at: performance.now() + plan.timeouts.run_ms });
  // The rule families share the run: each has until FAMILY_SHARE of run_ms, the rest is kept for the rules that
  // judge the whole session (afterOthers). Whatever a family still waits for then is what was cut short.
  const familiesMs = Math.floor(plan.timeouts.run_ms * FAMILY_SHARE);
  const families = new AbortController();
  const familiesTimer = setTimeout(() => families.abort(), familiesMs);
  const cut: CutShort = { ms: familiesMs, runMs: plan.timeouts.run_ms, backlog: new Map() };
  const { interrupt } = options;
  const stop = () => deadline.abort();
  interrupt?.addEventListener('abort', stop, { once: true });
  /** Why the run stopped early: the run deadline, or mcpact was told to stop. */
  const stopped = () => (interrupt?.aborted ? interruptedError(interrupt) : deadlineError(plan.timeouts.run_ms));
  const report: ServerReport = {
    name: plan.name,
    transport: plan.target.kind,
    serverInfo: null,
    protocolVersion: null,
    // Set once the session is open; here so that it stands beside protocolVersion in the JSON report.
    era: undefined,
    complete: true,
    rules: [],
    findings: [],
  };
  let session: Session | undefined;
  let transport: OwnedTransportProbe | undefined;
  let badLine: BadInputLine | undefined;
  // Announced once the server's name is known: after the capture, or when the capture failed.
  let announced = false;
  const announce = () => {
    if (!announced) hooks?.onServerStart?.(report.name, report.transport);
    announced = true;
  };
  // What the plan alone decides (the era is known only once the server answered).
  const planned = options.rules.filter((rule) => rule.applies?.(plan) ?? true);
  const plannedRunning = new Set(planned.filter((rule) => resolveLevel(rule, policyOf(plan)) !== 'off').map((rule) => rule.id));
  try {
    const connectMs = Math.min(plan.timeouts.connect_ms, plan.timeouts.run_ms);
    // The probe children speak the session's era: known once the handshake succeeded, before the capture ends.
    let handshaken: Session | undefined;
    const probeOptions = {
      connectMs,
      callMs: plan.timeouts.call_ms,
      clientVersion: options.clientVersion,
      signal: deadline.signal,
      secrets: options.secrets,
      rateLimit,
    };
    transport = createTransportProbe(
      plan.target,
      () => handshaken,
      probeOptions,
      () => badLine?.session,
    );
    // What the run's session and the connection of bad input open with (connect/bad-input-line.ts).
    const sessionOptions = {
      connectMs,
      clientVersion: options.clientVersion,
      interrupt,
      secrets: options.secrets,
      rateLimit,
      onStderrLine: hooks?.onStderrLine && ((line: string) => hooks.onStderrLine?.(plan.name, line)),
      onTap: hooks?.onTraffic && ((entry: TapEntry) => hooks.onTraffic?.(plan.name, entry)),
      // One bound on the traffic traced per server, whichever of its connections carried it.
      tapBudget: { messages: 0, bytes: 0 },
    };
    const captured = await openCapturedSession(plan.target, {
      ...sessionOptions,
      callMs: plan.timeouts.call_ms,
      concurrency: options.concurrency,
      signal: deadline.signal,
      era: plan.protocolEra,
      // The fresh child the stdio probes share starts once the server has shown it starts at all: its start-up
      // then overlaps the capture instead of following it.
      onHandshake: (opened) => {
        handshaken = opened;
        if (planned.some((rule) => rule.sharedChild === true && plannedRunning.has(rule.id))) transport?.warm();
      },
    });
    session = captured.session;
    const { surface, probe } = captured;
    // A plain --url that fell back to HTTP+SSE (connect/session.ts): the report and the probes say what it speaks.
    if (session.target === 'sse' && plan.target.kind === 'http') {
      report.transport = 'sse';
      await transport?.close();
      const sse = { kind: 'sse' as const, url: plan.target.url, headers: plan.target.headers, ...(plan.target.bearer && { bearer: plan.target.bearer }) };
      transport = createTransportProbe(sse, () => handshaken, probeOptions);
    }
    // What each family still waited for when its share of the run ended: counted before those requests end.
    families.signal.addEventListener('abort', () => {
      for (const family of FAMILIES) {
        const backlog = probe.backlogOf(family);
        if (backlog > 0) cut.backlog.set(family, backlog);
      }
      cut.anonymousErrors = probe.unmatchedResponses.filter(isAnonymousError).length;
    });
    // Server text of any size and depth: bounded here so every reporter can serialize the report.
    report.serverInfo = surface.serverInfo ? boundedRecord(surface.serverInfo) : null;
    report.protocolVersion = surface.protocolVersion === undefined ? null : boundedText(surface.protocolVersion, 100);
    report.era = surface.era;
    if (plan.nameFromServer) report.name = serverName(surface.serverInfo) ?? plan.name;
    announce();
    keepSurface?.(surface);
    if (deadline.signal.aborted) throw stopped();
    const ready = plan.pendingBaseline === undefined ? plan : { ...plan, baseline: await untilStopped(plan.pendingBaseline, deadline.signal, stopped) };
    const candidates = ready === plan ? planned : options.rules.filter((rule) => rule.applies?.(ready) ?? true);
    // A lockfile of another server would read as every item removed and every item added: it is not compared (one
    // line, exit 2), and the rules that need it do not run; the others do (drift/lockfile/owner.ts).
    const foreign = ready.baseline && foreignBaseline(ready.baseline, surface.serverInfo);
    const comparable = foreign === undefined ? candidates : candidates.filter((rule) => rule.applies?.({ ...ready, baseline: undefined }) ?? true);
    // Rules of the other era are not listed for this server at all (engine/rule.ts skipIn, appliesInEra).
    const rules = comparable.filter((rule) => appliesInEra(rule, surface.era));
    const running = new Set(rules.filter((rule) => resolveLevel(rule, policyOf(ready)) !== 'off').map((rule) => rule.id));
    // A declared list that could not be read is not an empty server: not everything can be tested.
    const unread = listFailures(surface);
    if (unread.length > 0) {
      report.complete = false;
      report.error = `not every declared list could be read, so not everything was tested: ${unread.map((failure) => failure.reason).join('; ')}`;
    }
    if (foreign !== undefined) {
      // The headline; what else was wrong follows it.
      report.complete = false;
      report.error = report.error === undefined ? foreign : `${foreign}\n${report.error}`;
    }
    const cache = new RunCache();
    // From here on the server is watched: does it still serve what it served at capture? (connect/health.ts)
    const control = controlRequest(surface);
    if (control !== undefined) probe.watch(control);
    // Bad input on a connection of its own, where the transport allows one: a state it puts the server in then never
    // answers the valid work (connect/bad-input-line.ts). It opens when the first bad request goes.
    const lineTarget = session.target === 'sse' && plan.target.kind === 'http' ? { ...plan.target, kind: 'sse' as const } : plan.target;
    // Its handshake ends with the run too: closing the run waits for a line still opening.
    const lineOptions = { ...sessionOptions, interrupt: interrupt ? AbortSignal.any([interrupt, deadline.signal]) : deadline.signal };
    const opener = plan.settings.bad_input_connection === 'session' ? undefined : lineOpener(lineTarget, session, lineOptions);
    if (opener !== undefined) {
      badLine = new BadInputLine(opener, () => probe.health.watched, { timeoutMs: plan.timeouts.call_ms, signal: deadline.signal });
      probe.isolateBadInput(badLine);
    }
    const familySignal = AbortSignal.any([deadline.signal, families.signal]);
    const view = (family: Family) => probe.view(family, familySignal);
    // The valid work first (engine/warm-up.ts); then a control, so its answers are confirmed or put in doubt.
    const touching = new Set(rules.filter((rule) => running.has(rule.id)).map((rule) => rule.family));
    void warmUp({ surface, probe, settings: plan.settings, cache }, touching, view, plan.timeouts.call_ms).then(() => probe.health.checkpoint());
    // Started with the rules and shared with them: the evidence is answers the tools rules ask for anyway.
    const sdks = fingerprint({ surface, probe, settings: plan.settings, cache }, running).catch(() => new Set<SdkId>());
    await runRules(
      ready,
      rules,
      { surface, probe, transport, transportKind: report.transport, cache, sdks, running, stopped, familySignal, cut },
      deadline.signal,
      report,
      hooks,
    );
    if (deadline.signal.aborted) {
      report.complete = false;
      report.error = stopped().message;
    } else if (tokenLost(plan) !== undefined) {
      report.complete = false;
      report.error = tokenLostLine(plan);
    } else if (session.capsHit.length > 0) {
      // An answer mcpact did not read whole was judged by nobody.
      report.complete = false;
      report.error = `not every answer could be read: ${session.capsHit.join('; ')}`;
    } else if (session.peer.closed) {
      // The server went away (crashed, exited) before mcpact closed the session: the findings stand, but the
      // rules that needed it could not judge it, so the run is not complete.
      const lost = sessionLostError(session);
      report.complete = false;
      report.error = [lost.message, ...lost.details].join('\n');
    } else if (badLine?.session?.peer.closed === true) {
      // The same on the connection of bad input: the valid work was judged, the bad input sent after it closed was not.
      const lost = sessionLostError(badLine.session, 'badInput');
      report.complete = false;
      report.error = [lost.message, ...lost.details].join('\n');
    }
  } catch (error) {
    announce();
    report.complete = false;
    const failure = interrupt?.aborted ? interruptedError(interrupt) : error instanceof McpactError ? error : new McpactError('internal', errorMessage(error));
    // A session that could not go on because the token expired says so, not what the refusal looked like.
    report.error = tokenLostLine(plan) ?? [failure.message, ...failure.details].join('\n');
  } finally {
    clearTimeout(timer);
    clearTimeout(familiesTimer);
    interrupt?.removeEventListener('abort', stop);
    // Side by side: each shutdown may wait out a grace period, and none depends on another.
    await Promise.all([transport?.close(), session?.close(), badLine?.close()]);
  }
  const limited = rateLimit?.summary;
  if (limited !== undefined) report.rateLimit = limited;
  report.findings.sort(compareFindings);
  hooks?.onServerDone?.(report);
  return report;
}

/** A server's own name, as a report name: the characters config names allow, at most 64; none when it gives none. */
function serverName(info: Record<string, unknown> | undefined): string | undefined {
  const name =
    typeof info?.name === 'string'
      ? info.name
          .replace(/[^A-Za-z0-9_.-]+/g, '_')
          .replace(/^_+|_+$/g, '')
          .slice(0, 64)
      : '';
  return name === '' ? undefined : name;
}

/** What every rule of one server shares. */
interface Shared {
  surface: Surface;
  probe: Probe;
  transport: TransportProbe | undefined;
  /** What the session speaks: the plan's transport, or HTTP+SSE when a plain --url fell back to it. */
  transportKind: TransportKind;
  cache: RunCache;
  /** The SDK identities recognised from the server's answers (engine/inherited.ts). */
  sdks: Promise<ReadonlySet<SdkId>>;
  /** The ids of the rules that run (not off). */
  running: ReadonlySet<string>;
  /** Why the run stopped early, once it has. */
  stopped: () => McpactError;
  /** Aborted when the rule families' share of the run ends (or the run deadline passes). */
  familySignal: AbortSignal;
  /** What the families' share of the run cut short. */
  cut: CutShort;
}

/**
 * The share of timeouts.run_ms the rule families have; the rest is kept for the rules that judge the whole session
 * once the others are done (afterOthers), so that a slow family cannot leave them no time at all.
 */
export const FAMILY_SHARE = 0.9;

/** What the families' share of the run cut short: requests each family still waited for then, by family. */
interface CutShort {
  ms: number;
  runMs: number;
  backlog: Map<Family, number>;
  /** Error answers with `id: null` that had come by then: answers mcpact could not match, not slowness. */
  anonymousErrors?: number;
}

/** Why a rule that had not finished when its family's share of the run ended has no verdict. */
function cutShortReason(cut: CutShort, family: Family): string {
  const backlog = cut.backlog.get(family) ?? 0;
  const waiting = backlog > 0 ? ` with ${backlog} request${backlog === 1 ? '' : 's'} of the ${family} family unanswered or not sent yet` : '';
  // Requests whose answers came without their id wait to their deadline: that, not a slow server, used the time.
  const why = cut.anonymousErrors
    ? `${cut.anonymousErrors} error answer${cut.anonymousErrors === 1 ? '' : 's'} came with id null, so requests waited for answers that had come without their id (protocol/error-response-id)`
    : 'the server answered too slowly for everything to be asked';
  return (
    `cut short: the rule families' share of the run (${cut.ms} of ${cut.runMs} ms, timeouts.run_ms) ran out${waiting}; ` +
    `${why} (raise timeouts.run_ms, or narrow the run with --only or calls.max_tools)`
  );
}

interface RuleOutcome {
  result: RuleResult;
  findings: Finding[];
  metrics?: ServerMetrics;
  /** Set when the rule found that not everything could be tested. */
  incomplete?: string;
}

async function runRules(plan: ServerPlan, rules: readonly Rule[], shared: Shared, signal: AbortSignal, report: ServerReport, hooks?: RunHooks): Promise<void> {
  const byFamily = new Map<Family, Rule[]>();
  for (const rule of rules) byFamily.set(rule.family, [...(byFamily.get(rule.family) ?? []), rule]);

  const reached = (on: AbortSignal) =>
    new Promise<'deadline'>((resolve) => {
      if (on.aborted) resolve('deadline');
      else on.addEventListener('abort', () => resolve('deadline'), { once: true });
    });
  const deadlineReached = reached(signal);
  const familiesReached = reached(shared.familySignal);

  // A rule that judges the whole session has the run's deadline; every other one its family's share of the run.
  const start = (rule: Rule) =>
    runRule(rule, plan, shared, rule.afterOthers ? deadlineReached : familiesReached, () =>
      rule.afterOthers || signal.aborted ? shared.stopped().message : cutShortReason(shared.cut, rule.family),
    );
  const running = new Map<Rule, Promise<RuleOutcome>>();
  for (const rule of rules) if (!rule.afterOthers) running.set(rule, start(rule));
  // Rules that judge what the whole session saw start once every other rule has finished.
  const othersDone = Promise.all(running.values());
  for (const rule of rules)
    if (rule.afterOthers)
      running.set(
        rule,
        othersDone.then(() => start(rule)),
      );

  const registryOrder = new Map(rules.map((rule, index) => [rule.id, index]));
  // Families run side by side, but are reported in the fixed order of FAMILIES, so every run reads the same.
  const ordered = [...byFamily].sort(([a], [b]) => FAMILIES.indexOf(a) - FAMILIES.indexOf(b));
  const settled = ordered.map(([, members]) => Promise.all(members.map((rule) => running.get(rule)!)));
  for (const [index, [family]] of ordered.entries()) {
    // Waits for this family only: those before it are reported already, those after may still run.
    const outcomes = await settled[index]!;
    const results = outcomes.map((outcome) => outcome.result);
    // One answer to bad input judged by several rules (or cases) of the family is one finding (engine/merge-answers.ts).
    const { findings: merged, absorbed } = mergeByAnswer(
      outcomes.flatMap((outcome) => outcome.findings).sort(compareFindings),
      (ruleId) => registryOrder.get(ruleId) ?? 0,
    );
    const findings = merged.sort(compareFindings);
    for (const result of results) {
      const carrier = absorbed.get(result.id);
      if (carrier === undefined) continue;
      const where = `one cause with ${carrier}: its cases are in that finding (data.cases)`;
      result.reason = result.reason === undefined ? where : `${where}; ${result.reason}`;
    }
    // One at a time: spreading a 10,000-finding array into push() can overflow the stack.
    for (const result of results) report.rules.push(result);
    for (const finding of findings) report.findings.push(finding);
    for (const outcome of outcomes) {
      if (outcome.metrics?.latency) report.latency = outcome.metrics.latency;
      if (outcome.metrics?.backend) report.backend = outcome.metrics.backend;
      if (outcome.incomplete !== undefined) {
        report.complete = false;
        report.error ??= outcome.incomplete;
      } else if (outcome.result.status === 'error') {
        // A rule that crashed or ran out of time tested nothing: the run must not pass as if it had (exit 2).
        report.complete = false;
        report.error ??= `rule ${outcome.result.id} could not finish: ${outcome.result.reason ?? 'no reason given'}`;
      }
    }
    hooks?.onFamilyDone?.(report.name, family, results, findings);
  }
  report.rules.sort((a, b) => (registryOrder.get(a.id) ?? 0) - (registryOrder.get(b.id) ?? 0));
}

async function runRule(
  ruleAsDefined: Rule,
  plan: ServerPlan,
  shared: Shared,
  deadlineReached: Promise<'deadline'>,
  stoppedWhy: () => string,
): Promise<RuleOutcome> {
  const policy = policyOf(plan);
  const cited = ruleAsDefined.spec && citedRef(ruleAsDefined.spec, shared.surface.protocolVersion);
  // The default severity at this server's revision (the same for every rule whose level does not follow it).
  const rule = { ...ruleAsDefined, defaultSeverity: defaultSeverityAt(ruleAsDefined, cited) };
  const level = resolveLevel(rule, policy, { cited });
  const base = { id: rule.id, family: rule.family, severity: level === 'off' ? rule.defaultSeverity : level };
  if (level === 'off') {
    return { result: { ...base, status: 'skip', durationMs: 0, reason: 'turned off in config' }, findings: [] };
  }
  const eraSkip = rule.skipIn?.[shared.surface.era];
  if (eraSkip !== undefined) return { result: { ...base, status: 'skip', durationMs: 0, reason: eraSkip }, findings: [] };
  const reported: Report[] = [];
  let skipReason: string | undefined;
  let incomplete: string | undefined;
  const notes: string[] = [];
  const undecided: string[] = [];
  let metrics: ServerMetrics | undefined;
  const started = performance.now();
  const { sdks, stopped: _stopped, familySignal, cut: _cut, ...exposed } = shared;
  // The rule's own view of the probe: its family's lane and deadline, and the answers it saw (connect/probe.ts).
  const probe = shared.probe.view(rule.family, rule.afterOthers ? undefined : familySignal);
  const context: RuleContext = {
    ...exposed,
    probe,
    expect: plan.expect,
    spec: cited,
    settings: plan.settings,
    runtime: plan.runtime ?? memoryRuntime(),
    baseline: plan.baseline,
    ...(plan.signIn && { signIn: plan.signIn }),
    note: (text) => notes.push(text),
    report: (finding) => {
      reported.push(finding);
    },
    skip: (reason) => {
      skipReason = reason;
    },
    metrics: (measured) => {
      // Bounded like findings: tool names and reasons are server text of any size.
      metrics = { ...metrics };
      if (measured.latency) metrics.latency = bounded(measured.latency) as LatencyReport;
      if (measured.backend) metrics.backend = bounded(measured.backend) as BackendReport;
    },
    incomplete: (reason) => {
      incomplete = reason;
    },
    inconclusive: (reason) => {
      undecided.push(reason);
    },
  };
  const durationMs = () => Math.round(performance.now() - started);
  /** The rule's reports as Findings, each marked when it is behaviour of the server's SDK; `off` drops it. */
  const settle = async (known: ReadonlySet<SdkId>): Promise<Reported[]> => {
    const shown = await wire(rule, plan, shared, known);
    let dropped = 0;
    const findings: Reported[] = [];
    for (const item of reported.splice(0)) {
      const mark = known.size > 0 ? inheritedMark(rule.id, { ...shown, data: item.data ?? {}, name: item.location.name }, known) : undefined;
      const cited = citedFor(rule, item, shared.surface.protocolVersion);
      // A finding citing a text of its own: where the rule's severity follows the keyword, it follows that text's.
      const levelled = item.spec === undefined ? rule : { ...rule, defaultSeverity: defaultSeverityAt(ruleAsDefined, cited) };
      const severity = resolveLevel(levelled, policy, { ...item, inherited: mark !== undefined, cited });
      if (severity === 'off') {
        if (mark !== undefined) dropped++;
        continue;
      }
      findings.push({ finding: stamp(rule, severity, item, shared.surface.protocolVersion, mark), cause: item.cause });
    }
    if (dropped > 0) notes.push(`${dropped} finding${dropped === 1 ? '' : 's'} inherited from the SDK not reported (inherited: off)`);
    return findings;
  };
  const errored = async (reason: string): Promise<RuleOutcome> => ({
    result: { ...base, status: 'error', durationMs: durationMs(), reason },
    findings: (await settle(new Set())).map((entry) => entry.finding),
  });
  let known: ReadonlySet<SdkId>;
  try {
    const finished = await Promise.race([Promise.resolve(rule.check(context)).then(() => 'done' as const), deadlineReached]);
    if (finished === 'deadline') return errored(stoppedWhy());
    const recognised = reported.length > 0 ? await Promise.race([sdks, deadlineReached]) : new Set<SdkId>();
    if (recognised === 'deadline') return errored(stoppedWhy());
    known = recognised;
  } catch (error) {
    // A probe the server still rate limited when mcpact had to stop waiting: nothing to judge, no crash.
    if (error instanceof RateLimitedError) return rateLimited(base, durationMs(), notes);
    if (error instanceof TokenRenewalError) return withoutToken(base, durationMs(), error.message, notes);
    return errored(`rule crashed: ${errorMessage(error)}`);
  }
  // The run's token expired and no new one could be had: the answers since are refusals of mcpact's own request.
  const lost = tokenLost(plan);
  if (lost !== undefined) return withoutToken(base, durationMs(), lost, notes);
  if (incomplete !== undefined) return { ...(await errored(incomplete)), incomplete };
  if (probe.rateLimitedAnswers > 0) return rateLimited(base, durationMs(), notes, probe.throttledAnswers > 0);
  // The server went away during the run: a request in flight then, or asked for after, got the connection closing,
  // which is no answer of the server's to what was asked (which request brought it down, the wire cannot tell when
  // several were in flight), so no verdict rests on it. protocol/stays-connected reports the loss itself, once.
  if (probe.lostAnswers > 0 && rule.judgesLoss !== true) {
    // No count: how many were in flight and how many asked for after is a matter of timing.
    const reason = 'no verdict: answers it judged are the connection closing, the server had gone away (see protocol/stays-connected)';
    return {
      result: { ...base, status: 'inconclusive', durationMs: durationMs(), reason: [reason, ...undecided, ...notes].join('; ') },
      findings: [],
      metrics,
    };
  }
  // An answer the rule judged came after the server stopped serving what it served at capture: it may be the
  // degraded state's answer, not the answer to what was asked, so no verdict rests on it (protocol/stays-available
  // reports the degradation itself, once).
  const doubt = await Promise.race([probe.answersInDoubt(), deadlineReached]);
  if (doubt === 'deadline') return errored(stoppedWhy());
  if (doubt !== undefined) {
    const reason = `no verdict: answers it judged may be the degraded server's (${describeDegradation(doubt)}; see protocol/stays-available)`;
    return { result: { ...base, status: 'inconclusive', durationMs: durationMs(), reason: [reason, ...notes].join('; ') }, findings: [], metrics };
  }
  const findings = await settle(known);
  const merged = mergeByCause(findings.sort((a, b) => compareFindings(a.finding, b.finding)));
  if (skipReason !== undefined && merged.length === 0 && !rule.needs?.some((kind) => failedKinds(shared.surface).has(kind))) {
    return { result: { ...base, status: 'skip', durationMs: durationMs(), reason: skipReason }, findings: merged, metrics };
  }
  // A list the rule judges could not be read: what it saw was not the whole contract.
  const unread = listFailures(shared.surface).filter((failure) => rule.needs?.includes(failure.kind));
  if (unread.length > 0) undecided.unshift(`not judged: ${unread.map((failure) => failure.reason).join('; ')}`);
  if (undecided.length > 0 && (merged.length === 0 || skipReason !== undefined)) {
    return { result: { ...base, status: 'inconclusive', durationMs: durationMs(), reason: [...undecided, ...notes].join('; ') }, findings: merged, metrics };
  }
  const severity = merged.length > 0 ? worstOf(merged.map((finding) => finding.severity)) : base.severity;
  const result: RuleResult = { ...base, severity, status: merged.length > 0 ? 'fail' : 'pass', durationMs: durationMs() };
  if (notes.length > 0 || undecided.length > 0) result.reason = [...undecided, ...notes].join('; ');
  return { result, findings: merged, metrics };
}

/**
 * What a signature may see besides a finding's data: the transport, and for the prompt rules the answers of the
 * prompts/get cases (the matrix is cached, so this only reads what the rule's own check already asked).
 */
async function wire(rule: Rule, plan: ServerPlan, shared: Shared, known: ReadonlySet<SdkId>): Promise<Omit<Shown, 'data' | 'name'>> {
  const shown: Omit<Shown, 'data' | 'name'> = { transport: shared.transportKind };
  if (known.size === 0 || rule.family !== 'prompts') return shown;
  const exercise = await exercisePrompts({ surface: shared.surface, probe: shared.probe, settings: plan.settings, cache: shared.cache });
  shown.promptCase = (variant) => exercise.server.find((result) => result.variant === variant)?.outcome;
  shown.promptRenders = (name) =>
    exercise.prompts
      .filter((prompt) => prompt.prompt.name === name)
      .flatMap((prompt) => [...prompt.attempts, ...prompt.results])
      .flatMap((result): PromptRender[] => {
        const args = asRecord(result.params.arguments);
        if (result.rendered === undefined || args === undefined) return [];
        return [{ case: result.case, ...(result.argument !== undefined && { argument: result.argument }), arguments: args, digest: result.rendered.digest }];
      });
  return shown;
}

/**
 * A rule's check across servers: its reports go to the server that carries each problem, at that server's level
 * for the rule, and its result there turns from pass to fail. Streamed as one more block per server it touches.
 */
function acrossServers(rule: Rule, entries: readonly AcrossEntry[], hooks?: RunHooks): void {
  const captured: ServerSurface[] = entries.flatMap((entry) => (entry.surface ? [{ name: entry.report.name, surface: entry.surface }] : []));
  if (captured.length < 2) return;
  const found = rule.checkAcross!(captured);
  for (const { report, policy } of entries) {
    const result = report.rules.find((entry) => entry.id === rule.id);
    const findings = (found.get(report.name) ?? []).flatMap((item): Reported[] => {
      const severity = resolveLevel(rule, policy, { ...item, cited: citedFor(rule, item, report.protocolVersion) });
      return severity === 'off' || result === undefined ? [] : [{ finding: stamp(rule, severity, item, report.protocolVersion), cause: item.cause }];
    });
    if (result === undefined || findings.length === 0) continue;
    const merged = mergeByCause(findings.sort((a, b) => compareFindings(a.finding, b.finding)));
    for (const finding of merged) report.findings.push(finding);
    report.findings.sort(compareFindings);
    if (result.status === 'pass') result.status = 'fail';
    result.severity = worstOf([result.severity, ...merged.map((finding) => finding.severity)]);
    hooks?.onServerStart?.(report.name, report.transport);
    hooks?.onFamilyDone?.(report.name, rule.family, [result], merged);
  }
}

function failedKinds(surface: Surface): Set<ListKind> {
  return new Set(listFailures(surface).map((failure) => failure.kind));
}

export function policyOf(plan: ServerPlan): SeverityPolicy {
  return { levels: plan.levels, drift: plan.settings.drift, inherited: plan.inherited };
}

/**
 * A rule's report as a Finding: rule id, resolved severity and the requirement it rests on, quoted from the
 * revision the server negotiated (`negotiated`; the target revision, marked as a fallback, when mcpact does not
 * know that one or it has no such requirement). The only place a Finding is built.
 */
export function stamp(
  rule: Pick<Rule, 'id' | 'spec'>,
  severity: Finding['severity'],
  report: Report,
  negotiated: string | null | undefined,
  inherited?: InheritedMark,
): Finding {
  const spec = citedFor(rule, report, negotiated);
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
  };
  if (spec !== undefined) finding.spec = { ...spec, url: specUrl(spec) };
  if (report.answer !== undefined) finding.answer = boundedAnswer(report.answer);
  if (report.data !== undefined) finding.data = boundedRecord(report.data);
  if (inherited !== undefined) finding.inherited = inherited;
  return finding;
}

/**
 * The requirement a report rests on at the negotiated revision: its own (`report.spec`) or its rule's. `lenient` is
 * kept only where the basis is mcpact's policy: leniency the specification permits cannot lower a verdict that
 * rests on the specification.
 */
export function citedFor(rule: Pick<Rule, 'spec'>, report: Pick<Report, 'spec' | 'lenient'>, negotiated: string | null | undefined): SpecRef | undefined {
  const basis = report.spec ?? rule.spec;
  const spec = basis && citedRef(basis, negotiated);
  if (spec?.basis === 'policy' && report.lenient === true) spec.lenient = true;
  return spec;
}

function boundedAnswer(answer: Answer): Answer {
  const bounded: Answer = {};
  if (answer.class !== undefined) bounded.class = answer.class;
  if (answer.code !== undefined) bounded.code = typeof answer.code === 'number' ? answer.code : boundedText(answer.code, 20);
  if (answer.said !== undefined) bounded.said = boundedText(answer.said, 200);
  if (answer.evidence !== undefined) bounded.evidence = boundedText(answer.evidence, 200);
  return bounded;
}

/** `work`, unless the run stops first (its deadline, or mcpact was told to stop). */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal, stopped: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(stopped());
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(stopped());
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

function interruptedError(interrupt: AbortSignal): McpactError {
  const signal = typeof interrupt.reason === 'string' ? interrupt.reason : 'a signal';
  return new McpactError('deadline', `interrupted by ${signal}: not every rule finished`);
}

/** A server the run never reached (mcpact was told to stop before). */
function notRun(plan: ServerPlan, why: string): ServerReport {
  return { name: plan.name, transport: plan.target.kind, serverInfo: null, protocolVersion: null, complete: false, rules: [], findings: [], error: why };
}

function deadlineError(runMs: number): McpactError {
  return new McpactError('deadline', `run deadline of ${runMs} ms reached (timeouts.run_ms): not every rule finished`);
}

/** The server closed the run's session, or the connection of its own that bad input goes on (`badInput`). */
function sessionLostError(session: Session, which: 'session' | 'badInput' = 'session'): McpactError {
  const stdio = session.stdio;
  const exit = stdio?.exitCode != null ? ` (exit code ${stdio.exitCode})` : stdio?.exitSignal ? ` (killed by ${stdio.exitSignal})` : '';
  const stderr = stdio?.stderrLines().slice(-10) ?? [];
  return new McpactError(
    'connection',
    which === 'session'
      ? `server closed the connection during the run${exit}: rules that needed it could not finish their checks`
      : `server closed the connection that bad input goes on during the run${exit}: the bad input sent after that could not be judged; the valid work was, on the run's session`,
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

/** Why the run went on without a token the server takes (connect/oauth/refresh.ts), once that happened. */
function tokenLost(plan: ServerPlan): string | undefined {
  const target = plan.target;
  return target.kind === 'http' || target.kind === 'sse' ? target.bearer?.failed : undefined;
}

/** The report's line for it (exit 2: the run is incomplete). */
function tokenLostLine(plan: ServerPlan): string | undefined {
  const lost = tokenLost(plan);
  return lost === undefined ? undefined : `OAuth: ${lost}; the rules still waiting for the server are inconclusive`;
}

/** A rule that ran, or finished, after the run's token expired for good: no verdict, never a finding on the server. */
function withoutToken(base: Pick<RuleResult, 'id' | 'family' | 'severity'>, durationMs: number, why: string, notes: string[]): RuleOutcome {
  const reason = `no verdict: ${why}`;
  return { result: { ...base, status: 'inconclusive', durationMs, reason: [reason, ...notes].join('; ') }, findings: [] };
}

/**
 * A rule that needed an answer the server still rate limited (HTTP 429, or a JSON-RPC refusal saying it throttles:
 * `throttled`) when mcpact had to stop waiting: no verdict. The report says once how much rate limiting there was
 * (ServerReport.rateLimit).
 */
function rateLimited(base: Pick<RuleResult, 'id' | 'family' | 'severity'>, durationMs: number, notes: string[], throttled = false): RuleOutcome {
  const reason = throttled
    ? 'no verdict: the server still refused a request it needed as throttled (its rate limit) when mcpact had to stop waiting, ' +
      'though mcpact had slowed down to stay under it (see rateLimit in the report); no setting makes mcpact slower still, ' +
      'but more time for the run (timeouts.run_ms, --run-timeout) leaves more room to wait the limit out'
    : 'no verdict: the server still answered HTTP 429 Too Many Requests to a request it needed when mcpact had to stop waiting (see rateLimit in the report)';
  return { result: { ...base, status: 'inconclusive', durationMs, reason: [reason, ...notes].join('; ') }, findings: [] };
}
