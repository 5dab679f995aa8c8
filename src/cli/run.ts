/**
 * `mcpact run`: resolve the servers, run the rules against each over one session, write every reporter's output,
 * and return the exit code (0 clean, 1 findings at or above fail-on, 2 not everything tested).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FAMILIES, type Family, type Rule } from '../engine/rule.js';
import { DEFAULT_CONCURRENCY, runServer } from '../engine/runner.js';
import { runCrossServerChecks, type ServerRun } from '../engine/cross-server.js';
import type { Surface } from '../surface/types.js';
import { driftChecks } from '../drift/run-checks.js';
import type { Severity } from '../engine/severity.js';
import { usageError, McpactError } from '../errors.js';
import { buildRunReport, exitCode } from '../report/build.js';
import type { RunReport, ServerReport } from '../report/model.js';
import { redactor } from '../report/redact.js';
import { consoleStream } from '../report/reporters/console.js';
import { parseReporterSpec, REPORTERS, type ReporterSpec } from '../report/reporters/index.js';
import type { ReporterContext } from '../report/reporters/types.js';
import { ruleMeta } from '../report/rule-meta.js';
import { ALL_RULES } from '../rules/index.js';
import { closest } from '../util/did-you-mean.js';
import { colorEnabled } from './color.js';
import { resolveTargets, type ServerTarget } from './targets.js';
import { diskRuntime } from './goldens.js';
import { argumentValues } from '../config/suites.js';
import { mcpactVersion } from './version.js';
import type { TapEntry } from '../connect/rpc.js';
import { bounded, TRACE_BOUNDS } from '../util/bound.js';

interface RunOptions {
  config?: string;
  server?: string;
  url?: string;
  header?: string[];
  reporter?: string[];
  failOn?: Severity;
  only?: string;
  skip?: string;
  trace?: string;
  quiet?: boolean;
  verbose?: boolean;
  prComment?: boolean;
  showValues?: boolean;
  updateGolden?: boolean;
}

export async function runCommand(operands: string[], raw: Record<string, unknown>): Promise<number> {
  const options = raw as RunOptions;
  const reporters = (options.reporter ?? ['console']).map(parseReporterSpec);
  if (reporters.filter((reporter) => reporter.path === undefined).length > 1) {
    throw usageError('only one reporter can write to stdout; give the others a file, e.g. --reporter json:report.json');
  }
  const rules = selectRules(ALL_RULES, options.only, options.skip);
  const resolved = await resolveTargets(
    operands,
    options,
    ALL_RULES.map((rule) => rule.id),
  );
  // Servers with a drift.baseline also get the drift family; their lockfiles are read before anything runs.
  const drift = await driftChecks(resolved.servers, resolved.configPath, resolved.secrets, options);
  const failOn = options.failOn ?? resolved.failOn ?? 'error';
  const showValues = options.showValues === true;
  // Prompt example values and suite/latency arguments are user data: kept out of every report and trace unless --show-values.
  const redact = redactor(showValues ? resolved.secrets : [...resolved.secrets, ...exampleValues(resolved.servers)]);
  const runtime = diskRuntime(resolved.configPath ? path.dirname(resolved.configPath) : process.cwd(), {
    showValues,
    updateGolden: options.updateGolden === true,
  });
  const version = mcpactVersion();

  const streamToStdout = reporters.some((reporter) => reporter.name === 'console' && reporter.path === undefined);
  const context: ReporterContext = {
    color: colorEnabled(process.env, process.stdout.isTTY === true),
    verbose: options.verbose === true,
    quiet: options.quiet === true,
    rules: ALL_RULES.map(ruleMeta),
  };
  const stream = streamToStdout ? consoleStream((text) => process.stdout.write(redact(text)), { ...context, failOn }) : undefined;
  const traffic: { server: string; entries: TapEntry[] }[] = [];

  const started = performance.now();
  const servers: ServerReport[] = [];
  // Surfaces are kept for the cross-server checks only (never in the report).
  const surfaces = new Map<string, Surface>();
  const runs: ServerRun[] = [];
  for (const server of resolved.servers) {
    const report = await runServer(
      { ...server, runtime, surfaceChecks: drift.get(server.name) },
      {
        rules,
        clientVersion: version,
        concurrency: DEFAULT_CONCURRENCY,
        hooks: {
          ...stream,
          onTraffic: options.trace ? (name, entries) => traffic.push({ server: name, entries }) : undefined,
          onSurface: (name, surface) => surfaces.set(name, surface),
        },
      },
    );
    servers.push(
      server.configLine !== undefined && resolved.configPath !== undefined
        ? { ...report, source: configSource(resolved.configPath, server.configLine) }
        : report,
    );
    runs.push({ plan: server, report: servers[servers.length - 1]!, surface: surfaces.get(server.name) });
  }
  runCrossServerChecks(runs, rules, stream);
  const report = redact(buildRunReport({ version, servers, durationMs: performance.now() - started, failOn }));
  for (const file of await runtime.flush()) process.stderr.write(`mcpact: wrote golden file ${path.relative(process.cwd(), file)}\n`);
  stream?.finish(report);
  await writeReports(report, reporters, streamToStdout, context);
  if (options.prComment) {
    const { postPrComment } = await import('../ci/pr-comment.js');
    // The comment is a convenience: whatever happens to it is one line on stderr, and the exit code stays the report's.
    const outcome = await postPrComment(REPORTERS.markdown.render(report, { ...context, color: false }), process.env);
    process.stderr.write(`mcpact: ${outcome.kind === 'failed' ? 'warning: ' : ''}${outcome.note}\n`);
  }
  // Messages may nest deeper than JSON.stringify (or redaction's walk) can go: the trace keeps a bounded copy, of
  // the same shape (only values deep inside each `message`, typed unknown, become marker strings).
  if (options.trace)
    await writeTrace(
      options.trace,
      traffic.map((entry) => redact(bounded(entry, TRACE_BOUNDS) as typeof entry)),
    );
  for (const server of report.servers) {
    if (server.error !== undefined && !streamToStdout) process.stderr.write(`mcpact: ${server.name}: ${server.error.split('\n')[0]}\n`);
  }
  return exitCode(report);
}

function exampleValues(servers: readonly ServerTarget[]): string[] {
  return servers.flatMap((server) => [
    ...Object.values(server.settings.prompts ?? {}).flatMap((entry) => (typeof entry === 'object' ? Object.values(entry.arguments ?? {}) : [])),
    ...argumentValues(server.settings),
  ]);
}

export function selectRules(rules: readonly Rule[], only?: string, skip?: string): Rule[] {
  const parse = (list: string | undefined, flag: string): Family[] | undefined => {
    if (list === undefined) return undefined;
    return list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => {
        if ((FAMILIES as readonly string[]).includes(name)) return name as Family;
        const hint = closest(name, FAMILIES);
        throw usageError(`${flag}: unknown rule family "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}; families: ${FAMILIES.join(', ')}`);
      });
  };
  const onlyFamilies = parse(only, '--only');
  const skipFamilies = parse(skip, '--skip') ?? [];
  return rules.filter((rule) => (onlyFamilies === undefined || onlyFamilies.includes(rule.family)) && !skipFamilies.includes(rule.family));
}

/** Where the config defines a server, relative to the working directory with forward slashes (as SARIF wants it). */
function configSource(configPath: string, line: number): { file: string; line: number } {
  return { file: path.relative(process.cwd(), configPath).split(path.sep).join('/'), line };
}

async function writeReports(report: RunReport, reporters: ReporterSpec[], streamed: boolean, context: ReporterContext): Promise<void> {
  for (const reporter of reporters) {
    if (reporter.name === 'console' && reporter.path === undefined && streamed) continue;
    const text = REPORTERS[reporter.name].render(report, { ...context, color: reporter.path === undefined && context.color });
    if (reporter.path === undefined) process.stdout.write(text);
    else await writeOutput(reporter.path, text);
  }
}

async function writeTrace(file: string, traffic: { server: string; entries: TapEntry[] }[]): Promise<void> {
  const lines = traffic.flatMap(({ server, entries }) => entries.map((entry) => JSON.stringify({ server, ...entry })));
  await writeOutput(file, lines.length > 0 ? lines.join('\n') + '\n' : '');
}

async function writeOutput(file: string, text: string): Promise<void> {
  try {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, text);
  } catch (error) {
    throw new McpactError('usage', `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}
