/**
 * The Markdown reporter on the hostile report, rendered the way GitHub renders it (CommonMark + GFM, raw HTML
 * passed through) and inspected as HTML: only the elements we write, only links to our docs, no mentions, no
 * issue references, nothing that closes a <details> early, and a size GitHub accepts as a comment.
 */
import { describe, expect, it } from 'vitest';
import { buildRunReport } from '../../../src/report/build.js';
import type { Finding } from '../../../src/model/report.js';
import { MARKDOWN_LIMIT, MARKDOWN_MARKER, renderMarkdown } from '../../../src/report/reporters/markdown.js';
import { RULES_DOCS_URL } from '../../../src/model/rule-meta.js';
import { attribute, childElements, renderGfm, textContent } from '../../support/ci-validators.js';
import { HOSTILE, hostileReport, reporterContext } from '../../support/hostile-report.js';

const ALLOWED = new Set([
  'h2',
  'h3',
  'p',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'ul',
  'li',
  'code',
  'pre',
  'details',
  'summary',
  'a',
  'sub',
  'strong',
  'em',
  'br',
]);

const markdown = renderMarkdown(hostileReport(), reporterContext());
const rendered = renderGfm(markdown);
const tags = (name: string) => rendered.elements.filter((element) => element.tagName === name);

describe('markdown reporter', () => {
  it('starts with the hidden marker the pull-request comment looks for', () => {
    expect(markdown.startsWith(`${MARKDOWN_MARKER}\n`)).toBe(true);
  });

  it('renders only the elements the reporter writes: no HTML, images or scripts from the server', () => {
    const unexpected = rendered.elements.map((element) => element.tagName).filter((tag) => !ALLOWED.has(tag));
    expect(unexpected).toEqual([]);
  });

  it('links only to the rule docs', () => {
    const links = tags('a').map((element) => attribute(element, 'href'));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href?.startsWith(`${RULES_DOCS_URL}#`), href).toBe(true);
  });

  it('lets no mention, issue reference or bare URL through outside code blocks', () => {
    const prose = rendered.proseTexts.join(' ');
    expect(prose).not.toMatch(/(^|[^\w`])@[A-Za-z0-9]/);
    expect(prose).not.toMatch(/#\d/);
    expect(prose).not.toMatch(/https?:\/\/evil/);
    expect(prose).not.toMatch(/www\.evil/);
  });

  it('has a summary table with a row per server, the server name kept in its cell', () => {
    const [table] = tags('table');
    expect(table).toBeDefined();
    const rows = tags('tr').slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(childElements(row).map((cell) => cell.tagName)).toEqual(Array(8).fill('td'));
    const [nameCell] = rows[1] ? childElements(rows[1]) : [];
    expect(nameCell && textContent(nameCell).replace(/\u200b/g, '')).toBe(`remote|${HOSTILE.mention}`);
  });

  it('groups findings by severity, then drift, then what could not be tested', () => {
    expect(tags('h2').map(textContent)).toEqual(['mcpact: ⚠️ incomplete']);
    expect(tags('h3').map(textContent)).toEqual(['❌ Errors (20)', '⚠️ Warnings (2)', 'ℹ️ Info (1)', '🔀 Drift (1)', 'Not fully tested']);
  });

  it('shows the drift diff and the server error in collapsible code blocks that server text cannot close', () => {
    // The other <details> are the groups of warnings and info by rule (lists, no code).
    const details = tags('details').filter((block) => childElements(block).some((child) => child.tagName === 'pre'));
    expect(details).toHaveLength(2);
    for (const block of details) {
      expect(childElements(block).map((child) => child.tagName)).toEqual(['summary', 'pre']);
    }
    const diff = details[0] ? textContent(details[0]) : '';
    expect(diff).toContain('Adds [-two-]{+three+} numbers.');
    expect(diff).toContain(HOSTILE.details);
    expect(diff).toContain('\\x1b[31mred');
    expect(diff).not.toContain('\u001b');
  });

  it('bounds long text: messages are cut, and the whole report stays under the comment limit', () => {
    expect(markdown.length).toBeLessThan(MARKDOWN_LIMIT);
    expect(markdown).not.toContain('L'.repeat(400));
    expect(markdown).toContain('more characters');
  });

  it('leaves findings out, saying how many, when they would not fit', () => {
    const many: Finding[] = Array.from({ length: 2_000 }, (_, index) => ({
      ruleId: 'schema/tool-name',
      severity: 'error',
      message: `Tool name ${index} ${'x'.repeat(60)}`,
      location: { kind: 'tool', name: `tool-${index}` },
    }));
    const report = buildRunReport({
      version: '0.0.0-test',
      servers: [{ name: 'big', transport: 'stdio', serverInfo: null, protocolVersion: '2025-11-25', complete: true, rules: [], findings: many }],
      durationMs: 1,
      failOn: 'error',
    });
    const text = renderMarkdown(report, reporterContext());
    expect(text.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(text).toMatch(/… \d+ more items not shown here: see the JSON or SARIF report\./);
    expect(text.trimEnd().endsWith('</sub>')).toBe(true);
  });

  it('shows errors first, and warnings grouped by rule in collapsed <details>, within the limit with a note', () => {
    const warn = (ruleId: string, index: number): Finding => ({
      ruleId,
      severity: 'warning',
      message: `Warning ${index} ${'w'.repeat(80)}`,
      location: { kind: 'tool', name: `tool-${index}` },
    });
    const findings: Finding[] = [
      { ruleId: 'schema/tool-name', severity: 'error', message: 'the one error', location: { kind: 'tool', name: 'bad' } },
      ...Array.from({ length: 1_500 }, (_, index) => warn(index % 2 === 0 ? 'tools/invalid-input-code' : 'schema/tool-description', index)),
    ];
    const report = buildRunReport({
      version: '0.0.0-test',
      servers: [{ name: 'big', transport: 'stdio', serverInfo: null, protocolVersion: '2025-11-25', complete: true, rules: [], findings }],
      durationMs: 1,
      failOn: 'error',
    });
    const text = renderMarkdown(report, reporterContext());
    expect(text.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(text.indexOf('the one error')).toBeLessThan(text.indexOf('<details>'));
    expect(text).toContain('<details><summary><code>tools/invalid-input-code</code> (750)</summary>');
    expect(text).toMatch(/… \d+ more items not shown here/);
    const rendered = renderGfm(text);
    const details = rendered.elements.filter((element) => element.tagName === 'details');
    expect(details.length).toBeGreaterThanOrEqual(1);
    // Collapsed: no <details open>, and each group's list items sit inside its <details>.
    expect(details.every((element) => attribute(element, 'open') === undefined)).toBe(true);
    expect(rendered.elements.filter((element) => element.tagName === 'li').length).toBeGreaterThan(100);
  });

  it('says so when a run is clean', () => {
    const report = buildRunReport({
      version: '0.0.0-test',
      servers: [
        {
          name: 'good',
          transport: 'stdio',
          serverInfo: null,
          protocolVersion: '2025-11-25',
          complete: true,
          rules: [{ id: 'protocol/ping', family: 'protocol', status: 'pass', severity: 'error', durationMs: 1 }],
          findings: [],
        },
      ],
      durationMs: 1,
      failOn: 'error',
    });
    const text = renderMarkdown(report, reporterContext());
    expect(text).toContain('## mcpact: ✅ passed');
    expect(text).toContain('No findings.');
  });
});
