/**
 * One `mcpact diff` run and its reports, whatever the servers are compared with: their lockfiles (diff.ts) or another
 * live server (diff-against.ts). Both go through the drift rules, the reporters and the exit code alike.
 */
import { DEFAULT_CONCURRENCY, runServers, type ServerPlan } from '../engine/runner.js';
import { buildRunReport, exitCode } from '../report/build.js';
import { redactedHooks, redactReport } from '../report/redact-report.js';
import type { Secrets } from '../util/secrets.js';
import type { ServerReport } from '../model/report.js';
import type { Severity } from '../model/severity.js';
import type { ServerSettings } from '../config/schema.js';
import { driftRules } from '../rules/drift/index.js';
import type { DiffOptions } from './option-schemas.js';
import { consoleOnStdout, reportServerErrors, reporterContext, say, writeReports } from './output.js';
import { progressHooks } from './progress.js';
import { defaultServerConcurrency } from './concurrency.js';
import { mcpactVersion } from './version.js';
import { writeErr, writeOut } from './ci-safe.js';

/** `--fail-on` replaces drift.fail_on for this run. */
export function withFailOn<T extends { settings: ServerSettings }>(server: T, failOn: DiffOptions['failOn']): T {
  return failOn === undefined ? server : { ...server, settings: { ...server.settings, drift: { ...server.settings.drift, fail_on: failOn } } };
}

/** One diff's run and reports, whatever the servers are compared with (their lockfiles, or another server: --against). */
export interface DiffRun {
  plans: ServerPlan[];
  secrets: Secrets;
  failOn: Severity;
  /** Stops the run: mcpact was told to stop (or, for --against, the other server failed). */
  interrupt: AbortSignal;
  /** Between the run and the reports: throws what ends the command (exit 2, no report), else returns notes to say. */
  afterRun?: (servers: readonly ServerReport[]) => Promise<string[]>;
  /** A server whose end afterRun says in its own words (--against: a side failed): no progress line for it. */
  endSaidElsewhere?: (report: ServerReport) => boolean;
  /** How to accept the changes, for the servers that changed (none for --against: there is no lockfile). */
  hint?: (changed: string[], selected: number) => string[];
}

export async function compareAndReport(options: DiffOptions, run: DiffRun): Promise<number> {
  const { secrets } = run;
  const version = mcpactVersion();
  // The console report comes at the end: until then stderr says how far the run is, as for `mcpact run`.
  const progress = consoleOnStdout(options.reporter) || options.quiet ? undefined : progressHooks(writeErr, process.stderr.isTTY === true);
  const hooks = progress && {
    ...progress,
    onServerDone: (report: ServerReport) => (run.endSaidElsewhere?.(report) ? progress.finish() : progress.onServerDone?.(report)),
  };
  const started = performance.now();
  const servers = await runServers(run.plans, {
    rules: driftRules,
    clientVersion: version,
    concurrency: DEFAULT_CONCURRENCY,
    servers: defaultServerConcurrency(),
    interrupt: run.interrupt,
    secrets,
    hooks: redactedHooks({ ...hooks, onStderrLine: options.verbose ? (name, line) => say(`[${name} stderr] ${line}`) : undefined }, secrets),
  });
  progress?.finish();
  const notes = (await run.afterRun?.(servers)) ?? [];
  const built = buildRunReport({ version, servers, durationMs: performance.now() - started, failOn: run.failOn });
  // The verdict is the report's as built: redaction only ever changes values a server or the user supplied.
  const code = exitCode(built);
  const report = redactReport(built, secrets);
  // What the output-shape replay could not compare, once per server (also the reason of drift/tool-output-breaking).
  if (!options.quiet) {
    for (const note of notes) say(note);
    for (const server of report.servers) {
      for (const result of server.rules)
        if (result.reason !== undefined && result.status !== 'error' && result.status !== 'skip') say(`${server.name}: ${result.reason}`);
    }
  }
  await writeReports(report, options.reporter, reporterContext(options, driftRules), false);
  reportServerErrors(report, options.reporter);
  // How to accept the changes, once everything was compared: below the console report, else on stderr.
  if (code !== 2 && !options.quiet && run.hint !== undefined) {
    const changed = report.servers.filter((server) => server.findings.length > 0).map((server) => server.name);
    const hint = run.hint(changed, report.servers.length);
    if (hint.length > 0 && consoleOnStdout(options.reporter)) writeOut(hint.join('\n') + '\n');
    else for (const line of hint) say(line);
  }
  return code;
}
