/**
 * `mcpact run`: resolve the servers, run the rules against each over one session (drift too, for servers with a
 * `drift.baseline`), write every reporter's output, and return the exit code (0 clean, 1 findings at or above
 * fail-on, 2 not everything tested).
 */
import path from 'node:path';
import { defaultServerConcurrency } from './concurrency.js';
import type { Baseline, Rule } from '../engine/rule.js';
import type { Family } from '../model/family.js';
import type { RunReport, ServerReport } from '../model/report.js';
import type { Surface } from '../surface/types.js';
import { usageError } from '../errors.js';
import { RULE_IDS } from '../rules/ids.js';
import { prestart, discardPrestarted } from '../connect/prestart.js';
import { parseOptions, runOptionsSchema, type RunOptions } from './option-schemas.js';
import { resolveTargets, type ResolvedTargets, type ServerTarget } from './targets.js';
import { inShard } from './shard.js';
import { mcpactVersion } from './version.js';
import { writeOut, writeErr } from './ci-safe.js';
import { interruptSignal } from './signals.js';
import { openKnownFindings, type KnownFindingsRun } from './known-findings.js';

export async function runCommand(operands: string[], raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(runOptionsSchema, raw);
  if (options.watch !== undefined) {
    const { watchCommand } = await import('./watch.js');
    return watchCommand(operands, options, runOnce);
  }
  return (await runOnce(operands, options)).code;
}

export interface RunOutcome {
  report: RunReport;
  code: 0 | 1 | 2;
  /** The folders the servers run in (stdio: their cwd), else the config's folder or the working directory: what --watch watches by default. */
  folders: string[];
}

/**
 * One run, reports written. `followUp` (watch mode after the first run): nothing on stdout or progress on stderr,
 * the caller prints what changed; file reporters are written again.
 */
export async function runOnce(operands: string[], options: RunOptions, followUp = false): Promise<RunOutcome> {
  // Asked for first: a signal while the rules load (servers may be starting already) stops the run cleanly too.
  const interrupt = interruptSignal();
  const resolved = await resolveTargets(operands, options, RULE_IDS);
  const allNames = resolved.servers.map((server) => server.name);
  const positions = new Map(allNames.map((name, index) => [name, index]));
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
  const known = await openKnownFindings(options, resolved.knownFindings, RULE_IDS);
  const servers = options.concurrency ?? defaultServerConcurrency();
  // Everything a server could refuse is checked: the servers that run first start now, and load while mcpact loads
  // its rules and reporters (connect/prestart.ts); a child no session takes is killed below.
  for (const server of resolved.servers.slice(0, servers)) if (server.target.kind === 'stdio') prestart(server.target);
  try {
    return await execute(resolved, { options, followUp, baselines, known, allNames, positions, servers, interrupt });
  } finally {
    await discardPrestarted();
  }
}

interface Prepared {
  options: RunOptions;
  followUp: boolean;
  baselines: Map<string, Baseline>;
  known: KnownFindingsRun | undefined;
  allNames: string[];
  positions: Map<string, number>;
  servers: number;
  interrupt: AbortSignal;
}

