/**
 * The HTML report: one self-contained page a person opens from file:// (no network, no external script, style,
 * font or image). The verdict and summary, each server with its serverInfo, era and protocol revision, the
 * findings by family and rule (one article per finding, one cause each) with severity and text filters, the
 * inherited findings in a group of their own, drift with word diffs, latency as a small chart, and what could
 * not be tested.
 *
 * Safety: all server text goes through the escaping template (report/escape-html.ts); no report data is embedded
 * as JSON or script; the page's one script and one style are its own, allowed by hash in a Content-Security-Policy
 * that blocks everything else (no inline handlers, no other scripts, no fetches, no images, no forms).
 */
import { FAMILIES } from '../../model/family.js';
import type { Finding, LatencyReport, RunReport, ServerReport } from '../../model/report.js';
import { atLeast, SEVERITIES, type Severity } from '../../model/severity.js';
import { truncate } from '../../util/text.js';
import { backendLine, rateLimitLine } from '../answer.js';
import { entryLabel, STALE_HINT } from '../known-findings.js';
import { exitCode } from '../build.js';
import { plural, ruleCounts } from '../counts.js';
import { html, shownText, type Html } from '../escape-html.js';
import { INHERITED_HEADING, inheritedGroups, isInherited } from '../inherited.js';
import { findingArticle, MESSAGE_LIMIT, NAME_LIMIT, type FindingContext } from './html-findings.js';
import { hashSource, SCRIPT, STYLE } from './html-assets.js';
import { latencySection } from './html-latency.js';
import { changeRank } from './console-drift.js';
import type { Render } from './types.js';

const VERDICT = { 0: 'passed', 1: 'failed', 2: 'incomplete' } as const;
const SEVERITY_LABEL: Record<Severity, string> = { error: 'errors', warning: 'warnings', info: 'info' };
const SERVER_INFO_KEYS = 12;
/** Worst first, as a reader looks for them. */
const BY_WEIGHT: readonly Severity[] = [...SEVERITIES].reverse();

/** Only this page's own script and style run; nothing is fetched, framed, submitted or loaded. */
export const CSP = `default-src 'none'; script-src ${hashSource(SCRIPT)}; style-src ${hashSource(STYLE)}; img-src 'none'; font-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'`;

interface Located {
  server: ServerReport;
  finding: Finding;
}

export const renderHtml: Render = (report, context) => {
  const helpUri = new Map(context.rules.map((rule) => [rule.id, rule.helpUri]));
  const description = new Map(context.rules.map((rule) => [rule.id, rule.description]));
  const named = report.servers.length > 1;
  const contextOf = (server: ServerReport): FindingContext => ({ server, helpUri, named });
  const familyOf = new Map(report.servers.map((server) => [server, new Map(server.rules.map((rule) => [rule.id, rule.family]))]));
  const family = ({ server, finding }: Located) => familyOf.get(server)?.get(finding.ruleId) ?? finding.ruleId.split('/')[0] ?? '';
  const all: Located[] = report.servers.flatMap((server) => server.findings.map((finding) => ({ server, finding })));
  const isDrift = (item: Located) => !isInherited(item.finding) && family(item) === 'drift';
  // Every error first, whatever its kind: it is what fails the run (CLI's fail-on aside, the worst there is). The
  // rest by kind: the author's own by severity, then the inherited ones, then the drift changes.
  const errors = all.filter((item) => item.finding.severity === 'error');
  const rest = all.filter((item) => item.finding.severity !== 'error');
  const own = rest.filter((item) => !isInherited(item.finding) && !isDrift(item));
  const sections: Sections = { contextOf, description, family };
  const verdict = VERDICT[exitCode(report)];

  const body = html`<main>
    <header>
      <h1>mcpact report <span class="verdict ${verdict}" id="verdict">${verdict}</span></h1>
      <p class="summary">${summaryLine(report)}</p>
      ${countCards(report, all)}
    </header>
    ${serversSection(report)}
    <nav class="toolbar" aria-label="filters">
      ${BY_WEIGHT.map(
        (severity) =>
          html`<label
            ><input type="checkbox" data-severity="${severity}" checked />
            <span class="sev ${severity}">${severity}</span> ${report.summary.findings[severity]}</label
          >`,
      )}
      <input
        type="search"
        id="filter"
        placeholder="Filter findings by text: rule, tool, message, answer…"
        aria-label="filter findings by text"
        autocomplete="off"
      />
      <span id="shown">${all.length} findings</span>
    </nav>
    <h2 id="findings">Findings</h2>
    ${errors.length + own.length === 0 ? html`<p>No findings of the server's own.</p>` : ''}
    ${BY_WEIGHT.map((severity) => severitySection(severity, severity === 'error' ? errors : own.filter((item) => item.finding.severity === severity), sections))}
    ${inheritedSection(
      rest.filter((item) => isInherited(item.finding)),
      errors.filter((item) => isInherited(item.finding)).length,
      report.servers.length > 1,
      contextOf,
    )}
    ${driftSection(rest.filter(isDrift), errors.filter(isDrift).length, contextOf)} ${latencySections(report)} ${staleSection(report)}
    ${notTestedSection(report)}
    <footer class="page">
      mcpact ${report.tool.version} · report schema v${report.schemaVersion} · a self-contained page: it loads nothing from the network
    </footer>
  </main>`;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mcpact report: ${verdict}</title>
<style>${STYLE}</style>
</head>
<body>
${body.text}
<script>${SCRIPT}</script>
</body>
</html>
`;
};

