/**
 * GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY` and the pull-request comment: the verdict, a table per
 * server, findings grouped by severity, drift with its description diffs in collapsible sections, and what could
 * not be tested; known findings (docs/ci.md#known-findings) in a section of their own, never with the failures, and
 * the stale entries of the known-findings file. Server text goes through the Markdown escapers (report/escape-markdown.ts); only this file writes
 * HTML tags, and only fixed ones. The whole text stays under GitHub's comment size limit.
 */
import { occurrences, occurrencesLine } from '../occurrences.js';
import { answerLine, backendLine, rateLimitLine } from '../answer.js';
import { atLeast, type Severity } from '../../model/severity.js';
import { markdownCode, markdownCodeBlock, markdownInline } from '../escape-markdown.js';
import { exitCode } from '../build.js';
import { citedSection } from '../../model/spec.js';
import type { Finding, LatencyReport, RunReport, ServerReport } from '../../model/report.js';
import { truncate } from '../../util/text.js';
import type { Render } from './types.js';
import { plural, ruleCounts } from '../counts.js';
import { INHERITED_HEADING, inheritedGroups, isInherited } from '../inherited.js';
import { entryLabel, STALE_HINT } from '../known-findings.js';

/** First line of every Markdown report: how the PR comment finds its own comment again. */
export const MARKDOWN_MARKER = '<!-- mcpact-report -->';
/** GitHub rejects comment bodies over 65,536 characters; stay clear of it, with room for the closing note. */
export const MARKDOWN_LIMIT = 60_000;

const MESSAGE_LIMIT = 300;
const NAME_LIMIT = 80;
const DIFF_LIMIT = 4_000;
const HEADINGS: Record<Severity, string> = { error: '❌ Errors', warning: '⚠️ Warnings', info: 'ℹ️ Info' };

/** A block of text, or a list whose items may be left out one by one when the report would not fit. */
type Block = string | { open: string; items: string[]; close: string };

/** A rule id inside <summary>, where Markdown is not rendered: HTML code, escaped. */
function summaryCode(id: string): string {
  return `<code>${id.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</code>`;
}

interface Located {
  server: ServerReport;
  finding: Finding;
}

