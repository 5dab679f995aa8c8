/**
 * The console reporter: one block per rule family, printed as soon as the family finishes, then a summary line.
 * Every server-supplied string goes through the terminal sanitizer, and colour is decided once by the caller.
 */
import pc from 'picocolors';
import { FAMILIES, type Family } from '../../model/family.js';
import { atLeast, severityRank, type Severity } from '../../model/severity.js';
import { plural, ruleCounts } from '../counts.js';
import { countedFindings, countedHint, countedLine, findingCountText, ruleStatusText, shownInFull } from './console-counts.js';
import type { ReportHooks } from '../hooks.js';
import { citedSection } from '../../model/spec.js';
import type { Finding, RuleResult, RunReport, ServerReport } from '../../model/report.js';
import { forTerminal } from '../sanitize.js';
import { occurrences, occurrencesLine } from '../occurrences.js';
import { answerLine, backendLine, rateLimitLine } from '../answer.js';
import { truncate } from '../../util/text.js';
import { exitCode } from '../build.js';
import { inheritedGroups, isInherited } from '../inherited.js';
import { entryLabel, STALE_HINT } from '../known-findings.js';
import { byChangeClass, changeClass, CLASS_WIDTH, driftRuleIds } from './console-drift.js';
import type { Render, ReporterContext } from './types.js';

type Colors = ReturnType<typeof pc.createColors>;

const MESSAGE_LIMIT = 300;
const ICON: Record<Severity, string> = { error: '✖', warning: '▲', info: 'ℹ' };

function paint(colors: Colors, severity: Severity, text: string): string {
  return severity === 'error' ? colors.red(text) : severity === 'warning' ? colors.yellow(text) : colors.blue(text);
}

export function serverHeading(name: string, transport: string, colors: Colors): string {
  return colors.bold(`server "${forTerminal(name)}" (${transport})`);
}

/** A family none of whose rules applied: said once per server, on one line, instead of a block. */
export function allSkipped(results: readonly RuleResult[]): boolean {
  return results.length > 0 && results.every((result) => result.status === 'skip');
}

/** "http (not this transport); suites, latency (not configured)": the families that did not apply, and why. */
export function skippedLine(families: readonly { family: Family; results: readonly RuleResult[] }[], colors: Colors): string[] {
  if (families.length === 0) return [];
  const why = (reason: string | undefined) =>
    reason === undefined
      ? 'not applicable'
      : /\bin the config\b|turned off in config/.test(reason)
        ? 'not configured'
        : /\bservers only\b|\btransport\b/.test(reason)
          ? 'not this transport'
          : /\bdeclare/.test(reason)
            ? 'not declared by the server'
            : forTerminal(truncate(reason, 80));
  const groups = new Map<string, Family[]>();
  for (const { family, results } of families) {
    const reason = why(results[0]?.reason);
    groups.set(reason, [...(groups.get(reason) ?? []), family]);
  }
  const text = [...groups].map(([reason, names]) => `${names.join(', ')} (${reason})`).join('; ');
  return [`  ${colors.dim(`skipped: ${text}`)}`];
}

export function familyBlock(family: Family, results: RuleResult[], findings: Finding[], context: ReporterContext, colors: Colors, failOn: Severity): string[] {
  const drift = family === 'drift';
  const counts = `${ruleStatusText(results, failOn, colors, findings)}; ${findingCountText(findings, drift)}`;
  const lines = [`  ${colors.bold(family)} ${colors.dim(counts)}`];
  const own = findings.filter((finding) => !isInherited(finding));
  // Errors and warnings in full, info below fail-on counted on one line (--verbose prints it all, --quiet only
  // what fails); drift changes are always in full, by class, breaking first (console-drift.ts).
  const kept = context.quiet
    ? own.filter((finding) => failing(finding, failOn))
    : context.verbose || drift
      ? own
      : own.filter((finding) => shownInFull(finding, failOn));
  const shown = drift ? byChangeClass(kept) : worstFirst(kept);
  for (const finding of shown) for (const line of findingLines(finding, colors, drift)) lines.push(line);
  const counted = context.quiet || context.verbose || drift ? undefined : countedLine(findings.filter((finding) => !shownInFull(finding, failOn)));
  if (counted !== undefined) lines.push(`    ${colors.blue(ICON.info)} ${colors.dim(counted)}`);
  for (const result of results) {
    if (result.status === 'error') lines.push(`    ${colors.red('! rule error')} ${result.id}: ${forTerminal(result.reason ?? '')}`);
    else if (result.status === 'inconclusive') lines.push(`    ${colors.yellow('? inconclusive')} ${result.id}: ${forTerminal(result.reason ?? '')}`);
    else if (context.verbose && result.status === 'skip') lines.push(`    ${colors.dim(`- skipped ${result.id}: ${forTerminal(result.reason ?? '')}`)}`);
    else if (context.verbose && result.status === 'pass') lines.push(`    ${colors.green('✔')} ${colors.dim(result.id)}`);
  }
  return lines;
}

