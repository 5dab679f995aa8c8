/**
 * One run as data: resolve the servers, run the rules against each (drift too, for servers with a
 * `drift.baseline`), build the RunReport and redact it. The library's `run()` (api/run.ts) is this and nothing
 * more; `mcpact run` (run.ts) is this plus what a command has: reporters, stdout and stderr, the trace, blobs, the
 * exit code. So nothing here writes to the standard streams, installs a signal handler or exits: what the command
 * shows along the way it attaches through `attach`.
 */
import path from 'node:path';
import { defaultServerConcurrency } from './concurrency.js';
import type { Baseline, Rule } from '../engine/rule.js';
import type { RunHooks, ServerPlan } from '../engine/runner.js';
import type { Family } from '../model/family.js';
import type { ReportHooks } from '../report/hooks.js';
import type { RunReport, ServerReport } from '../model/report.js';
import type { Severity } from '../model/severity.js';
import type { Surface } from '../surface/types.js';
import type { Secrets } from '../util/secrets.js';
import { usageError } from '../errors.js';
import { RULE_IDS } from '../rules/ids.js';
import { prestart, discardPrestarted } from '../connect/prestart.js';
import type { RunOptions, TargetOptions } from './option-schemas.js';
import { resolveTargets, type ResolvedTargets, type ServerTarget } from './targets.js';
import { inShard } from './shard.js';
import { mcpactVersion } from './version.js';
import { openKnownFindings, type KnownFindingsRun } from './known-findings.js';

/** What decides the report: the servers and the policy. How it is shown (reporters, quiet, trace) is the command's. */
export type PipelineOptions = TargetOptions &
  Pick<RunOptions, 'only' | 'skip' | 'failOn' | 'shard' | 'depth' | 'concurrency' | 'showValues' | 'updateGolden' | 'knownFindings' | 'updateKnownFindings'>;

/** What is known once the servers are resolved and before any rule runs. */
export interface RunSetup {
  resolved: ResolvedTargets;
  /** Every server name of the config, before --shard picks some. */
  allNames: string[];
  failOn: Severity;
  secrets: Secrets;
  version: string;
}

/** What a command hangs on the run: streaming hooks (console, progress), the trace, and the surfaces a blob keeps. */
export interface RunAttachments {
  /** They hear what the report will say: values redacted, never mcpact's own words (report/redact-report.ts). */
  hooks?: ReportHooks;
  /** Every message of each session, unredacted (the trace redacts what it writes). */
  onTraffic?: RunHooks['onTraffic'];
  onSurface?: (index: number, surface: Surface) => void;
}

export interface PipelineIo<Attached extends RunAttachments> {
  /** Aborted: the servers are stopped and the report is marked incomplete (the CLI's SIGINT, the library's `signal`). */
  interrupt?: AbortSignal;
  /** Called once, after the servers are resolved and before the first rule; what it returns comes back as `attached`. */
  attach: (setup: RunSetup) => Promise<Attached>;
  /** A warning for the user (an unknown rule in the known-findings file): the CLI prints it, the library drops it. */
  warn?: (line: string) => void;
}

export interface PipelineResult<Attached extends RunAttachments> extends RunSetup {
  attached: Attached;
  /** Redacted, and matched against the known-findings file when there is one: what every reporter renders. */
  report: RunReport;
  /** Redacted, without the known-findings marks: what a shard's blob keeps (merge-reports matches the whole run). */
  unmarked: RunReport;
  /** The exit code, from the report (report/build.ts). */
  code: 0 | 1 | 2;
  plans: ServerPlan[];
  /** Golden files written (with updateGolden). */
  goldenFiles: string[];
}

export async function runPipeline<Attached extends RunAttachments = RunAttachments>(
  operands: string[],
  options: PipelineOptions,
  io: PipelineIo<Attached>,
): Promise<PipelineResult<Attached>> {
  const resolved = await resolveTargets(operands, options, RULE_IDS);
  const allNames = resolved.servers.map((server) => server.name);
  if (options.shard) {
    if (operands.length > 0 || options.url !== undefined) throw usageError('--shard splits the servers of a config; a zero-config run has one server');
    if (options.server !== undefined) throw usageError('give either --server or --shard, not both');
    resolved.servers = inShard(resolved.servers, options.shard);
  }
  // Lockfiles of the servers with a drift.baseline are read before anything runs: a bad one is exit 2 at once.
  const drift = familySelected('drift', options.only, options.skip);
  const baselines = drift
    ? await (await import('./baselines.js')).configuredBaselines(resolved.servers, resolved.configPath, resolved.secrets)
    : new Map<string, Baseline>();
  // Read before anything starts too: a missing or malformed known-findings file is exit 2 at once.
  const known = await openKnownFindings(options, resolved.knownFindings, RULE_IDS, io.warn ?? (() => undefined));
  const servers = options.concurrency ?? defaultServerConcurrency();
  // Everything a server could refuse is checked: the servers that run first start now, and load while mcpact loads
  // its rules and reporters (connect/prestart.ts); a child no session takes is killed below.
  const started = resolved.servers.slice(0, servers).flatMap((server) => (server.target.kind === 'stdio' ? [prestart(server.target)] : []));
  try {
    return await execute(resolved, allNames, baselines, known, servers, options, io);
  } finally {
    await discardPrestarted(started);
  }
}

