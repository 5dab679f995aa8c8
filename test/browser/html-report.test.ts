/**
 * The HTML report in a real browser (headless Chromium, test/support/browser.ts; one launch for the file). Three
 * pages: the example server's report written by the CLI together with the JSON report of the same run, the
 * report of the hostile `html-injection` fixture run over real stdio, and the hostile reports of test/support
 * rendered directly. On each: no console error, no request but the file itself, no CSP violation, and no script
 * from server text ran (every attack sets `window.__pwned`). The filters are clicked and typed into, and the
 * counts they show are compared with the JSON report.
 *
 * Chromium missing: the tests are skipped, named with the reason and warned about, and under CI (where .ci/run
 * installs it) a test fails instead.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.js';
import { renderHtml } from '../../src/report/reporters/html.js';
import { chromiumInstalled, CHROMIUM, launchChromium, openFile, type Browser, type OpenedPage } from '../support/browser.js';
import { ROOT, runCli } from '../support/cli.js';
import { errorsLastReport } from '../support/errors-last-report.js';
import { hostileHtmlReport } from '../support/hostile-html-report.js';
import { hostileReport, reporterContext } from '../support/hostile-report.js';

const MISSING = `no Chromium at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`;
if (!chromiumInstalled) console.warn(`\n!!! test/browser/html-report.test.ts SKIPPED: ${MISSING}\n`);

if (!chromiumInstalled) {
  describe('the HTML report in a browser', () => {
    it.skip(`SKIPPED: ${MISSING}`, () => {});
    it.runIf(process.env.CI !== undefined)('has Chromium installed under CI', () => {
      expect.fail(MISSING);
    });
  });
}

interface Run {
  html: string;
  report: RunReport;
  code: number | null;
}

/** One CLI run writing the HTML and the JSON report side by side. */
async function cliRun(dir: string, name: string, args: string[]): Promise<Run> {
  const html = path.join(dir, `${name}.html`);
  const json = path.join(dir, `${name}.json`);
  const result = await runCli(['run', '--reporter', `html:${html}`, '--reporter', `json:${json}`, ...args]);
  return { html, report: JSON.parse(readFileSync(json, 'utf8')) as RunReport, code: result.code };
}

const total = (report: RunReport) => report.summary.findings.error + report.summary.findings.warning + report.summary.findings.info;