async function execute(
  resolved: ResolvedTargets,
  { options, followUp, baselines, known, allNames, positions, servers: serverConcurrency, interrupt }: Prepared,
): Promise<RunOutcome> {
  const [
    { acrossRules, DEFAULT_CONCURRENCY, policyOf, runServers },
    { ALL_RULES },
    { buildRunReport, exitCode },
    { redactReport, redactedHooks },
    { redactData, secretsOf },
    { consoleStream },
    { REPORTERS },
    { argumentValues },
    { bounded, TRACE_BOUNDS },
    { diskRuntime },
    { consoleOnStdout, openTrace, reportServerErrors, reporterContext, say, writeReports },
    { writeBlob },
    { progressHooks },
  ] = await Promise.all([
    import('../engine/runner.js'),
    import('../rules/index.js'),
    import('../report/build.js'),
    import('../report/redact-report.js'),
    import('../util/secrets.js'),
    import('../report/reporters/console.js'),
    import('../report/reporters/index.js'),
    import('../config/suites.js'),
    import('../util/bound.js'),
    import('./goldens.js'),
    import('./output.js'),
    import('./blob.js'),
    import('./progress.js'),
  ]);
  const rules = selectRules(ALL_RULES, options.only, options.skip);
  const failOn = options.failOn ?? resolved.failOn ?? 'error';
  const showValues = options.showValues === true;
  // Prompt example values and suite/latency arguments are user data: kept out of every report and trace unless --show-values.
  const secrets = secretsOf(showValues ? resolved.secrets : [...resolved.secrets, ...exampleValues(resolved.servers, argumentValues)]);
  const runtime = diskRuntime(resolved.configPath ? path.dirname(resolved.configPath) : process.cwd(), {
    showValues,
    updateGolden: options.updateGolden === true,
    // The config's secrets only: example values are the user's own data, recorded as rendered.
    redact: secretsOf(resolved.secrets).text,
  });
  const version = mcpactVersion();

  const reporters = followUp ? options.reporter.filter((reporter) => reporter.path !== undefined) : options.reporter;
  const streamed = consoleOnStdout(reporters);
  const context = reporterContext(options, ALL_RULES);
  // The console hears what the report will say: values redacted, never mcpact's own words (report/redact-report.ts).
  const stream = streamed ? consoleStream(writeOut, { ...context, failOn }) : undefined;
  // Messages may nest deeper than JSON.stringify (or redaction's walk) can go: the trace keeps a bounded copy, of
  // the same shape (only values deep inside each `message`, typed unknown, become marker strings).
  const trace = options.trace ? await openTrace(options.trace, (line) => redactData(bounded(line, TRACE_BOUNDS), secrets)) : undefined;
  // Without the console on stdout, stderr says how far the run is (one live line on a terminal, a line per family in CI).
  const progress = streamed || options.quiet || followUp ? undefined : progressHooks(writeErr, process.stderr.isTTY === true);

  const blobDir = reporters.find((reporter) => reporter.name === 'blob')?.path;
  if (options.shard && blobDir === undefined)
    say(`warning: --shard ${options.shard.index}/${options.shard.total} without --reporter blob:DIR: nothing to merge`);
  if (options.shard && streamed) {
    writeErr(
      `mcpact: shard ${options.shard.index}/${options.shard.total}: ${resolved.servers.length} of ${allNames.length} servers; checks across servers run in merge-reports\n`,
    );
  }
  const surfaces = new Map<number, Surface>();

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
    interrupt,
    secrets,
    // Inside the redaction, the console hears which findings the (redacted) known-findings file lists.
    hooks: {
      ...redactedHooks(known ? known.hooks({ ...stream, ...progress }) : { ...stream, ...progress }, secrets),
      onTraffic: trace && ((name, entry) => trace.write(name, entry)),
    },
    // A shard sees only its servers: the checks across servers run at merge time, over every shard's.
    crossServer: options.shard === undefined,
    ...(blobDir !== undefined && { onSurface: (index: number, surface: Surface) => surfaces.set(index, surface) }),
  });
  progress?.finish();
  const servers = reports.map((report, index): ServerReport => {
    const { configLine: line, source, configPath = resolved.configPath } = resolved.servers[index]!;
    if (line !== undefined && configPath !== undefined) return { ...report, source: configSource(configPath, line) };
    return source ? { ...report, source } : report;
  });
  const built = buildRunReport({ version, servers, durationMs: performance.now() - started, failOn });
  // Redaction only ever changes values a server or the user supplied, never the verdict. Known findings are matched
  // on the redacted report: the file holds what reports show.
  const redacted = redactReport(built, secrets);
  // A shard leaves the checks across servers to merge-reports: their listed findings are not stale here.
  const report = known ? await known.settle(redacted, options.shard ? new Set(acrossRules(rules).map((rule) => rule.id)) : undefined) : redacted;
  const code = exitCode(report);
  for (const file of await runtime.flush()) writeErr(`mcpact: wrote golden file ${path.relative(process.cwd(), file)}\n`);
  stream?.finish(report);
  await writeReports(report, reporters, context, streamed);
  if (blobDir !== undefined) {
    await writeBlob(blobDir, {
      version,
      shard: options.shard,
      allNames,
      failOn,
      complete: report.complete,
      durationMs: report.durationMs,
      // Unmarked: merge-reports judges the whole run, against its own --known-findings.
      servers: redacted.servers.map((server, index) => ({
        position: positions.get(resolved.servers[index]!.name) ?? index,
        report: server,
        policy: policyOf(plans[index]!),
        surface: surfaces.get(index),
      })),
      secrets,
    });
  }
  if (options.prComment && !followUp) {
    const { postPrComment } = await import('../ci/pr-comment.js');
    // The comment is a convenience: whatever happens to it is one line on stderr, and the exit code stays the report's.
    const outcome = await postPrComment(REPORTERS.markdown.render(report, { ...context, color: false }), process.env);
    writeErr(`mcpact: ${outcome.kind === 'failed' ? 'warning: ' : ''}${outcome.note}\n`);
  }
  await trace?.close();
  if (!followUp) reportServerErrors(report, reporters);
  return { report, code, folders: watchFolders(resolved) };
}

/** What --watch watches without paths: each stdio server's cwd, else the config's folder (or the working directory). */
function watchFolders(resolved: ResolvedTargets): string[] {
  const home = resolved.configPath ? path.dirname(resolved.configPath) : process.cwd();
  const folders = resolved.servers.map((server) => (server.target.kind === 'stdio' ? (server.target.cwd ?? process.cwd()) : home));
  return [...new Set(folders.length > 0 ? folders : [home])];
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
