/**
 * Known findings (docs/ci.md#known-findings): a RunReport matched against a list of accepted findings. Each
 * occurrence of a finding has a fingerprint: its server, its rule, its location (kind, name, pointer) and its cause,
 * the message with the item's name, numbers and quoted values set aside (engine/merge.ts `mask`, the same masking
 * that makes findings of one cause one finding). So a latency finding matches whatever milliseconds it measured,
 * and the fingerprint is the same on every machine. A finding is known when every one of its occurrences is listed;
 * a listed occurrence that no longer occurs is stale, but only where this run could tell: its server was tested
 * fully and its rule reached a verdict there (pass or fail).
 *
 * Pure functions of the report, the list and the registry's rule ids: the CLI reads and writes the file
 * (cli/known-findings-file.ts); the exit code (report/build.ts) reads the marks and the stale entries.
 */
import { mask } from '../util/mask.js';
import type { KnownEntry } from '../model/known-findings.js';
import type { Finding, RunReport, ServerReport } from '../model/report.js';
import { atLeast } from '../model/severity.js';
import { compareText } from '../util/compare.js';
import type { ReportHooks } from './hooks.js';

/** How much of a masked message a fingerprint keeps: a reviewable line; what is cut off tells no occurrences apart in practice. */
const CAUSE_LIMIT = 200;

export interface KnownOptions {
  /** The file, as reports name it (relative to the working directory, forward slashes). */
  file: string;
  /** The rules this mcpact has: an entry of another rule is never stale (it cannot run, so its absence says nothing). */
  ruleIds: ReadonlySet<string>;
  /**
   * Rules whose verdict this run leaves to another: in a shard (--shard), the checks across servers, which
   * merge-reports runs. Their entries are never stale here.
   */
  deferred?: ReadonlySet<string>;
}

/** Each place a finding stands for, as a fingerprint (without a note). */
export function fingerprints(server: string, finding: Finding): KnownEntry[] {
  // A place of a merged finding says its own message and rule only where they differ from the finding's.
  const places: NonNullable<Finding['locations']> = finding.locations ?? [finding.location];
  return places.map((place) => {
    const location: KnownEntry['location'] = { kind: place.kind };
    if (place.name !== undefined) location.name = place.name;
    if (place.pointer !== undefined) location.pointer = place.pointer;
    return { server, rule: place.ruleId ?? finding.ruleId, location, cause: causeOf(place.message ?? finding.message, place.name) };
  });
}

function causeOf(message: string, name: string | undefined): string {
  const masked = mask(message, name).replace(/\s+/g, ' ').trim();
  const chars = Array.from(masked);
  return chars.length <= CAUSE_LIMIT ? masked : `${chars.slice(0, CAUSE_LIMIT).join('')}…`;
}

/** The identity of an entry: everything but its note. */
export function entryKey(entry: KnownEntry): string {
  return JSON.stringify([entry.server, entry.rule, entry.location.kind, entry.location.name ?? null, entry.location.pointer ?? null, entry.cause]);
}

/** Server, rule, location, cause: the order of the file, the same on every machine. */
export function compareEntries(a: KnownEntry, b: KnownEntry): number {
  return (
    compareText(a.server, b.server) ||
    compareText(a.rule, b.rule) ||
    compareText(a.location.kind, b.location.kind) ||
    compareText(a.location.name ?? '', b.location.name ?? '') ||
    compareText(a.location.pointer ?? '', b.location.pointer ?? '') ||
    compareText(a.cause, b.cause)
  );
}

/** Entries sorted, each once (the first note wins). */
export function sortedEntries(entries: readonly KnownEntry[]): KnownEntry[] {
  const unique = new Map<string, KnownEntry>();
  for (const entry of entries) if (!unique.has(entryKey(entry))) unique.set(entryKey(entry), entry);
  return [...unique.values()].sort(compareEntries);
}

/** The entries whose rule this mcpact does not have, by rule id: said as a warning, never stale. */
export function unknownRules(entries: readonly KnownEntry[], ruleIds: ReadonlySet<string>): string[] {
  return [...new Set(entries.filter((entry) => !ruleIds.has(entry.rule)).map((entry) => entry.rule))].sort(compareText);
}

