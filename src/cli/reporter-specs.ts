/**
 * `--reporter NAME[:PATH]` as parsed from the command line: names and paths only, checked without loading any
 * reporter (cli/run.ts starts servers before the reporters load).
 */
import { usageError } from '../errors.js';
import { REPORTER_NAMES, type ReporterName } from '../model/reporters.js';
import { closest } from '../util/did-you-mean.js';

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
