/**
 * Latency numbers (ServerReport.latency) in every reporter, with hostile tool names: the console shows them
 * sanitized, JUnit as properties the XSD accepts, SARIF as run properties the schema accepts, Markdown as a
 * table that server text cannot break, and the JSON report validates against its schema.
 */
import { describe, expect, it } from 'vitest';
import { buildRunReport } from '../../../src/report/build.js';
import { runReportSchema, type RunReport, type ServerReport } from '../../../src/model/report.js';
import { renderConsole } from '../../../src/report/reporters/console.js';
import { renderJunit } from '../../../src/report/reporters/junit.js';
import { renderMarkdown } from '../../../src/report/reporters/markdown.js';
import { renderSarif } from '../../../src/report/reporters/sarif.js';
import { checkJunit, childElements, renderGfm, sarifSchemaErrors, textContent } from '../../support/ci-validators.js';
import { HOSTILE, reporterContext } from '../../support/hostile-report.js';

const timed: ServerReport = {
  name: 'timed',
  transport: 'stdio',
  serverInfo: null,
  protocolVersion: '2025-11-25',
  complete: true,
  rules: [{ id: 'latency/budget', family: 'latency', status: 'fail', severity: 'error', durationMs: 40 }],
  findings: [
    {
      ruleId: 'latency/budget',
      severity: 'error',
      message: `tool "${HOSTILE.pipes}": p95 is 41 ms, over its budget of 20 ms (5 samples)`,
      location: { kind: 'tool', name: HOSTILE.pipes },
      data: { tool: HOSTILE.pipes, percentile: 'p95', measuredMs: 41, budgetMs: 20 },
    },
  ],
  latency: {
    tools: [
      { name: 'search', samples: 5, errors: 0, timeouts: 0, p50Ms: 3, p95Ms: 7, budget: { p95Ms: 20 } },
      { name: HOSTILE.pipes, samples: 5, errors: 1, timeouts: 2, p50Ms: 12, p95Ms: 41, budget: { p95Ms: 20 } },
      { name: `${HOSTILE.ansi}${HOSTILE.xmlForbidden}`, samples: 0, errors: 5, timeouts: 0, p50Ms: null, p95Ms: null },
    ],
    overall: { samples: 10, p50Ms: 3, p95Ms: 41 },
    skipped: [{ name: HOSTILE.html, reason: `not called: not annotated readOnlyHint: true ${HOSTILE.details}` }],
  },
};

const report: RunReport = runReportSchema.parse(buildRunReport({ version: '0.0.0-test', servers: [timed], durationMs: 100, failOn: 'error' }));

describe('latency in every reporter', () => {
  it('console: per tool and overall, server text sanitized', () => {
    const text = renderConsole(report, reporterContext());
    expect(text).toContain('latency overall p50 3 ms, p95 41 ms (10 samples)');
    expect(text).toContain('search: p50 3 ms, p95 7 ms (budget 20 ms); 5 samples, 0 errors, 0 timeouts');
    expect(text).toContain('p50 12 ms, p95 41 ms (budget 20 ms); 5 samples, 1 error, 2 timeouts');
    expect(text).toContain('p50 —, p95 —; 0 samples, 5 errors, 0 timeouts');
    expect(text).toContain('- not timed <script>');
    expect(text).not.toContain('\u001b');
  });

  it('junit: properties of the latency suite, accepted by the XSD', async () => {
    const { errors, document } = await checkJunit(renderJunit(report, reporterContext()));
    expect(errors).toEqual([]);
    const suite = document.testsuites.testsuite?.find((candidate) => candidate.name === 'timed / latency');
    const properties = new Map((suite?.properties?.property ?? []).map((property) => [property.name, property.value]));
    expect(properties.get('latency.overall.p95Ms')).toBe('41');
    expect(properties.get('latency.tool.search.p50Ms')).toBe('3');
    expect(properties.get('latency.tool.search.budget.p95Ms')).toBe('20');
  });

  it('sarif: run properties, accepted by the schema', () => {
    const log = JSON.parse(renderSarif(report, reporterContext()));
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0].properties.latency).toMatchObject([{ server: 'timed', overall: { p95Ms: 41 }, tools: [{ name: 'search' }, {}, {}] }]);
    expect(JSON.stringify(log.runs[0].properties)).not.toContain('\\u001b');
  });

  it('markdown: one table row per tool, the overall row and the skipped tool; a value over budget is marked', () => {
    const markdown = renderMarkdown(report, reporterContext());
    expect(markdown).toContain('### ⏱️ Latency');
    expect(markdown).toContain('| timed | search | 5 | 0 | 0 | 3 ms | 7 ms (budget 20 ms) |');
    expect(markdown).toContain('| 12 ms | 41 ms ❌ (budget 20 ms) |');
    // Pipes in a tool name stay inside their cell: a header row and five rows (three tools, overall, skipped) of seven cells.
    const { elements } = renderGfm(markdown);
    const table = elements.filter((element) => element.tagName === 'table').at(-1);
    const rows = table ? elements.slice(elements.indexOf(table)).filter((element) => element.tagName === 'tr') : [];
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(childElements(row)).toHaveLength(7);
    expect(textContent(rows[2]!)).toContain(HOSTILE.pipes);
  });

  it('json: the report with latency validates against its schema', () => {
    expect(runReportSchema.safeParse(JSON.parse(JSON.stringify(report))).success).toBe(true);
  });
});
