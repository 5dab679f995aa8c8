/**
 * `mcpact run --watch [PATH...]`: one run, then a run after every change to the watched files (the servers'
 * folders by default), each starting the servers afresh and stopping them (process groups included) before the
 * next. After the first run only what changed is printed: "+2 new, -1 fixed" and those findings. Ctrl-C (or
 * SIGTERM, SIGHUP) ends it: the exit code is the last finished run's, 2 when the signal cut a run short.
 */
import path from 'node:path';
import { McpactError } from '../errors.js';
import type { Finding, RunReport } from '../model/report.js';
import { forTerminal } from '../report/sanitize.js';
import { truncate } from '../util/text.js';
import { writeErr, writeOut } from './ci-safe.js';
import type { RunOptions } from './option-schemas.js';
import { consoleOnStdout, say } from './output.js';
import { interruptSignal } from './signals.js';
import { watchFiles } from './watch-files.js';
import { usageError } from '../errors.js';

/** Quiet time after the last change before a run: an editor's save, a formatter and a build land as one run. */
export const DEBOUNCE_MS = 150;

/** One run as cli/run.ts does it (passed in: run.ts loads this file, not the other way round). */
export type RunOnce = (operands: string[], options: RunOptions, followUp?: boolean) => Promise<{ report: RunReport; code: 0 | 1 | 2; folders: string[] }>;

export async function watchCommand(operands: string[], options: RunOptions, runOnce: RunOnce): Promise<number> {
  if (options.shard) throw usageError('--watch runs every server; --shard is for CI jobs');
  if (options.prComment) throw usageError('--watch is for the terminal; --pr-comment is for CI');
  // Writing golden files would be a change, and so a run, after every run.
  if (options.updateGolden) throw usageError('--update-golden writes the golden files once: run it without --watch');
  const interrupt = interruptSignal();
  const print = consoleOnStdout(options.reporter) ? (text: string) => writeOut(text) : (text: string) => writeErr(text);
  // Errors of the first run (bad flags, no config) end the command, as without --watch.
  let last = await runOnce(operands, options);
  let code: number = last.code;
  if (interrupt.aborted) return 2;

  const roots = Array.isArray(options.watch) && options.watch.length > 0 ? options.watch : last.folders;
  const ignored = new Set([
    ...options.reporter.flatMap((reporter) => (reporter.path ? [path.resolve(reporter.path)] : [])),
    ...(options.trace ? [path.resolve(options.trace)] : []),
  ]);
  let changed: string | undefined;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const files = await watchFiles(
    roots,
    (file) => {
      changed ??= file;
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        wake?.();
      }, DEBOUNCE_MS);
    },
    ignored,
  );
  const shown = roots.map((root) => path.relative(process.cwd(), path.resolve(root)) || '.').join(', ');
  say(`watching ${shown} (${files.folders} folder${files.folders === 1 ? '' : 's'}${files.capped ? ', stopped at the limit' : ''}); Ctrl-C ends`);
  const stopped = new Promise<void>((resolve) => interrupt.addEventListener('abort', () => resolve(), { once: true }));
  try {
    for (;;) {
      // A change that came during the last run is run at once; otherwise wait for the next (or for Ctrl-C).
      if (changed === undefined || timer !== undefined) await Promise.race([new Promise<void>((resolve) => (wake = resolve)), stopped]);
      if (interrupt.aborted) break;
      const file = changed;
      changed = undefined;
      say(`changed: ${file ? path.relative(process.cwd(), file) || file : '?'}; running again`);
      try {
        const next = await runOnce(operands, options, true);
        if (interrupt.aborted) return 2;
        print(changes(last.report, next.report, next.code));
        last = next;
        code = next.code;
      } catch (error) {
        // A config saved half-way is a message, and the watch goes on.
        if (!(error instanceof McpactError)) throw error;
        say(`${error.message}${error.details.length > 0 ? `\n  ${error.details.join('\n  ')}` : ''}`);
        code = 2;
      }
    }
  } finally {
    clearTimeout(timer);
    files.close();
  }
  return code;
}

/** Findings are the same finding when their server, rule, place and message are. */
function key(server: string, finding: Finding): string {
  return JSON.stringify([server, finding.ruleId, finding.location.kind, finding.location.name ?? '', finding.location.pointer ?? '', finding.message]);
}

function findings(report: RunReport): Map<string, { server: string; finding: Finding }> {
  const all = new Map<string, { server: string; finding: Finding }>();
  for (const server of report.servers) for (const finding of server.findings) all.set(key(server.name, finding), { server: server.name, finding });
  return all;
}

/** "+2 new, -1 fixed" and those findings, then servers whose testing stopped early or recovered. */
export function changes(before: RunReport, after: RunReport, code: number): string {
  const old = findings(before);
  const now = findings(after);
  const added = [...now].filter(([id]) => !old.has(id)).map(([, entry]) => entry);
  const fixed = [...old].filter(([id]) => !now.has(id)).map(([, entry]) => entry);
  const total = now.size;
  const tail = `(${total} finding${total === 1 ? '' : 's'}; exit ${code})`;
  const lines = [added.length + fixed.length === 0 ? `no change in findings ${tail}` : `+${added.length} new, -${fixed.length} fixed ${tail}`];
  const line = (sign: string, { server, finding }: { server: string; finding: Finding }) =>
    `  ${sign} ${finding.severity.padEnd(7)} ${forTerminal(server)}  ${finding.ruleId}  ${forTerminal(truncate(finding.message, 200))}`;
  for (const entry of added) lines.push(line('+', entry));
  for (const entry of fixed) lines.push(line('-', entry));
  const wasBroken = new Map(before.servers.map((server) => [server.name, server.error]));
  for (const server of after.servers) {
    const error = server.error?.split('\n')[0];
    if (error !== undefined && error !== wasBroken.get(server.name)?.split('\n')[0])
      lines.push(`  ! ${forTerminal(server.name)}: not fully tested: ${forTerminal(error)}`);
    if (error === undefined && wasBroken.get(server.name) !== undefined) lines.push(`  ✓ ${forTerminal(server.name)}: tested fully again`);
  }
  return lines.join('\n') + '\n';
}