/** What --quiet keeps: a finding that fails the run (a known one does not). */
function failing(finding: Finding, failOn: Severity): boolean {
  return atLeast(finding.severity, failOn) && finding.known !== true;
}

/** Errors before warnings before info, each in report order (sort is stable), as a reader looks for them. */
function worstFirst(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => severityRank(b.severity) - severityRank(a.severity));
}

/**
 * The server's inherited findings, one section, by SDK; and how many of its findings are inherited (stated for
 * every server with findings, so a run always says which are the author's own). Each SDK on a line with its
 * count; the findings under it in full as the family blocks print theirs (info ones are counted there).
 */
export function inheritedLines(server: ServerReport, context: ReporterContext, colors: Colors, failOn: Severity): string[] {
  // Drift changes are the server's own against its lockfile, never the SDK's: they are not counted, and a diff,
  // which has nothing else, gets no line at all.
  const drift = driftRuleIds(server);
  const judged = server.findings.filter((finding) => !drift.has(finding.ruleId));
  if (judged.length === 0) return [];
  const groups = inheritedGroups(judged);
  const count = groups.reduce((sum, group) => sum + group.findings.length, 0);
  const lines = [`  ${colors.bold('inherited')} ${colors.dim(`${count} of ${plural(judged.length, 'finding')}, from the SDK the server is built on`)}`];
  for (const group of groups) {
    lines.push(`    ${colors.dim(`${forTerminal(truncate(group.label, 120))}: ${plural(group.findings.length, 'finding')}`)}`);
    const shown = context.quiet
      ? group.findings.filter((finding) => failing(finding, failOn))
      : context.verbose
        ? group.findings
        : group.findings.filter((finding) => shownInFull(finding, failOn));
    for (const finding of worstFirst(shown)) for (const line of findingLines(finding, colors)) lines.push(`  ${line}`);
  }
  return lines;
}

/** `drift`: labelled with the change's class rather than its severity (the icon and colour still say the severity). */
function findingLines(finding: Finding, colors: Colors, drift = false): string[] {
  const { location, spec } = finding;
  const where = [
    location.kind,
    location.name !== undefined ? forTerminal(truncate(location.name, 80)) : undefined,
    location.pointer && forTerminal(truncate(location.pointer, 80)),
  ]
    .filter(Boolean)
    .join(' ');
  const basis = spec ? ` · ${citedSection(spec, spec.section)}` : '';
  const level = drift ? changeClass(finding) : undefined;
  const label = level === undefined ? finding.severity.padEnd(7) : level.padEnd(CLASS_WIDTH);
  // A known finding is listed, not failed: dim, with its severity after the rule.
  const head = finding.known ? colors.dim(`○ ${'known'.padEnd(label.length)}`) : paint(colors, finding.severity, `${ICON[finding.severity]} ${label}`);
  const lines = [
    `    ${head} ${forTerminal(truncate(finding.message, MESSAGE_LIMIT))}`,
    `      ${colors.dim(`${finding.ruleId} at ${where}${basis}${finding.known ? ` · ${finding.severity}, known` : ''}`)}`,
  ];
  const said = answerLine(finding.answer, forTerminal);
  if (said) lines.push(`      ${colors.dim(said)}`);
  const found = occurrences(finding);
  if (found) lines.push(`      ${occurrencesLine(found, (name) => forTerminal(truncate(name, 60)))}`);
  return lines;
}

function backendLines(server: ServerReport, colors: Colors): string[] {
  const line = backendLine(server.backend, forTerminal);
  const limited = rateLimitLine(server.rateLimit, forTerminal);
  return [
    ...(line === undefined ? [] : [`  ${colors.yellow('? backend')} ${line}`]),
    ...(limited === undefined ? [] : [`  ${colors.yellow('? rate limited')} ${limited}`]),
  ];
}

