/**
 * The HTML reporter without a browser: its parsed tree holds only the elements and attributes it writes (no
 * markup, script, handler or link from the server, whatever the hostile report and fixtures/hostile/html-text.ts
 * put in names, messages, answers, quotes and diffs), every finding once, hidden characters shown as labels, and
 * the escaping helpers do what they promise. test/browser/html-report.test.ts opens the same pages in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { HTML_ATTACKS } from '../../../fixtures/hostile/html-text.js';
import { escapeHtml, html, safeUrl, shownText } from '../../../src/report/escape-html.js';
import { renderHtml } from '../../../src/report/reporters/html.js';
import { SCRIPT, STYLE } from '../../../src/report/reporters/html-assets.js';
import { ciSafe } from '../../../src/cli/ci-safe.js';
import { latencyChart } from '../../../src/report/reporters/html-latency.js';
import { attr, byClass, byClassUnder, inspectHtml, textOf, type HtmlInspection } from '../../support/html-check.js';
import { ERRORS_LAST_FINDINGS, errorsLastReport } from '../../support/errors-last-report.js';
import { hostileHtmlReport } from '../../support/hostile-html-report.js';
import { hostileReport, reporterContext } from '../../support/hostile-report.js';

describe('html escaping', () => {
  it('escapes the five markup characters, for element content and quoted attributes alike', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('escapes every interpolated value of the template, and only passes markup the reporter built', () => {
    const attack = HTML_ATTACKS.attributeBreak;
    expect(html`<b title="${attack}">${attack}</b>`.text).toBe(`<b title="${escapeHtml(attack)}">${escapeHtml(attack)}</b>`);
    expect(html`<p>${html`<i>ours</i>`}${[HTML_ATTACKS.img, 2]}</p>`.text).toBe(`<p><i>ours</i>${escapeHtml(HTML_ATTACKS.img)}2</p>`);
  });

  it('shows bidi, zero-width, tag and control characters as marked labels', () => {
    expect(shownText('a\u202eb\u200bc\u0007').text).toBe(
      'a<mark class="hidden-char">&lt;U+202E&gt;</mark>b<mark class="hidden-char">&lt;U+200B&gt;</mark>c<mark class="hidden-char">\\x07</mark>',
    );
  });

  it('links only to https addresses without credentials', () => {
    expect(safeUrl('https://github.com/mcpact/mcpact/blob/main/docs/rules.md#x')).toBe('https://github.com/mcpact/mcpact/blob/main/docs/rules.md#x');
    for (const url of [HTML_ATTACKS.javascriptUrl, 'http://example.com/', 'data:text/html,<script>', 'https://user:pw@example.com/', 'not a url', undefined]) {
      expect(safeUrl(url), url).toBeUndefined();
    }
  });
});

describe('html reporter', () => {
  const context = reporterContext();
  const cases = [
    ['the hostile report', hostileReport()],
    ['the report full of HTML attacks', hostileHtmlReport()],
  ] as const;

  for (const [name, report] of cases) {
    it(`${name}: only the reporter's own elements, attributes, script, style and links; the CSP pins them`, () => {
      const page = inspectHtml(renderHtml(report, context));
      expect(page.problems).toEqual([]);
    });

    it(`${name}: one article per finding, with the counts of the report`, () => {
      const page = inspectHtml(renderHtml(report, context));
      const articles = byClass(page, 'finding');
      expect(articles).toHaveLength(report.servers.reduce((sum, server) => sum + server.findings.length, 0));
      for (const severity of ['error', 'warning', 'info'] as const) {
        expect(articles.filter((article) => attr(article, 'data-severity') === severity)).toHaveLength(report.summary.findings[severity]);
      }
    });
  }

  it('shows the server text as text: the attacks read literally on the page, hidden characters as labels', () => {
    const page = inspectHtml(renderHtml(hostileHtmlReport(), context));
    for (const attack of [HTML_ATTACKS.img, HTML_ATTACKS.scriptEnd, HTML_ATTACKS.attributeBreak, HTML_ATTACKS.link]) expect(page.text).toContain(attack);
    expect(page.text).toContain('bidi<U+202E>override<U+2066>isolate zero<U+200B>width');
    expect(page.text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200d\u{e0000}-\u{e007f}]/u);
  });

  it('on stdout, the CI-command escaping leaves the hashed script and style as they are (the CSP still allows them)', () => {
    const page = ciSafe(renderHtml(hostileHtmlReport(), context), 'html');
    expect(page).toContain(`<script>${SCRIPT}</script>`);
    expect(page).toContain(`<style>${STYLE}</style>`);
    expect(inspectHtml(page).problems).toEqual([]);
  });

  it('says a policy in words, and quotes the sentence only as its context', () => {
    const report = hostileHtmlReport();
    const page = inspectHtml(renderHtml(report, context));
    const policies = byClass(page, 'policy');
    const expected = report.servers.flatMap((server) => server.findings).filter((finding) => finding.spec?.basis === 'policy');
    expect(expected.length).toBeGreaterThan(0);
    expect(policies).toHaveLength(expected.length);
    for (const block of policies) {
      const text = textOf(block);
      expect(text).toContain(`mcpact expects ${HTML_ATTACKS.img}`);
      expect(text).toContain('mcpact policy (2025-06-18 permits what the server did)');
      expect(text).toMatch(/context: “Servers MUST/);
    }
    // A sentence the verdict rests on is quoted as the basis, with its level.
    expect(byClass(page, 'spec').filter((block) => textOf(block).includes('MUST in 2025-06-18')).length).toBeGreaterThan(0);
  });

  it('bounds what it prints: a 100 kB message is cut', () => {
    const text = renderHtml(hostileReport(), context);
    expect(text).not.toContain('L'.repeat(2_100));
    expect(text.length).toBeLessThan(400_000);
  });

  it('shows era and protocol revision when the report has them, and works without era', () => {
    const report = hostileHtmlReport();
    const withEra = { ...report, servers: report.servers.map((server) => ({ ...server, era: 'modern' as const })) };
    expect(inspectHtml(renderHtml(withEra, context)).text).toMatch(/2025-06-18\s*era modern/);
    const eraLines = (page: ReturnType<typeof inspectHtml>) => byClass(page, 'muted').filter((element) => textOf(element).startsWith('era '));
    expect(eraLines(inspectHtml(renderHtml(withEra, context)))).toHaveLength(report.servers.length);
    expect(eraLines(inspectHtml(renderHtml(report, context)))).toHaveLength(0);
  });

  it('draws a bar per timed tool on one scale, with budgets', () => {
    const chart = latencyChart([
      { name: 'fast', samples: 5, errors: 0, timeouts: 0, p50Ms: 10, p95Ms: 20, budget: { p95Ms: 40 } },
      { name: 'idle', samples: 0, errors: 0, timeouts: 3, p50Ms: null, p95Ms: null },
    ]).text;
    expect(chart.match(/class="p95" x="180" y="\d+" width="([\d.]+)"/)?.[1]).toBe('195');
    expect(chart).toContain('class="budget" x1="570"');
    expect(chart).toContain('no samples');
  });
});

describe('html report order and counts (#32)', () => {
  const page = () => inspectHtml(renderHtml(errorsLastReport(), reporterContext()));
  const byId = (inspection: HtmlInspection, id: string) => inspection.elements.find((element) => attr(element, 'id') === id)!;

  it('puts every error first, the author’s own, inherited and drift alike; only the errors’ groups are open', () => {
    const inspection = page();
    expect(inspection.problems).toEqual([]);
    const articles = byClass(inspection, 'finding');
    const { ownError, inheritedError, driftError } = ERRORS_LAST_FINDINGS;
    // In the families' order (model/family.ts: drift before tools), in report order within one.
    expect(articles.slice(0, 3).map((article) => attr(article, 'data-rule'))).toEqual([driftError.ruleId, inheritedError.ruleId, ownError.ruleId]);
    expect(articles.slice(3).map((article) => attr(article, 'data-severity'))).not.toContain('error');
    const groups = inspection.elements.filter((element) => element.tagName === 'details' && attr(element, 'class') === 'rule');
    expect(groups.length).toBeGreaterThan(3);
    for (const group of groups) {
      const severities = new Set(byClassUnder(group, 'finding').map((article) => attr(article, 'data-severity')));
      expect(attr(group, 'open') !== undefined, [...severities].join()).toBe(severities.has('error'));
    }
  });

  it('names the SDK of an inherited finding with the versions it was seen on, not as the server’s version', () => {
    const marks = byClass(page(), 'inherited-mark').map((mark) => textOf(mark));
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark).toContain('@modelcontextprotocol/sdk, seen on >=1.23.0 <2.0.0');
  });

  it('each finding once: the sections the errors were taken from count what is left and say where the rest went', () => {
    const inspection = page();
    expect(byClass(inspection, 'finding')).toHaveLength(16);
    for (const id of ['inherited', 'drift']) {
      const section = byId(inspection, id);
      expect(textOf(section)).toContain('1 more, an error, is listed under Errors above.');
      expect(byClassUnder(section, 'finding')).toHaveLength(1);
    }
  });

  it('the cards add up: the total is errors + warnings + info; inherited is said inside them, never a card of its own', () => {
    const inspection = page();
    const count = (id: string) => Number(textOf(byId(inspection, `count-${id}`)));
    expect(count('total')).toBe(16);
    expect(count('error') + count('warning') + count('info')).toBe(count('total'));
    expect(count('inherited')).toBe(2);
    expect(byClass(inspection, 'count').map((card) => textOf(card).replace(/\s+/g, ' ').trim())).toEqual([
      '16findingsof which 2 inherited',
      '3errorsof which 1 inherited',
      '10warnings',
      '3infoof which 1 inherited',
    ]);
  });
});
