/**
 * `mcpact diff`: the drift family of the run pipeline on its own. Each selected server's lockfile is read and
 * validated first (any problem is exit 2 before connecting); then the live contract is captured and compared by
 * the drift rules, and reported through the usual reporters. Exit 1 when a change is at or above fail-on; exit 2
 * when a lockfile or a capture failed.
 */
import { interruptSignal } from './signals.js';
import { DEFAULT_CONCURRENCY, runServers } from '../engine/runner.js';
import { CHANGE_IDS, CHANGES } from '../model/changes.js';
import { buildRunReport, exitCode } from '../report/build.js';
import { redactedHooks, redactReport } from '../report/redact-report.js';
import { secretsOf } from '../util/secrets.js';
import { driftRules } from '../rules/drift/index.js';
import { diffBaselines } from './baselines.js';
import { knownRuleIds } from './baseline.js';
import { diffOptionsSchema, parseOptions } from './option-schemas.js';
import { consoleOnStdout, reportServerErrors, reporterContext, say, writeReports } from './output.js';
import { progressHooks } from './progress.js';
import { defaultServerConcurrency } from './concurrency.js';
import { resolveTargets } from './targets.js';
import { mcpactVersion } from './version.js';
import { writeErr, writeOut } from './ci-safe.js';
import { baselineHint } from './baseline-hint.js';

export async function diffCommand(operands: string[], raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(diffOptionsSchema, raw);
  if (options.listChanges) {
    writeOut(listChanges());
    return 0;
  }
  const resolved = await resolveTargets(operands, options, await knownRuleIds(operands, options));
  // Every lockfile is read before any server is started: a bad one is exit 2 with nothing half done.
  const baselines = await diffBaselines(resolved.servers, resolved.configPath, options.lockfile, resolved.secrets);
  const secrets = secretsOf(resolved.secrets);
  const version = mcpactVersion();
  const failOn = options.failOn;
  const plans = resolved.servers.map((server, index) => ({
    ...server,
    // `--fail-on` replaces drift.fail_on for this run.
    settings: failOn === undefined ? server.settings : { ...server.settings, drift: { ...server.settings.drift, fail_on: failOn } },
    baseline: baselines[index],
  }));

  // The console report comes at the end: until then stderr says how far the run is, as for `mcpact run`.
  const progress = consoleOnStdout(options.reporter) || options.quiet ? undefined : progressHooks(writeErr, process.stderr.isTTY === true);
  const started = performance.now();
  const servers = await runServers(plans, {
    rules: driftRules,
    clientVersion: version,
    concurrency: DEFAULT_CONCURRENCY,
    servers: defaultServerConcurrency(),
    interrupt: interruptSignal(),
    secrets,
    hooks: redactedHooks({ ...progress, onStderrLine: options.verbose ? (name, line) => say(`[${name} stderr] ${line}`) : undefined }, secrets),
  });
  progress?.finish();
  const built = buildRunReport({ version, servers, durationMs: performance.now() - started, failOn: resolved.failOn ?? 'error' });
  // The verdict is the report's as built: redaction only ever changes values a server or the user supplied.
  const code = exitCode(built);
  const report = redactReport(built, secrets);
  // What the output-shape replay could not compare, once per server (also the reason of drift/tool-output-breaking).
  if (!options.quiet) {
    for (const server of report.servers) {
      for (const result of server.rules)
        if (result.reason !== undefined && result.status !== 'error' && result.status !== 'skip') say(`${server.name}: ${result.reason}`);
    }
  }
  await writeReports(report, options.reporter, reporterContext(options, driftRules), false);
  reportServerErrors(report, options.reporter);
  // How to accept the changes, once everything was compared: below the console report, else on stderr.
  if (code !== 2 && !options.quiet) {
    const changed = report.servers.filter((server) => server.findings.length > 0).map((server) => server.name);
    const hint = baselineHint(operands, options, changed, report.servers.length);
    if (hint.length > 0 && consoleOnStdout(options.reporter)) writeOut(hint.join('\n') + '\n');
    else for (const line of hint) say(line);
  }
  return code;
}

function listChanges(): string {
  const width = Math.max(...CHANGE_IDS.map((id) => id.length));
  const rows = CHANGE_IDS.map((id) => `${id.padEnd(width)}  ${CHANGES[id].level.padEnd(10)}  ${CHANGES[id].description}`);
  return `${rows.join('\n')}\n\n${CHANGE_IDS.length} change ids, reported as drift/<id>. Re-level them with drift.levels; choose what fails with drift.fail_on.\n`;
}