export const renderMarkdown: Render = (report, context) => {
  const head = [MARKDOWN_MARKER, `## mcpact: ${verdict(report)}`, '', summaryLine(report), '', ...serverTable(report), ''];
  const blocks: Block[] = [];
  const all: Located[] = report.servers.flatMap((server) => server.findings.map((finding) => ({ server, finding })));
  // Drift changes get a section of their own (with their description diffs): the family says which they are.
  const families = new Map(report.servers.map((server) => [server, new Map(server.rules.map((rule) => [rule.id, rule.family]))]));
  const isDrift = ({ server, finding }: Located) => families.get(server)?.get(finding.ruleId) === 'drift';
  const known = all.filter((item) => item.finding.known === true);
  const findings = all.filter((item) => !isDrift(item) && !isInherited(item.finding) && item.finding.known !== true);
  const drift = all.filter(isDrift);
  const helpUri = new Map(context.rules.map((rule) => [rule.id, rule.helpUri]));

  // Errors first, each shown; warnings and info grouped by rule, collapsed, so a long report stays readable.
  for (const severity of ['error', 'warning', 'info'] as const) {
    const group = findings.filter(({ finding }) => finding.severity === severity);
    if (group.length === 0) continue;
    blocks.push(`### ${HEADINGS[severity]} (${group.length})\n`);
    if (severity === 'error') {
      blocks.push({ open: '', items: group.map((item) => findingItem(item, helpUri)), close: '' }, '');
      continue;
    }
    const byRule = new Map<string, Located[]>();
    for (const item of group) byRule.set(item.finding.ruleId, [...(byRule.get(item.finding.ruleId) ?? []), item]);
    for (const [ruleId, items] of byRule) {
      blocks.push({
        open: `<details><summary>${summaryCode(ruleId)} (${items.length})</summary>\n\n`,
        items: items.map((item) => findingItem(item, helpUri)),
        close: '\n</details>\n',
      });
    }
    blocks.push('');
  }
  if (known.length > 0) {
    blocks.push(`### 📌 Known findings (${known.length})\n`, {
      open: `<details><summary>listed in ${summaryCode(report.knownFindings?.file ?? 'the known-findings file')}: not failures</summary>\n\n`,
      items: known.map((item) => `${findingItem(item, helpUri)} · ${item.finding.severity}, known`),
      close: '\n</details>\n',
    });
    blocks.push('');
  }
  const inherited = report.servers.flatMap((server) =>
    inheritedGroups(server.findings.filter((finding) => finding.known !== true)).map((group) => ({ server, group })),
  );
  if (inherited.length > 0) {
    const count = inherited.reduce((sum, { group }) => sum + group.findings.length, 0);
    blocks.push(`### 🧬 ${INHERITED_HEADING} (${count})\n`);
    for (const { server, group } of inherited) {
      blocks.push(`#### *${markdownInline(truncate(server.name, NAME_LIMIT))}*: ${markdownInline(truncate(group.label, 120))}\n`);
      for (const finding of group.findings) blocks.push(inheritedItem({ server, finding }, helpUri));
      blocks.push('');
    }
  }
  if (drift.length > 0) {
    blocks.push(`### 🔀 Drift (${drift.length})\n`);
    for (const item of drift) blocks.push(driftItem(item));
    blocks.push('');
  }
  const timed = report.servers.filter((server): server is ServerReport & { latency: LatencyReport } => server.latency !== undefined);
  if (timed.length > 0) blocks.push('### ⏱️ Latency\n', latencyTable(timed), '');
  const unreachable = report.servers.flatMap((server) => {
    const line = backendLine(server.backend, markdownInline);
    return line === undefined ? [] : [`- ${markdownInline(truncate(server.name, NAME_LIMIT))}: ${line}`];
  });
  if (unreachable.length > 0) blocks.push('### Backend unreachable\n', ...unreachable, '');
  const limited = report.servers.flatMap((server) => {
    const line = rateLimitLine(server.rateLimit);
    return line === undefined ? [] : [`- ${markdownInline(truncate(server.name, NAME_LIMIT))}: ${markdownInline(line)}`];
  });
  if (limited.length > 0) blocks.push('### Rate limited\n', ...limited, '');
  const stale = report.knownFindings?.stale ?? [];
  if (stale.length > 0) {
    blocks.push(`### 🗑️ Stale known findings (${stale.length})\n`, `${STALE_HINT}: ${markdownCode(report.knownFindings!.file)}.\n`);
    blocks.push({
      open: '',
      items: stale.map((entry) => `- ${markdownInline(truncate(entryLabel(entry), 200))}  \n  ${markdownInline(truncate(entry.cause, MESSAGE_LIMIT))}`),
      close: '',
    });
    blocks.push('');
  }
  const problems = notTested(report);
  if (problems.length > 0) blocks.push('### Not fully tested\n', ...problems, '');
  if (findings.length === 0 && drift.length === 0 && inherited.length === 0 && known.length === 0 && stale.length === 0 && problems.length === 0)
    blocks.push('No findings.', '');

  return fit(head.join('\n') + '\n', blocks, footer(report));
};

function verdict(report: RunReport): string {
  const code = exitCode(report);
  return code === 0 ? '✅ passed' : code === 1 ? '❌ failed' : '⚠️ incomplete';
}

function summaryLine(report: RunReport): string {
  const { rules, findings } = report.summary;
  const total = rules.pass + rules.fail + rules.skip + rules.error + rules.inconclusive;
  return (
    `${plural(report.summary.servers, 'server')} · ${plural(total, 'rule')} · ` +
    `${plural(findings.error, 'error')}, ${plural(findings.warning, 'warning')}, ${findings.info} info${findingNotes(report)} · fails on \`${report.failOn}\` · ${(report.durationMs / 1000).toFixed(1)} s`
  );
}

/** " (13 inherited, 1 known)": what the counts include. */
function findingNotes(report: RunReport): string {
  const known = report.knownFindings?.known ?? 0;
  const notes = [...(report.summary.inherited > 0 ? [`${report.summary.inherited} inherited`] : []), ...(known > 0 ? [`${known} known`] : [])];
  return notes.length > 0 ? ` (${notes.join(', ')})` : '';
}