/** Per-tool and overall latency (latency/budget), shown whether or not a budget failed; over-budget values in red. */
export function latencyLines(server: ServerReport, colors: Colors): string[] {
  const latency = server.latency;
  if (!latency) return [];
  const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);
  const { overall } = latency;
  const lines = [
    `  ${colors.bold('latency')} ${colors.dim(`overall p50 ${ms(overall.p50Ms)}, p95 ${ms(overall.p95Ms)} (${plural(overall.samples, 'sample')})`)}`,
  ];
  for (const tool of latency.tools) {
    const value = (label: string, measured: number | null, limit: number | undefined) => {
      const text = `${label} ${ms(measured)}${limit === undefined ? '' : ` (budget ${limit} ms)`}`;
      return limit !== undefined && measured !== null && measured > limit ? colors.red(text) : text;
    };
    const counts = [plural(tool.samples, 'sample'), plural(tool.errors, 'error'), plural(tool.timeouts, 'timeout')].join(', ');
    lines.push(
      `    ${forTerminal(truncate(tool.name, 80))}: ${value('p50', tool.p50Ms, tool.budget?.p50Ms)}, ${value('p95', tool.p95Ms, tool.budget?.p95Ms)}; ${colors.dim(counts)}`,
    );
  }
  for (const skipped of latency.skipped)
    lines.push(`    ${colors.dim(`- not timed ${forTerminal(truncate(skipped.name, 80))}: ${forTerminal(skipped.reason)}`)}`);
  return lines;
}

/** "everything 2.0.0, protocol 2025-11-25 (legacy era)": what answered, and in which era, for the record. */
function serverIdentity(server: ServerReport): string {
  const info = server.serverInfo ?? {};
  const name = forTerminal(truncate(`${String(info.name)} ${String(info.version)}`, 80));
  const era = server.era ? ` (${server.era} era)` : '';
  return `tested ${name}${server.protocolVersion ? `, protocol ${forTerminal(truncate(server.protocolVersion, 40))}` : ''}${era}`;
}

export function serverFailure(server: ServerReport, colors: Colors): string[] {
  if (server.error === undefined) return [];
  const [first = '', ...rest] = server.error.split('\n');
  return [`  ${colors.red('✖ not fully tested:')} ${forTerminal(first)}`, ...rest.map((line) => `    ${colors.dim(forTerminal(line))}`)];
}

export function summaryLine(report: RunReport, colors: Colors): string {
  const { findings } = report.summary;
  const rules = ruleCounts(
    report.servers.flatMap((server) => server.rules),
    report.failOn,
    report.servers.flatMap((server) => server.findings),
  );
  const total = rules.passed + rules.flagged + rules.known + rules.failed + rules.skipped + rules.errored + rules.inconclusive;
  const code = exitCode(report);
  const verdict = code === 0 ? colors.green('PASSED') : code === 1 ? colors.red('FAILED') : colors.red('INCOMPLETE');
  const servers = plural(report.summary.servers, 'server');
  return (
    `${verdict} ${servers}, ${plural(total, 'rule')} (${rules.passed} passed, ${rules.flagged > 0 ? `${rules.flagged} flagged below fail-on, ` : ''}${rules.known > 0 ? `${rules.known} with known findings only, ` : ''}${rules.failed} failed, ${rules.skipped} skipped, ${rules.errored} errored` +
    `${rules.inconclusive > 0 ? `, ${rules.inconclusive} inconclusive` : ''}); ` +
    `findings: ${plural(findings.error, 'error')}, ${plural(findings.warning, 'warning')}, ${findings.info} info${findingNotes(report)}; fail-on ${report.failOn}; ${report.durationMs} ms`
  );
}

/** " (13 inherited, 1 known)": what the finding counts include, as the family lines say it. */
function findingNotes(report: RunReport): string {
  const known = report.knownFindings?.known ?? 0;
  const notes = [...(report.summary.inherited > 0 ? [`${report.summary.inherited} inherited`] : []), ...(known > 0 ? [`${known} known`] : [])];
  return notes.length > 0 ? ` (${notes.join(', ')})` : '';
}

/** Said under the summary when some of the values redacted are short or plain words, so [redacted] may stand for ordinary text too. */
export function redactionLines(report: RunReport, colors: Colors): string[] {
  const noisy = report.redaction?.noisy;
  if (noisy === undefined) return [];
  const values = noisy === 1 ? '1 value kept out of the reports is short or a plain word' : `${noisy} values kept out of the reports are short or plain words`;
  return [colors.dim(`note: ${values}: [redacted] may also stand for ordinary text where it occurs (redaction is noisy)`)];
}

