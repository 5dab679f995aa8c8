/**
 * Where a command's output goes: the reporters (at most one on stdout, the others to files), the trace, and the
 * lines mcpact itself writes on stderr. Every command writes through here, so the one-stdout rule and the error
 * for an unwritable path exist once.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TapEntry } from '../connect/rpc.js';
import { ruleMeta, type Rule } from '../engine/rule.js';
import { McpactError, usageError } from '../errors.js';
import type { RunReport } from '../model/report.js';
import { REPORTER_NAMES, type ReporterName } from '../model/reporters.js';
import { REPORTERS } from '../report/reporters/index.js';
import type { ReporterContext } from '../report/reporters/types.js';
import { forTerminal } from '../report/sanitize.js';
import { closest } from '../util/did-you-mean.js';
import { colorEnabled } from './color.js';
import { REPORTER_FORMATS, writeOut, writeErr } from './ci-safe.js';

export interface ReporterSpec {
  /** `blob` (mcpact run only) writes a shard's mergeable result into a folder: cli/blob.ts. */
  name: ReporterName | 'blob';
  /** Output file; undefined means stdout. */
  path?: string;
}

/** `--reporter NAME[:PATH]`, repeatable; console on stdout when none is given. Only one may write to stdout. */
export function parseReporters(values: readonly string[] | undefined, accepts: { blob?: boolean } = {}): ReporterSpec[] {
  const reporters = (values ?? ['console']).map((value) => parseReporterSpec(value, accepts.blob === true));
  // The github reporter's workflow commands are log lines the runner takes out: they may follow the console's output.
  const onStdout = reporters.filter((reporter) => reporter.path === undefined).map((reporter) => reporter.name);
  const shared = onStdout.length === 2 && onStdout.includes('console') && onStdout.includes('github');
  if (onStdout.length > 1 && !shared) {
    throw usageError('only one reporter can write to stdout (github may join console); give the others a file, e.g. --reporter json:report.json');
  }
  return reporters;
}

function parseReporterSpec(text: string, blob: boolean): ReporterSpec {
  const colon = text.indexOf(':');
  const name = colon === -1 ? text : text.slice(0, colon);
  const file = colon === -1 ? undefined : text.slice(colon + 1);
  if (name === 'blob') {
    if (!blob) throw usageError('reporter "blob" is for mcpact run (each shard writes one; merge-reports reads them)');
    if (!file) throw usageError('reporter "blob" needs a folder: --reporter blob:DIR');
    return { name, path: file };
  }
  if (!isReporterName(name)) {
    const hint = closest(name, REPORTER_NAMES);
    throw usageError(`unknown reporter "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}; available: ${REPORTER_NAMES.join(', ')}`);
  }
  if (file === '') throw usageError(`reporter "${name}": empty output path after ":"`);
  return { name, path: file };
}

function isReporterName(name: string): name is ReporterName {
  return (REPORTER_NAMES as readonly string[]).includes(name);
}

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
    else await writeOutput(reporter.path, text);
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
  const stream = await new Promise<WriteStream>((resolve, reject) => {
    mkdir(path.dirname(path.resolve(file)), { recursive: true })
      .then(() => {
        const opened = createWriteStream(file);
        opened.once('open', () => resolve(opened));
        opened.once('error', reject);
      })
      .catch(reject);
  }).catch((error: unknown) => {
    throw new McpactError('usage', `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  });
  let failed: string | undefined;
  stream.on('error', (error: NodeJS.ErrnoException) => (failed ??= error.code ?? error.message));
  return {
    write(server, entry) {
      if (failed === undefined) stream.write(JSON.stringify(prepare({ server, ...entry })) + '\n');
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        stream.end(() => (failed === undefined ? resolve() : reject(new McpactError('usage', `cannot write ${file}: ${failed}`)))),
      ),
  };
}

export async function writeOutput(file: string, text: string): Promise<void> {
  try {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, text);
  } catch (error) {
    throw new McpactError('usage', `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** A line of mcpact's own on stderr; server text in it is made safe for a terminal. */
export function say(line: string): void {
  writeErr(`mcpact: ${forTerminal(line)}\n`);
}