function serverTable(report: RunReport): string[] {
  if (report.servers.length === 0) return [];
  const rows = report.servers.map((server) => {
    const count = ruleCounts(server.rules, report.failOn, server.findings);
    const bySeverity = (severity: Severity) => server.findings.filter((finding) => finding.severity === severity).length;
    const failing = server.findings.some((finding) => atLeast(finding.severity, report.failOn) && finding.known !== true);
    const state = !server.complete ? '⚠️ incomplete' : failing ? '❌ failed' : '✅ passed';
    const protocol = server.protocolVersion === null ? '—' : markdownInline(truncate(server.protocolVersion, 40));
    const rules = `${count.passed} passed, ${count.flagged > 0 ? `${count.flagged} flagged below fail-on, ` : ''}${count.known > 0 ? `${count.known} with known findings only, ` : ''}${count.failed} failed, ${count.skipped} skipped, ${count.errored} errored${count.inconclusive > 0 ? `, ${count.inconclusive} inconclusive` : ''}`;
    return `| ${markdownInline(truncate(server.name, NAME_LIMIT))} | ${state} | ${server.transport} | ${protocol} | ${rules} | ${bySeverity('error')} | ${bySeverity('warning')} | ${bySeverity('info')} |`;
  });
  return ['| server | result | transport | protocol | rules | errors | warnings | info |', '| --- | --- | --- | --- | --- | ---: | ---: | ---: |', ...rows];
}

function findingItem({ server, finding }: Located, helpUri: Map<string, string>): string {
  const docs = helpUri.get(finding.ruleId);
  const link = docs ? ` · [docs](${docs})` : '';
  const found = occurrences(finding);
  const spread = found ? `  \n  ${occurrencesLine(found, (name) => markdownInline(truncate(name, 60)))}` : '';
  const answer = answerLine(finding.answer, markdownInline);
  const said = answer ? `  \n  ${answer}` : '';
  return `- ${markdownCode(finding.ruleId)} ${markdownInline(truncate(finding.message, MESSAGE_LIMIT))}  \n  ${where(server, finding)}${link}${said}${spread}`;
}

/** An inherited finding: as any other, and the signature that matched with its upstream reference. */
function inheritedItem(item: Located, helpUri: Map<string, string>): string {
  const mark = item.finding.inherited;
  if (mark === undefined) return findingItem(item, helpUri);
  const upstream = mark.reference === undefined ? '' : ` · [upstream](${mark.reference})`;
  return `${findingItem(item, helpUri)}  \n  signature ${markdownCode(mark.signature)}${upstream}`;
}

/** A drift change: its level, and the description diff (when the change has one) in a collapsible code block. */
function driftItem({ server, finding }: Located): string {
  const level = typeof finding.data?.level === 'string' ? `**${markdownInline(truncate(finding.data.level, 20))}** ` : '';
  const line = `- ${level}${markdownCode(finding.ruleId)} ${markdownInline(truncate(finding.message, MESSAGE_LIMIT))}  \n  ${where(server, finding)}`;
  const diff = finding.data?.diff;
  if (typeof diff !== 'string' || diff === '') return line;
  // The <details> block sits inside the list item (indented), so the list is not split; its summary is our text.
  const block = markdownCodeBlock(truncate(diff, DIFF_LIMIT))
    .split('\n')
    .map((text) => `  ${text}`)
    .join('\n');
  return `${line}\n\n  <details><summary>description diff</summary>\n\n${block}\n\n  </details>\n`;
}

/** Per-tool and overall p50/p95 of every timed server; a value over its budget is marked ❌. */
function latencyTable(servers: (ServerReport & { latency: LatencyReport })[]): string {
  const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);
  const cell = (measured: number | null, limit: number | undefined) =>
    `${ms(measured)}${limit === undefined ? '' : measured !== null && measured > limit ? ` ❌ (budget ${limit} ms)` : ` (budget ${limit} ms)`}`;
  const rows = servers.flatMap(({ name, latency }) => {
    const server = markdownInline(truncate(name, NAME_LIMIT));
    return [
      ...latency.tools.map(
        (tool) =>
          `| ${server} | ${markdownInline(truncate(tool.name, NAME_LIMIT))} | ${tool.samples} | ${tool.errors} | ${tool.timeouts} | ${cell(tool.p50Ms, tool.budget?.p50Ms)} | ${cell(tool.p95Ms, tool.budget?.p95Ms)} |`,
      ),
      `| ${server} | *overall* | ${latency.overall.samples} | | | ${ms(latency.overall.p50Ms)} | ${ms(latency.overall.p95Ms)} |`,
      ...latency.skipped.map(
        (entry) =>
          `| ${server} | ${markdownInline(truncate(entry.name, NAME_LIMIT))} | not timed: ${markdownInline(truncate(entry.reason, MESSAGE_LIMIT))} | | | | |`,
      ),
    ];
  });
  return ['| server | tool | samples | errors | timeouts | p50 | p95 |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |', ...rows].join('\n') + '\n';
}

