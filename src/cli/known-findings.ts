/**
 * `mcpact run --known-findings FILE` / `--update-known-findings` (config `known_findings`): the file read before
 * any server starts (a bad one is exit 2 at once), the console told which findings are known as they stream, and
 * the finished report matched (report/known-findings.ts), after the file is rewritten when asked.
 */
import path from 'node:path';
import { usageError } from '../errors.js';
import type { KnownEntry } from '../model/known-findings.js';
import type { RunReport } from '../model/report.js';
import type { ReportHooks } from '../report/hooks.js';
import { applyKnown, knownHooks, unknownRules, updatedEntries, type KnownOptions } from '../report/known-findings.js';
import { readKnownFindings, writeKnownFindings } from './known-findings-file.js';
import { say } from './output.js';

export interface KnownFindingsRun {
  /** The reporter's streaming hooks, hearing findings marked known (wrap them inside the redaction). */
  hooks(hooks: ReportHooks): ReportHooks;
  /** The finished (redacted) report marked, and with --update-known-findings the file written first. */
  settle(report: RunReport, deferred?: ReadonlySet<string>): Promise<RunReport>;
}

/** Undefined when the run names no known-findings file. */
export async function openKnownFindings(
  options: { knownFindings?: string; updateKnownFindings?: boolean },
  configured: string | undefined,
  ruleIds: readonly string[],
  warn: (line: string) => void = say,
): Promise<KnownFindingsRun | undefined> {
  const file = options.knownFindings === undefined ? configured : path.resolve(options.knownFindings);
  const update = options.updateKnownFindings === true;
  if (file === undefined) {
    if (update) throw usageError('--update-known-findings needs a file: give --known-findings FILE, or known_findings: FILE in the config');
    return undefined;
  }
  const display = (path.relative(process.cwd(), file) || file).split(path.sep).join('/');
  const entries = await readKnownFindings(file, display, update);
  const registry = new Set(ruleIds);
  for (const rule of unknownRules(entries, registry)) {
    // Never stale: a rule this mcpact does not have cannot run, so that its finding is absent says nothing.
    warn(
      `warning: known findings ${display}: unknown rule "${rule}" (renamed or removed, or from another mcpact version): its entries are ignored, never stale`,
    );
  }
  return {
    hooks: (hooks) => knownHooks(hooks, entries),
    async settle(report, deferred) {
      const known: KnownOptions = { file: display, ruleIds: registry, ...(deferred && { deferred }) };
      if (!update) return applyKnown(report, entries, known);
      if (!report.complete) {
        warn(`known findings ${display} not written: the run is incomplete (not every server was tested fully)`);
        return applyKnown(report, entries, known);
      }
      const next: KnownEntry[] = updatedEntries(report, entries, known);
      await writeKnownFindings(file, next);
      warn(`wrote known findings ${display} (${next.length} ${next.length === 1 ? 'entry' : 'entries'})`);
      return applyKnown(report, next, known);
    },
  };
}