describe.runIf(chromiumInstalled)('the HTML report in a browser', { timeout: 30_000 }, () => {
  let browser: Browser;
  let example: Run;
  let hostileRun: Run;
  const rendered: Record<string, string> = {};
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-html-'));
    const context = reporterContext();
    for (const [name, report] of [
      ['hostile-report', hostileReport()],
      ['html-attacks', hostileHtmlReport()],
      ['errors-last', errorsLastReport()],
    ] as const) {
      rendered[name] = path.join(dir, `${name}.html`);
      writeFileSync(rendered[name], renderHtml(report, context));
    }
    [browser, example, hostileRun] = await Promise.all([
      launchChromium(),
      cliRun(dir, 'example', ['-c', 'examples/mcpact.yaml']),
      cliRun(dir, 'hostile', ['--', process.execPath, `${ROOT}dist/fixtures/hostile/stdio.js`, 'html-injection']),
    ]);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** What every page must not have done, checked after each test. */
  afterEach(async () => {
    for (const page of opened.splice(0)) {
      expect(page.errors).toEqual([]);
      expect(page.requests).toEqual([]);
      expect(await page.violations()).toEqual([]);
      expect(await page.page.evaluate('window.__pwned')).toBeUndefined();
      await page.close();
    }
  });

  async function open(file: string): Promise<OpenedPage> {
    const page = await openFile(browser, file);
    opened.push(page);
    return page;
  }

  const shown = (page: OpenedPage) => page.page.locator('.finding:visible').count();

  /** Opens every collapsed group by clicking its summary, outer ones first, as a reader would. */
  async function openAll({ page }: OpenedPage): Promise<void> {
    for (let round = 0; round < 200; round++) {
      const closed = page.locator('details:not([open]) > summary:visible');
      if ((await closed.count()) === 0) return;
      await closed.first().click();
    }
  }

  it('the example report: verdict and counts match the JSON report of the same run', async () => {
    expect(example.code).toBe(1);
    const { page } = await open(example.html);
    const { report } = example;
    expect(await page.locator('#verdict').textContent()).toBe('failed');
    for (const severity of ['error', 'warning', 'info'] as const) {
      expect(await page.locator(`#count-${severity}`).textContent()).toBe(String(report.summary.findings[severity]));
      expect(await page.locator(`.finding[data-severity="${severity}"]`).count()).toBe(report.summary.findings[severity]);
    }
    expect(await page.locator('#count-inherited').textContent()).toBe(String(report.summary.inherited));
    // Every inherited finding of the example is info: none was moved up to the errors.
    expect(await page.locator('#inherited .finding').count()).toBe(report.summary.inherited);
    const byRule = new Map<string, number>();
    for (const finding of report.servers.flatMap((server) => server.findings)) byRule.set(finding.ruleId, (byRule.get(finding.ruleId) ?? 0) + 1);
    for (const [ruleId, count] of byRule) expect(await page.locator(`.finding[data-rule="${ruleId}"]`).count(), ruleId).toBe(count);
    expect(await page.locator('#shown').textContent()).toBe(`${total(report)} of ${total(report)} findings shown`);
    const server = report.servers[0]!;
    const row = page.locator('tr.server');
    expect(await row.textContent()).toContain(String(server.serverInfo?.name));
    expect(await row.textContent()).toContain(String(server.protocolVersion));
  });

  it('the severity filters hide and show findings, and groups left empty', async () => {
    const opened = await open(example.html);
    const { page } = opened;
    const { findings } = example.report.summary;
    // Inherited groups start collapsed: open them so that every finding can be seen.
    await openAll(opened);
    expect(await shown(opened)).toBe(total(example.report));
    await page.locator('input[data-severity="info"]').uncheck();
    expect(await shown(opened)).toBe(findings.error + findings.warning);
    expect(await page.locator('#shown').textContent()).toBe(`${findings.error + findings.warning} of ${total(example.report)} findings shown`);
    // Every inherited finding of the example is info: the whole group is hidden.
    expect(await page.locator('#inherited').isHidden()).toBe(true);
    await page.locator('input[data-severity="warning"]').uncheck();
    expect(await shown(opened)).toBe(findings.error);
    expect(await page.locator('.finding:visible').first().getAttribute('data-severity')).toBe('error');
    await page.locator('input[data-severity="info"]').check();
    await page.locator('input[data-severity="warning"]').check();
    expect(await shown(opened)).toBe(total(example.report));
  });

  it('the text filter keeps the findings whose text has every word, and opens collapsed groups it finds them in', async () => {
    const opened = await open(example.html);
    const { page } = opened;
    const count = (ruleId: string) => example.report.servers.flatMap((server) => server.findings).filter((finding) => finding.ruleId === ruleId).length;
    await page.locator('#filter').fill('schema/resource-mime-type');
    expect(await shown(opened)).toBe(count('schema/resource-mime-type'));
    expect(await shown(opened)).toBe(1);
    // Inherited findings, in a collapsed group: the filter opens it.
    await page.locator('#filter').fill('tools/malformed-call');
    expect(await shown(opened)).toBe(count('tools/malformed-call'));
    expect(await page.locator('details.group[open]').count()).toBeGreaterThan(0);
    await page.locator('#filter').fill('PROMPTS/MALFORMED-PARAMS  arguments is an array');
    expect(await shown(opened)).toBe(1);
    await page.locator('#filter').fill('no finding says this');
    expect(await shown(opened)).toBe(0);
    expect(await page.locator('#shown').textContent()).toBe(`0 of ${total(example.report)} findings shown`);
    expect(await page.locator('section.severity:visible').count()).toBe(0);
    await page.locator('#filter').fill('');
    // A section per severity with findings of the author's own (the inherited ones have theirs).
    const server = example.report.servers[0]!;
    const severities = new Set(server.findings.filter((finding) => finding.inherited === undefined).map((finding) => finding.severity));
    expect(await page.locator('section.severity:visible').count()).toBe(severities.size);
  });

  it('errors first, warnings collapsed, and cards that add up to the total (#32)', async () => {
    const opened = await open(example.html);
    const { page } = opened;
    const { findings, inherited } = example.report.summary;
    expect(findings.error).toBeGreaterThan(0);
    expect(findings.warning).toBeGreaterThan(0);
    // The first finding in document order is an error, and it is in view without opening anything.
    const first = page.locator('.finding').first();
    expect(await first.getAttribute('data-severity')).toBe('error');
    expect(await first.isVisible()).toBe(true);
    expect(await page.locator('.finding:visible').first().getAttribute('data-severity')).toBe('error');
    // Every error comes before every warning and info.
    const order = await page.locator('.finding').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-severity')));
    expect(order.lastIndexOf('error')).toBeLessThan(order.indexOf('warning'));
    // Warnings are collapsed: each rule of theirs is one closed <details> line, its findings out of sight.
    const warningGroups = page.locator('details.rule:has(.finding[data-severity="warning"])');
    expect(await warningGroups.count()).toBeGreaterThan(0);
    for (const group of await warningGroups.all()) {
      expect(await group.getAttribute('open')).toBeNull();
      expect(await group.locator('summary').isVisible()).toBe(true);
    }
    expect(await page.locator('.finding[data-severity="warning"]:visible').count()).toBe(0);
    // Cards: the total, and one per severity adding up to it; inherited is said inside the cards, never summed.
    const card = async (id: string) => Number(await page.locator(`#count-${id}`).textContent());
    const total = await card('total');
    expect(total).toBe((await card('error')) + (await card('warning')) + (await card('info')));
    expect(total).toBe(findings.error + findings.warning + findings.info);
    expect(total).toBe(await page.locator('.finding').count());
    expect(await card('inherited')).toBe(inherited);
    expect(await page.locator('.counts .count').count()).toBe(4);
    expect(await page.locator('.counts .count.total').textContent()).toContain(`of which ${inherited} inherited`);
    // Opening a warning group shows its findings.
    await warningGroups.first().locator('summary').click();
    expect(await page.locator('.finding[data-severity="warning"]:visible').count()).toBeGreaterThan(0);
  });

  it('the hostile html-injection server over stdio: its markup is text, nothing it sent runs or loads', async () => {
    expect(hostileRun.code).not.toBe(2);
    const opened = await open(hostileRun.html);
    const { page } = opened;
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('img, iframe, base, link, object, embed, a#evil-link, meta[http-equiv="refresh"], plaintext, textarea').count()).toBe(0);
    const text = await page.locator('body').innerText();
    expect(text).toContain(`<img src=x onerror="window.__pwned='img'">`);
    expect(text).toContain(`</script><script>window.__pwned='script-end'</script>`);
    expect(await page.locator('.finding').count()).toBe(total(hostileRun.report));
    // Use the page as a person would: open every group, filter by an attack's own text.
    await openAll(opened);
    await page.locator('#filter').fill(`<img src=x onerror="window.__pwned='img'">`);
    expect(await shown(opened)).toBeGreaterThan(0);
    await page.locator('#filter').fill('');
  });

  it('errors that a family-first page put after ten expanded warnings: every error first and in view, whatever its kind (#32)', async () => {
    const { page } = await open(rendered['errors-last']!);
    const report = errorsLastReport();
    const order = await page.locator('.finding').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-severity')));
    expect(order).toHaveLength(total(report));
    // The author's own error, the inherited one made an error by `rules:`, the breaking drift change.
    expect(order.slice(0, report.summary.findings.error)).toEqual(['error', 'error', 'error']);
    expect(await page.locator('#findings-error .finding:visible').count()).toBe(3);
    // In the first screen (the viewport is 900 px high), not below the warnings.
    const top = await page
      .locator('.finding')
      .first()
      .evaluate((node) => node.getBoundingClientRect().top);
    expect(top).toBeLessThan(900);
    expect(await page.locator('.finding[data-severity="warning"]:visible').count()).toBe(0);
    // The sections the errors were taken from say so, and count what is left in them.
    expect(await page.locator('#inherited').textContent()).toContain('1 more, an error, is listed under Errors above');
    expect(await page.locator('#drift').textContent()).toContain('1 more, an error, is listed under Errors above');
    expect(await page.locator('#inherited .finding').count()).toBe(1);
    expect(await page.locator('#drift .finding').count()).toBe(1);
    const card = async (id: string) => Number(await page.locator(`#count-${id}`).textContent());
    expect(await card('total')).toBe((await card('error')) + (await card('warning')) + (await card('info')));
    expect(await card('inherited')).toBe(2);
  });

  for (const name of ['html-attacks', 'hostile-report'] as const) {
    it(`the ${name} page: every section drawn, nothing from its text runs or loads, hidden characters are labels`, async () => {
      const opened = await open(rendered[name]!);
      const { page } = opened;
      expect(await page.locator('script').count()).toBe(1);
      expect(await page.locator('img, iframe, base, link, object, embed, a#evil-link, meta[http-equiv="refresh"]').count()).toBe(0);
      for (const link of await page.locator('a').all()) expect(await link.getAttribute('href')).toMatch(/^https:\/\/(github\.com|modelcontextprotocol\.io)\//);
      expect(await page.locator('mark.hidden-char').count()).toBeGreaterThan(0);
      expect(await page.locator('#drift del, #drift ins, #drift pre').count()).toBeGreaterThan(0);
      expect(await page.locator('#not-tested li').count()).toBeGreaterThan(0);
      await openAll(opened);
      await page.locator('input[data-severity="error"]').uncheck();
      await page.locator('#filter').fill('script');
      await page.locator('#filter').fill('');
    });
  }

  it('drift word diffs mark the changed words and show hidden characters; the latency chart has a bar per timed tool', async () => {
    const { page } = await open(rendered['html-attacks']!);
    const diff = page.locator('#drift pre.word-diff');
    expect(await diff.locator('del').first().textContent()).toBe('two');
    expect(await diff.locator('ins').first().textContent()).toContain('three');
    expect(await diff.locator('ins mark.hidden-char').first().textContent()).toBe('<U+200B>');
    expect(await page.locator('svg.chart rect.p50').count()).toBe(4);
    expect(await page.locator('svg.chart rect.p95').count()).toBe(4);
    expect(await page.locator('svg.chart line.budget').count()).toBe(4);
  });
});