/** Whether this run could tell that an entry no longer occurs. */
function judged(report: RunReport, entry: KnownEntry, options: KnownOptions): boolean {
  if (!options.ruleIds.has(entry.rule) || options.deferred?.has(entry.rule)) return false;
  const server = report.servers.find((candidate) => candidate.name === entry.server);
  if (server === undefined || !server.complete) return false;
  const status = server.rules.find((rule) => rule.id === entry.rule)?.status;
  return status === 'pass' || status === 'fail';
}

/** A finding with `known: true` when every place it stands for is listed. */
function marked(server: string, finding: Finding, listed: ReadonlySet<string>): Finding {
  const known = fingerprints(server, finding).every((entry) => listed.has(entryKey(entry)));
  return known ? { ...finding, known: true } : finding;
}

/** The report with its known findings marked and the `knownFindings` section (the stale entries) added. */
export function applyKnown(report: RunReport, entries: readonly KnownEntry[], options: KnownOptions): RunReport {
  const listed = new Set(entries.map(entryKey));
  const occurring = new Set<string>();
  let known = 0;
  const servers = report.servers.map((server): ServerReport => {
    const findings = server.findings.map((finding) => {
      for (const entry of fingerprints(server.name, finding)) occurring.add(entryKey(entry));
      const result = marked(server.name, finding, listed);
      if (result.known) known++;
      return result;
    });
    return { ...server, findings };
  });
  const stale = sortedEntries(entries).filter((entry) => judged(report, entry, options) && !occurring.has(entryKey(entry)));
  return { ...report, servers, knownFindings: { file: options.file, known, stale } };
}

/**
 * What `--update-known-findings` writes: an entry for each place of each finding at or above fail-on, with the
 * note of the entry it replaces; and every entry this run could not judge, as it was (a server not in this run or
 * not fully tested, a rule that reached no verdict there or that another run judges, a rule this mcpact does not
 * have). Sorted, each once.
 */
export function updatedEntries(report: RunReport, previous: readonly KnownEntry[], options: KnownOptions): KnownEntry[] {
  const notes = new Map(previous.flatMap((entry) => (entry.note === undefined ? [] : [[entryKey(entry), entry.note] as const])));
  const kept = previous.filter((entry) => !judged(report, entry, options));
  const current = report.servers.flatMap((server) =>
    server.findings
      .filter((finding) => atLeast(finding.severity, report.failOn))
      .flatMap((finding) => fingerprints(server.name, finding))
      .map((entry) => {
        const note = notes.get(entryKey(entry));
        return note === undefined ? entry : { ...entry, note };
      }),
  );
  return sortedEntries([...current, ...kept]);
}

/**
 * Streaming hooks that hear the findings already marked: the console prints a known finding as known while the
 * run is under way. The hooks must hear what the file holds (redacted values): wrap the reporter's hooks, inside
 * the redaction.
 */
export function knownHooks(hooks: ReportHooks, entries: readonly KnownEntry[]): ReportHooks {
  const listed = new Set(entries.map(entryKey));
  return {
    ...hooks,
    ...(hooks.onFamilyDone && {
      onFamilyDone: (server, family, results, findings) =>
        hooks.onFamilyDone?.(
          server,
          family,
          results,
          findings.map((finding) => marked(server, finding, listed)),
        ),
    }),
    // The server's closing lines list its inherited findings again.
    ...(hooks.onServerDone && {
      onServerDone: (report) => hooks.onServerDone?.({ ...report, findings: report.findings.map((finding) => marked(report.name, finding, listed)) }),
    }),
  };
}

/** "twin-notes: tools/structured-content at tool get_forecast /outputSchema": an entry as reporters name it (unsanitized). */
export function entryLabel(entry: KnownEntry): string {
  const where = [entry.location.kind, entry.location.name, entry.location.pointer].filter((part) => part !== undefined && part !== '').join(' ');
  return `${entry.server}: ${entry.rule} at ${where}`;
}

/** Said by every human-readable reporter when a run has stale entries. */
export const STALE_HINT = 'listed, but no longer found: each fails the run until it is removed from the file (--update-known-findings removes it)';
