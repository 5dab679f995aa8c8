/**
 * Where a command's output goes: the reporters (at most one on stdout, the others to files), the trace, and the
 * lines mcpact itself writes on stderr. Every command writes through here, so the one-stdout rule, the CI command
 * escaping of files (a CI step may print them), the refusal of a symbolic link and the error for an unwritable path
 * exist once.
 */
import type { TapEntry } from '../connect/rpc.js';
import { ruleMeta, type Rule } from '../engine/rule.js';
import type { RunReport } from '../model/report.js';
import { REPORTERS } from '../report/reporters/index.js';
import type { ReporterContext } from '../report/reporters/types.js';
import { forTerminal } from '../report/sanitize.js';
import { colorEnabled } from './color.js';
import { ciSafe, REPORTER_FORMATS, writeOut, writeErr } from './ci-safe.js';
import { cannotWrite, openOutput } from './no-follow.js';
import type { ReporterSpec } from './reporter-specs.js';

/** True when the console reporter writes to stdout (then it streams, and errors are part of its output). */
export function consoleOnStdout(reporters: readonly ReporterSpec[]): boolean {
  return reporters.some((reporter) => reporter.name === 'console' && reporter.path === undefined);
}

/** What every reporter is told: colour for a terminal that wants it, verbosity, and the metadata of the rules. */
export function reporterContext(options: { verbose?: boolean; quiet?: boolean }, rules: readonly Rule[]): ReporterContext {
  return {
    color: colorEnabled(process.env, process.stdout.isTTY === true),
    verbose: options.verbose === true,
    quiet: options.quiet === true,
    rules: rules.map(ruleMeta),
  };
}

/** Renders each reporter; a console already streamed to stdout is not written again. */
export async function writeReports(report: RunReport, reporters: readonly ReporterSpec[], context: ReporterContext, streamed: boolean): Promise<void> {
  for (const reporter of reporters) {
    if (reporter.name === 'blob' || (reporter.name === 'console' && reporter.path === undefined && streamed)) continue;
    const text = REPORTERS[reporter.name].render(report, { ...context, color: reporter.path === undefined && context.color });
    if (reporter.path === undefined) writeOut(text, REPORTER_FORMATS[reporter.name]);
    else await writeOutput(reporter.path, ciSafe(text, REPORTER_FORMATS[reporter.name]));
  }
}

/** Why a server was not fully tested, on stderr, when no console on stdout already says so. */
export function reportServerErrors(report: RunReport, reporters: readonly ReporterSpec[]): void {
  if (consoleOnStdout(reporters)) return;
  for (const server of report.servers) {
    if (server.error !== undefined) writeErr(`mcpact: ${forTerminal(server.name)}: ${forTerminal(server.error.split('\n')[0] ?? '')}\n`);
  }
}

export interface TraceWriter {
  write(server: string, entry: TapEntry): void;
  /** Flushes and closes the file. */
  close(): Promise<void>;
}

/**
 * The --trace file, written as the messages pass: one JSON line per message, tagged with its server, through
 * `prepare` (the bounded, redacted copy). The tap bounds what arrives (connect/rpc.ts TAP_LIMITS), so what the
 * stream buffers while the disk catches up is bounded too.
 */
export async function openTrace(file: string, prepare: (line: { server: string } & TapEntry) => unknown): Promise<TraceWriter> {
  const stream = (await openOutput(file)).createWriteStream();
  let failed: string | undefined;
  stream.on('error', (error: NodeJS.ErrnoException) => (failed ??= error.code ?? error.message));
  return {
    write(server, entry) {
      if (failed === undefined) stream.write(ciSafe(JSON.stringify(prepare({ server, ...entry })), 'json') + '\n');
    },
    close: () => new Promise<void>((resolve, reject) => stream.end(() => (failed === undefined ? resolve() : reject(cannotWrite(file, failed))))),
  };
}

/** Writes a whole file (a report, a blob, a config), never through a symbolic link (`no-follow.ts`). */
export async function writeOutput(file: string, text: string): Promise<void> {
  const handle = await openOutput(file);
  try {
    await handle.writeFile(text);
  } catch (error) {
    throw cannotWrite(file, (error as NodeJS.ErrnoException).code ?? String(error));
  } finally {
    await handle.close();
  }
}

/** A line of mcpact's own on stderr; server text in it is made safe for a terminal. */
export function say(line: string): void {
  writeErr(`mcpact: ${forTerminal(line)}\n`);
}