function where(server: ServerReport, finding: Finding): string {
  const { kind, name, pointer } = finding.location;
  const parts = [`*${markdownInline(truncate(server.name, NAME_LIMIT))}*`, kind];
  if (name !== undefined) parts.push(markdownInline(truncate(name, NAME_LIMIT)));
  if (pointer !== undefined) parts.push(`at ${markdownInline(truncate(pointer, NAME_LIMIT))}`);
  if (server.source) parts.push(`(${markdownInline(`${server.source.file}:${server.source.line}`)})`);
  // Links go to the rule docs only (a PR comment links nothing else); the section (mcpact's own text, a page and
  // an anchor of lower-case words) is named as code.
  const basis = finding.spec ? ` · ${citedSection(finding.spec, `\`${finding.spec.section}\``)}` : '';
  return `${finding.severity} · ${parts.join(' ')}${basis}`;
}

function notTested(report: RunReport): string[] {
  const lines: string[] = [];
  for (const server of report.servers) {
    const name = markdownInline(truncate(server.name, NAME_LIMIT));
    if (server.error !== undefined) {
      const [first = '', ...rest] = server.error.split('\n');
      lines.push(`- *${name}*: ${markdownInline(truncate(first, MESSAGE_LIMIT))}`);
      if (rest.length > 0) {
        const block = markdownCodeBlock(truncate(rest.join('\n'), DIFF_LIMIT))
          .split('\n')
          .map((text) => `  ${text}`)
          .join('\n');
        lines.push(`\n  <details><summary>details</summary>\n\n${block}\n\n  </details>\n`);
      }
    }
    for (const rule of server.rules.filter((candidate) => candidate.status === 'error')) {
      lines.push(`- *${name}*: rule ${markdownCode(rule.id)} crashed: ${markdownInline(truncate(rule.reason ?? 'unknown error', MESSAGE_LIMIT))}`);
    }
    for (const rule of server.rules.filter((candidate) => candidate.status === 'inconclusive')) {
      lines.push(`- *${name}*: rule ${markdownCode(rule.id)} was inconclusive: ${markdownInline(truncate(rule.reason ?? 'no verdict', MESSAGE_LIMIT))}`);
    }
  }
  return lines;
}

function footer(report: RunReport): string {
  return `<sub>mcpact ${markdownInline(report.tool.version)} · report schema v${report.schemaVersion}</sub>\n`;
}

/**
 * Head, then as many blocks (and list items) as fit under the limit, then the footer. What does not fit is left
 * out with a note saying how many items were left out; the JSON or SARIF report has everything.
 */
function fit(head: string, blocks: Block[], tail: string): string {
  let text = head;
  let left = 0;
  const room = (extra: number) => text.length + extra + tail.length + 200 <= MARKDOWN_LIMIT;
  for (const block of blocks) {
    if (typeof block === 'string') {
      if (left === 0 && room(block.length + 1)) text += `${block}\n`;
      else if (block.startsWith('- ')) left++;
      continue;
    }
    const [first] = block.items;
    if (left > 0 || first === undefined || !room(block.open.length + first.length + 1 + block.close.length)) {
      left += block.items.length;
      continue;
    }
    text += block.open;
    for (const [index, item] of block.items.entries()) {
      if (left === 0 && room(item.length + 1 + block.close.length)) text += `${item}\n`;
      else left += block.items.length - index;
      if (left > 0) break;
    }
    text += block.close;
  }
  if (left > 0) text += `\n… ${left} more item${left === 1 ? '' : 's'} not shown here: see the JSON or SARIF report.\n\n`;
  return text + tail;
}