function summaryLine(report: RunReport): string {
  const { rules, findings } = report.summary;
  const total = rules.pass + rules.fail + rules.skip + rules.error + rules.inconclusive;
  const parts = [
    plural(report.summary.servers, 'server'),
    `${plural(total, 'rule')} (${rules.pass} passed, ${rules.fail} with findings, ${rules.skip} skipped, ${rules.error} errored, ${rules.inconclusive} inconclusive)`,
    `${plural(findings.error, 'error')}, ${plural(findings.warning, 'warning')}, ${findings.info} info${report.summary.inherited > 0 ? ` (${report.summary.inherited} inherited)` : ''}`,
    `fails on ${report.failOn}`,
    `${(report.durationMs / 1000).toFixed(1)} s`,
  ];
  return parts.join(' · ');
}

function serversSection(report: RunReport): Html {
  if (report.servers.length === 0)
    return html`<h2>Servers</h2>
      <p>No servers were run.</p>`;
  const rows = report.servers.map((server) => {
    const count = ruleCounts(server.rules, report.failOn, server.findings);
    const failing = server.findings.some((finding) => atLeast(finding.severity, report.failOn) && finding.known !== true);
    const state = !server.complete ? 'incomplete' : failing ? 'failed' : 'passed';
    const bySeverity = (severity: Severity) => server.findings.filter((finding) => finding.severity === severity).length;
    const era = 'era' in server && typeof server.era === 'string' ? server.era : undefined;
    return html`<tr class="server" data-server="${truncate(server.name, NAME_LIMIT)}">
      <td>
        <strong>${shownText(truncate(server.name, NAME_LIMIT))}</strong>
        <div class="muted">${server.transport}${server.source ? html` · <span class="mono">${server.source.file}:${server.source.line}</span>` : ''}</div>
      </td>
      <td><span class="verdict ${state}">${state}</span></td>
      <td>${serverInfo(server.serverInfo)}</td>
      <td>
        ${server.protocolVersion === null ? html`<span class="muted">none agreed</span>` : html`<code>${truncate(server.protocolVersion, 40)}</code>`}${
          era === undefined ? '' : html`<div class="muted">era <code>${truncate(era, 40)}</code></div>`
        }
      </td>
      <td>
        ${count.passed}
        passed${count.flagged > 0 ? `, ${count.flagged} flagged below fail-on` : ''}${count.known > 0 ? `, ${count.known} with known findings only` : ''},
        ${count.failed} failed, ${count.skipped}
        skipped${count.errored > 0 ? `, ${count.errored} errored` : ''}${count.inconclusive > 0 ? `, ${count.inconclusive} inconclusive` : ''}
      </td>
      <td class="num">${bySeverity('error')}</td>
      <td class="num">${bySeverity('warning')}</td>
      <td class="num">${bySeverity('info')}</td>
    </tr> `;
  });
  return html`<h2>Servers</h2>
    <table class="servers">
      <thead>
        <tr>
          <th>server</th>
          <th>result</th>
          <th>serverInfo</th>
          <th>protocol</th>
          <th>rules</th>
          <th class="num">errors</th>
          <th class="num">warnings</th>
          <th class="num">info</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>`;
}

