/**
 * `mcpact diff`: load and validate each selected server's lockfile (any problem is exit 2 before connecting),
 * capture the live contract, diff and classify, and report through the usual reporters. Exit 1 when a change is
 * at or above fail-on; exit 2 when a lockfile or a capture failed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { captureServer } from '../drift/capture.js';
import { captureProblems, checkDrift, withOutputNotes } from '../drift/check.js';
import type { Change } from '../drift/change.js';
import { replayInvocations } from '../drift/replay.js';
import { replayOutputShapes } from '../drift/output-observe.js';
import { CHANGE_IDS, CHANGES, LEVELS, type ChangeId, type Level } from '../drift/changes.js';
import { driftPolicy } from '../drift/classify.js';
import { readLockfile } from '../drift/lockfile.js';
import { lockfilePaths } from '../drift/paths.js';
import { McpactError, errorMessage, usageError } from '../errors.js';
import { buildRunReport, exitCode } from '../report/build.js';
import type { RunReport, ServerReport } from '../report/model.js';
import { redactor } from '../report/redact.js';
import { parseReporterSpec, REPORTERS, type ReporterSpec } from '../report/reporters/index.js';
import type { ReporterContext } from '../report/reporters/types.js';
import { forTerminal } from '../report/sanitize.js';
import { closest } from '../util/did-you-mean.js';
import { colorEnabled } from './color.js';
import { knownRuleIds } from './baseline.js';
import { resolveTargets, type TargetOptions } from './targets.js';
import { mcpactVersion } from './version.js';

interface DiffOptions extends TargetOptions {
  lockfile?: string;
  reporter?: string[];
  failOn?: string;
  quiet?: boolean;
  verbose?: boolean;
  listChanges?: boolean;
}

export async function diffCommand(operands: string[], raw: Record<string, unknown>): Promise<number> {
  const options = raw as DiffOptions;
  if (options.listChanges) {
    process.stdout.write(listChanges());
    return 0;
  }
  const reporters = (options.reporter ?? ['console']).map(parseReporterSpec);
  if (reporters.filter((reporter) => reporter.path === undefined).length > 1) {
    throw usageError('only one reporter can write to stdout; give the others a file, e.g. --reporter json:report.json');
  }
  const failOn = options.failOn === undefined ? undefined : parseFailOn(options.failOn);
  const resolved = await resolveTargets(operands, options, await knownRuleIds(operands, options));
  const files = lockfilePaths(resolved.servers, resolved.configPath, options.lockfile);
  // Every lockfile is read before any server is started: a bad one is exit 2 with nothing half done.
  const locks = await Promise.all(files.map((file) => readLockfile(file)));
  const redact = redactor(resolved.secrets);
  const version = mcpactVersion();

  const started = performance.now();
  const servers: ServerReport[] = [];
  for (const [index, server] of resolved.servers.entries()) {
    const report: ServerReport = {
      name: server.name,
      transport: server.target.kind,
      serverInfo: null,
      protocolVersion: null,
      complete: true,
      rules: [],
      findings: [],
    };
    try {
      let replayed: Change[] = [];
      let notes: string[] = [];
      const surface = await captureServer(server.target, server.timeouts, {
        clientVersion: version,
        afterCapture: async (captured, probe) => {
          if (captureProblems(captured).length > 0) return;
          const invocations = await replayInvocations(locks[index]!, captured, probe, server.settings);
          const outputs = await replayOutputShapes(locks[index]!, captured, probe, server.settings, redact);
          replayed = [...invocations.changes, ...outputs.changes];
          notes = outputs.notes;
        },
        onStderrLine: options.verbose
          ? (line) => process.stderr.write(`mcpact: [${forTerminal(redact(server.name))} stderr] ${forTerminal(redact(line))}\n`)
          : undefined,
      });
      if (!options.quiet) for (const note of notes) process.stderr.write(`mcpact: ${forTerminal(redact(`${server.name}: ${note}`))}\n`);
      report.serverInfo = surface.serverInfo ?? null;
      report.protocolVersion = surface.protocolVersion ?? null;
      const outcome = withOutputNotes(checkDrift(locks[index]!, surface, driftPolicy(server.settings.drift, failOn), redact, replayed), redact(notes));
      report.rules = outcome.results;
      report.findings = outcome.findings;
      if (outcome.incomplete !== undefined) {
        report.complete = false;
        report.error = outcome.incomplete;
      }
    } catch (error) {
      const failure = error instanceof McpactError ? error : new McpactError('internal', errorMessage(error));
      report.complete = false;
      report.error = [failure.message, ...failure.details].join('\n');
    }
    servers.push(report);
  }
  const report = redact(buildRunReport({ version, servers, durationMs: performance.now() - started, failOn: resolved.failOn ?? 'error' }));
  const context: ReporterContext = {
    color: colorEnabled(process.env, process.stdout.isTTY === true),
    verbose: options.verbose === true,
    quiet: options.quiet === true,
    rules: [],
  };
  await writeReports(report, reporters, context);
  const toStdout = reporters.some((reporter) => reporter.name === 'console' && reporter.path === undefined);
  for (const server of report.servers) {
    if (server.error !== undefined && !toStdout)
      process.stderr.write(`mcpact: ${forTerminal(server.name)}: ${forTerminal(server.error.split('\n')[0] ?? '')}\n`);
  }
  return exitCode(report);
}

/** `--fail-on breaking,tool-added`: levels and change ids, each checked, with a did-you-mean. */
function parseFailOn(list: string): (Level | ChangeId)[] {
  const isLevel = (item: string): item is Level => (LEVELS as readonly string[]).includes(item);
  const isChangeId = (item: string): item is ChangeId => (CHANGE_IDS as readonly string[]).includes(item);
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      if (isLevel(item) || isChangeId(item)) return item;
      const hint = closest(item, [...LEVELS, ...CHANGE_IDS]);
      throw usageError(
        `--fail-on: "${item}" is neither a level (${LEVELS.join(', ')}) nor a change id${hint ? ` (did you mean "${hint}"?)` : ''}; see mcpact diff --list-changes`,
      );
    });
}

function listChanges(): string {
  const width = Math.max(...CHANGE_IDS.map((id) => id.length));
  const rows = CHANGE_IDS.map((id) => `${id.padEnd(width)}  ${CHANGES[id].level.padEnd(10)}  ${CHANGES[id].description}`);
  return `${rows.join('\n')}\n\n${CHANGE_IDS.length} change ids, reported as drift/<id>. Re-level them with drift.levels; choose what fails with drift.fail_on.\n`;
}

async function writeReports(report: RunReport, reporters: ReporterSpec[], context: ReporterContext): Promise<void> {
  for (const reporter of reporters) {
    const text = REPORTERS[reporter.name].render(report, { ...context, color: reporter.path === undefined && context.color });
    if (reporter.path === undefined) {
      process.stdout.write(text);
      continue;
    }
    try {
      await mkdir(path.dirname(path.resolve(reporter.path)), { recursive: true });
      await writeFile(reporter.path, text);
    } catch (error) {
      throw new McpactError('usage', `cannot write ${reporter.path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  }
}