async function execute<Attached extends RunAttachments>(
  resolved: ResolvedTargets,
  allNames: string[],
  baselines: Map<string, Baseline>,
  known: KnownFindingsRun | undefined,
  serverConcurrency: number,
  options: PipelineOptions,
  io: PipelineIo<Attached>,
): Promise<PipelineResult<Attached>> {
  const [
    { acrossRules, DEFAULT_CONCURRENCY, runServers },
    { ALL_RULES },
    { buildRunReport, exitCode },
    { redactReport, redactedHooks },
    { secretsOf },
    { argumentValues },
    { diskRuntime },
  ] = await Promise.all([
    import('../engine/runner.js'),
    import('../rules/index.js'),
    import('../report/build.js'),
    import('../report/redact-report.js'),
    import('../util/secrets.js'),
    import('../config/suites.js'),
    import('./goldens.js'),
  ]);
  const rules = selectRules(ALL_RULES, options.only, options.skip);
  const failOn = options.failOn ?? resolved.failOn ?? 'error';
  const showValues = options.showValues === true;
  // Prompt example values and suite/latency arguments are user data: kept out of every report and trace unless --show-values.
  // resolved.secrets itself, not a copy: a token renewed mid-run is added to it (cli/sign-in.ts).
  const secrets = secretsOf(resolved.secrets, showValues ? [] : exampleValues(resolved.servers, argumentValues));
  const runtime = diskRuntime(resolved.configPath ? path.dirname(resolved.configPath) : process.cwd(), {
    showValues,
    updateGolden: options.updateGolden === true,
    // The config's secrets only: example values are the user's own data, recorded as rendered.
    redact: secretsOf(resolved.secrets).text,
  });
  const version = mcpactVersion();
  const setup: RunSetup = { resolved, allNames, failOn, secrets, version };
  const attached = await io.attach(setup);

  const started = performance.now();
  const plans = resolved.servers.map((server) => ({
    ...server,
    // --depth wins over every server's config.
    settings: options.depth === undefined ? server.settings : { ...server.settings, depth: options.depth },
    runtime,
    baseline: baselines.get(server.name),
  }));
  const reports = await runServers(plans, {
    rules,
    clientVersion: version,
    concurrency: DEFAULT_CONCURRENCY,
    servers: serverConcurrency,
    interrupt: io.interrupt,
    secrets,
    // Inside the redaction, the console hears which findings the (redacted) known-findings file lists.
    hooks: { ...redactedHooks(known ? known.hooks(attached.hooks ?? {}) : (attached.hooks ?? {}), secrets), onTraffic: attached.onTraffic },
    // A shard sees only its servers: the checks across servers run at merge time, over every shard's.
    crossServer: options.shard === undefined,
    ...(attached.onSurface && { onSurface: attached.onSurface }),
  });
  const servers = reports.map((report, index): ServerReport => {
    const { configLine: line, source, configPath = resolved.configPath } = resolved.servers[index]!;
    if (line !== undefined && configPath !== undefined) return { ...report, source: configSource(configPath, line) };
    return source ? { ...report, source } : report;
  });
  const built = buildRunReport({ version, servers, durationMs: performance.now() - started, failOn });
  // Redaction only ever changes values a server or the user supplied, never the verdict. Known findings are matched
  // on the redacted report: the file holds what reports show.
  const unmarked = redactReport(built, secrets);
  // A shard leaves the checks across servers to merge-reports: their listed findings are not stale here.
  const deferred = options.shard ? new Set(acrossRules(rules).map((rule) => rule.id)) : undefined;
  const report = known ? await known.settle(unmarked, deferred) : unmarked;
  const code = exitCode(report);
  const goldenFiles = await runtime.flush();
  return { ...setup, attached, report, unmarked, code, plans, goldenFiles };
}

function exampleValues(servers: readonly ServerTarget[], argumentValues: (settings: ServerTarget['settings']) => string[]): string[] {
  return servers.flatMap((server) => [
    ...Object.values(server.settings.prompts ?? {}).flatMap((entry) => (typeof entry === 'object' ? Object.values(entry.arguments ?? {}) : [])),
    ...argumentValues(server.settings),
  ]);
}

/** Whether `--only` / `--skip` leave a family in (the rules of a run are selected by family alone). */
function familySelected(family: Family, only?: readonly Family[], skip: readonly Family[] = []): boolean {
  return (only === undefined || only.includes(family)) && !skip.includes(family);
}

/** `--only` / `--skip`, already validated: the one place rules are selected by family. */
export function selectRules(rules: readonly Rule[], only?: readonly Family[], skip: readonly Family[] = []): Rule[] {
  return rules.filter((rule) => familySelected(rule.family, only, skip));
}

/** Where the config defines a server, relative to the working directory with forward slashes (as SARIF wants it). */
function configSource(configPath: string, line: number): { file: string; line: number } {
  return { file: path.relative(process.cwd(), configPath).split(path.sep).join('/'), line };
}