/** serverInfo as the server sent it: each field on a line, strings as text, anything else as short JSON. */
function serverInfo(info: ServerReport['serverInfo']): Html {
  if (info === null) return html`<span class="muted">none</span>`;
  const entries = Object.entries(info).slice(0, SERVER_INFO_KEYS);
  const value = (raw: unknown) => (typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? String(raw)));
  return html`${entries.map(([key, raw]) => html`<div><span class="muted">${truncate(key, 40)}:</span> ${shownText(truncate(value(raw), 200))}</div>`)}${
    Object.keys(info).length > SERVER_INFO_KEYS ? html`<div class="muted">… ${Object.keys(info).length - SERVER_INFO_KEYS} more fields</div>` : ''
  }`;
}

/**
 * The cards under the verdict: the total, then each severity, so the numbers add up (total = errors + warnings +
 * info); how many are inherited is said inside the cards ("of which 13 inherited"), never as a card of its own.
 */
function countCards(report: RunReport, all: readonly Located[]): Html {
  const { findings, inherited } = report.summary;
  const total = findings.error + findings.warning + findings.info;
  const inheritedOf = (severity: Severity) => all.filter((item) => item.finding.severity === severity && isInherited(item.finding)).length;
  const ofWhich = (count: number) => (count === 0 ? '' : html`<span class="of">of which ${count} inherited</span>`);
  return html`<div class="counts">
    <div class="count total">
      <b id="count-total">${total}</b>${total === 1 ? 'finding' : 'findings'}${
        inherited === 0 ? '' : html`<span class="of">of which <span id="count-inherited">${inherited}</span> inherited</span>`
      }
    </div>
    ${BY_WEIGHT.map(
      (severity, index) =>
        html`<span class="op">${index === 0 ? '=' : '+'}</span>
          <div class="count ${severity}">
            <b id="count-${severity}">${findings[severity]}</b
            >${findings[severity] === 1 ? severity : SEVERITY_LABEL[severity]}${ofWhich(inheritedOf(severity))}
          </div>`,
    )}
  </div>`;
}

interface Sections {
  contextOf: (server: ServerReport) => FindingContext;
  description: ReadonlyMap<string, string>;
  family: (item: Located) => string;
}

const SECTION_TITLE: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

/**
 * One severity's findings, a collapsible group per rule (rules in family order; one cause per finding). Errors are
 * open, since they are what failed the run; warnings and info are collapsed to one line per rule, to be opened
 * (or found by the text filter, which opens what it finds).
 */
function severitySection(severity: Severity, items: readonly Located[], { contextOf, description, family }: Sections): Html {
  if (items.length === 0) return html``;
  const byRule = new Map<string, Located[]>();
  for (const item of items) byRule.set(item.finding.ruleId, [...(byRule.get(item.finding.ruleId) ?? []), item]);
  const rank = (name: string) => {
    const index = (FAMILIES as readonly string[]).indexOf(name);
    return index === -1 ? FAMILIES.length : index;
  };
  // Array.prototype.sort is stable: rules of one family keep the report's order.
  const ordered = [...byRule].sort(([, a], [, b]) => rank(family(a[0]!)) - rank(family(b[0]!)));
  const open = severity === 'error';
  const rules = ordered.map(
    ([ruleId, members]) =>
      html`<details class="rule" data-group data-family="${family(members[0]!)}" ${open ? html`open` : ''}>
        <summary>
          <span class="sev ${severity}">${severity}</span> <code>${ruleId}</code> <span class="pill visible-count">${members.length}</span>
          <span class="desc">${description.get(ruleId) ?? ''}</span>
        </summary>
        <div class="rule-body">
          ${members.map((item) => findingArticle(item.finding, { ...contextOf(item.server), drift: family(item) === 'drift' && !isInherited(item.finding) }))}
        </div>
      </details> `,
  );
  return html`<section class="severity ${severity}" id="findings-${severity}" data-group>
    <h3>
      ${SECTION_TITLE[severity]} <span class="muted">(<span class="visible-count">${items.length}</span>)</span>
    </h3>
    ${open ? '' : html`<p class="muted">Collapsed: a line per rule; open one to see its findings.</p>`} ${rules}
  </section> `;
}

/** Said in a section whose errors were listed first, under Errors, so its count is not mistaken for all of them. */
function movedNote(moved: number): Html {
  if (moved === 0) return html``;
  return html`<p class="muted">${moved === 1 ? '1 more, an error, is' : `${moved} more, errors, are`} listed under Errors above.</p>`;
}