/** The known-findings file: how many it matched, and each stale entry in full (they fail the run). */
export function knownLines(report: RunReport, colors: Colors): string[] {
  const section = report.knownFindings;
  if (section === undefined) return [];
  const stale = section.stale.length > 0 ? `, ${colors.red(`${section.stale.length} stale`)} ${colors.dim(`(${STALE_HINT})`)}` : '';
  const lines = [`${colors.bold('known findings')} ${forTerminal(section.file)}: ${section.known} known${stale}`];
  for (const entry of section.stale) {
    lines.push(`  ${colors.red(`${ICON.error} stale`)} ${forTerminal(truncate(entryLabel(entry), 200))}`, `    ${colors.dim(forTerminal(entry.cause))}`);
  }
  return lines;
}

/** The known findings, the summary, then where the findings counted per family can be read, then the redaction note. */
function closingLines(report: RunReport, context: ReporterContext, colors: Colors): string[] {
  const hint = context.verbose || context.quiet ? undefined : countedHint(countedFindings(report).length);
  return [...knownLines(report, colors), summaryLine(report, colors), ...(hint === undefined ? [] : [colors.dim(hint)]), ...redactionLines(report, colors)];
}

/** Whole-report rendering, for `--reporter console:FILE` and for tests. */
export const renderConsole: Render = (report, context) => {
  const colors = pc.createColors(context.color);
  const lines: string[] = [];
  for (const server of report.servers) {
    lines.push(serverHeading(server.name, server.transport, colors));
    const skipped: { family: Family; results: RuleResult[] }[] = [];
    const present = new Set(server.rules.map((rule) => rule.family));
    for (const family of FAMILIES.filter((name) => present.has(name))) {
      const results = server.rules.filter((rule) => rule.family === family);
      const ids = new Set(results.map((rule) => rule.id));
      if (allSkipped(results) && !context.verbose) {
        skipped.push({ family, results });
        continue;
      }
      lines.push(
        ...familyBlock(
          family,
          results,
          server.findings.filter((finding) => ids.has(finding.ruleId)),
          context,
          colors,
          report.failOn,
        ),
      );
    }
    // Line by line, not push(...): the inherited and latency lines grow with the server's tools.
    for (const part of [
      skippedLine(skipped, colors),
      inheritedLines(server, context, colors, report.failOn),
      latencyLines(server, colors),
      backendLines(server, colors),
      serverFailure(server, colors),
    ])
      for (const line of part) lines.push(line);
    if (server.serverInfo) lines.push(`  ${colors.dim(serverIdentity(server))}`);
  }
  lines.push(...closingLines(report, context, colors));
  return lines.join('\n') + '\n';
};

/** Streaming hooks that print each family as it finishes; the caller prints the summary at the end. */
export function consoleStream(
  write: (text: string) => void,
  context: ReporterContext & { failOn: Severity },
): ReportHooks & { finish(report: RunReport): void } {
  const colors = pc.createColors(context.color);
  const skipped = new Map<string, { family: Family; results: RuleResult[] }[]>();
  return {
    onServerStart(name, transport) {
      write(serverHeading(name, transport, colors) + '\n');
    },
    onFamilyDone(server, family, results, findings) {
      if (allSkipped(results) && !context.verbose) skipped.set(server, [...(skipped.get(server) ?? []), { family, results }]);
      else write(familyBlock(family, results, findings, context, colors, context.failOn).join('\n') + '\n');
    },
    onServerDone(server) {
      const lines = [
        ...skippedLine(skipped.get(server.name) ?? [], colors),
        ...inheritedLines(server, context, colors, context.failOn),
        ...latencyLines(server, colors),
        ...backendLines(server, colors),
        ...serverFailure(server, colors),
      ];
      if (server.serverInfo) lines.push(`  ${colors.dim(serverIdentity(server))}`);
      write(lines.join('\n') + '\n');
    },
    onStderrLine(server, line) {
      if (context.verbose) write(colors.dim(`  [${forTerminal(server)} stderr] ${forTerminal(line)}`) + '\n');
    },
    finish(report) {
      write(closingLines(report, context, colors).join('\n') + '\n');
    },
  };
}