function inheritedSection(items: readonly Located[], moved: number, named: boolean, contextOf: (server: ServerReport) => FindingContext): Html {
  if (items.length === 0) return html``;
  const servers = [...new Set(items.map((item) => item.server))];
  const groups = servers.flatMap((server) =>
    inheritedGroups(items.filter((item) => item.server === server).map((item) => item.finding)).map((group) => ({ server, group })),
  );
  return html`<section id="inherited" data-group>
    <h2>
      ${INHERITED_HEADING} <span class="muted">(<span class="visible-count">${items.length}</span>)</span>
    </h2>
    <p class="muted">
      Behaviour of the SDK the server is built on, recognised from its own answers: fixed upstream, or by working around the SDK. Collapsed: open a group to see
      its findings.
    </p>
    ${movedNote(moved)}
    ${groups.map(
      ({ server, group }) =>
        html`<details class="group" data-group>
          <summary>
            <strong>${truncate(group.label, 200)}</strong>${named ? html` · ${truncate(server.name, NAME_LIMIT)}` : ''}
            <span class="visible-count">${group.findings.length}</span>
          </summary>
          <div class="rule-body">${group.findings.map((finding) => findingArticle(finding, contextOf(server)))}</div>
        </details> `,
    )}
  </section>`;
}

function driftSection(drift: readonly Located[], moved: number, contextOf: (server: ServerReport) => FindingContext): Html {
  if (drift.length === 0) return html``;
  return html`<section id="drift" data-group>
    <h2>
      Drift <span class="muted">(<span class="visible-count">${drift.length}</span>)</span>
    </h2>
    <p class="muted">Changes against the lockfile. Word diffs mark removed and added words; hidden characters are shown as labels.</p>
    ${movedNote(moved)}
    ${[...drift]
      .sort((a, b) => changeRank(a.finding) - changeRank(b.finding))
      .map((item) => findingArticle(item.finding, { ...contextOf(item.server), drift: true }))}
  </section>`;
}

function latencySections(report: RunReport): Html {
  const timed = report.servers.filter((server): server is ServerReport & { latency: LatencyReport } => server.latency !== undefined);
  if (timed.length === 0) return html``;
  return html`<section id="latency">
    <h2>Latency</h2>
    ${timed.map((server) => latencySection(server.name, server.latency, NAME_LIMIT))}
  </section>`;
}

/** The stale entries of the known-findings file (docs/ci.md#known-findings): each fails the run. */
function staleSection(report: RunReport): Html {
  const section = report.knownFindings;
  if (section === undefined || section.stale.length === 0) return html``;
  return html`<section id="stale-known-findings">
    <h2>Stale known findings</h2>
    <p class="muted">${STALE_HINT}: <code>${truncate(section.file, MESSAGE_LIMIT)}</code></p>
    <ul class="plain">
      ${section.stale.map(
        (entry) => html`<li><strong>${shownText(truncate(entryLabel(entry), MESSAGE_LIMIT))}</strong>: ${shownText(truncate(entry.cause, MESSAGE_LIMIT))}</li>`,
      )}
    </ul>
  </section>`;
}

function notTestedSection(report: RunReport): Html {
  const items: Html[] = [];
  for (const server of report.servers) {
    const name = truncate(server.name, NAME_LIMIT);
    const backend = backendLine(server.backend, (text) => text);
    if (backend !== undefined) items.push(html`<li><strong>${name}</strong>: ${shownText(truncate(backend, MESSAGE_LIMIT))}</li>`);
    const limited = rateLimitLine(server.rateLimit);
    if (limited !== undefined) items.push(html`<li><strong>${name}</strong>: ${shownText(truncate(limited, MESSAGE_LIMIT))}</li>`);
    if (server.error !== undefined)
      items.push(
        html`<li>
          <strong>${name}</strong>: not fully tested
          <pre>${shownText(truncate(server.error, MESSAGE_LIMIT))}</pre>
        </li>`,
      );
    for (const rule of server.rules) {
      if (rule.status === 'error')
        items.push(
          html`<li><strong>${name}</strong>: rule <code>${rule.id}</code> crashed: ${shownText(truncate(rule.reason ?? 'unknown error', MESSAGE_LIMIT))}</li>`,
        );
      if (rule.status === 'inconclusive')
        items.push(
          html`<li>
            <strong>${name}</strong>: rule <code>${rule.id}</code> was inconclusive: ${shownText(truncate(rule.reason ?? 'no verdict', MESSAGE_LIMIT))}
          </li>`,
        );
    }
  }
  if (items.length === 0) return html``;
  return html`<section id="not-tested">
    <h2>Not fully tested</h2>
    <ul class="plain">
      ${items}
    </ul>
  </section>`;
}
