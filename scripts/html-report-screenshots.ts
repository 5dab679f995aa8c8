/**
 * The screenshots of the HTML report in docs/images/ (docs/reports.md shows them), taken in headless Chromium
 * (test/support/browser.ts) from real runs of the example server (examples/server.ts, deliberate defects):
 *   - html-report.png: `mcpact run -c examples/mcpact.yaml --reporter html:…`, the top of the page;
 *   - html-report-drift-latency.png: the same server with a latency budget and a lockfile whose descriptions
 *     were edited (one word changed, a zero-width space added), so drift changes and the latency chart are drawn.
 * Run after `npm run build`: `npm run docs:screenshots`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, openFile } from '../test/support/browser.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(ROOT, 'dist/bin/mcpact.js');
const OUT = path.join(ROOT, 'docs/images');

/** mcpact exits 1 on the example's findings: that is the point, not a failure of this script. */
function mcpact(args: string[], cwd: string): void {
  try {
    execFileSync(process.execPath, [CLI, ...args], { cwd, stdio: 'ignore', env: { PATH: process.env.PATH, NO_COLOR: '1' } });
  } catch (error) {
    if ((error as { status?: number }).status !== 1) throw error;
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-screenshots-'));
const example = path.join(dir, 'example.html');
mcpact(['run', '-c', 'examples/mcpact.yaml', '--reporter', `html:${example}`], ROOT);

writeFileSync(
  path.join(dir, 'mcpact.yaml'),
  [
    'server:',
    '  name: notes',
    '  transport: stdio',
    '  command: node',
    `  args: [${JSON.stringify(path.join(ROOT, 'dist/examples/server.js'))}]`,
    '  drift:',
    '    baseline: mcpact.lock.json',
    '  latency:',
    '    samples: 30',
    '    p95_ms: 3',
    '',
  ].join('\n'),
);
mcpact(['baseline'], dir);
const lock = path.join(dir, 'mcpact.lock.json');
writeFileSync(
  lock,
  readFileSync(lock, 'utf8')
    .replace('"Save a new note and return its id."', '"Save a note and return its numeric id."')
    .replace('"Every note, as one markdown document."', '"Every note, as one markdown document.\\u200b"'),
);
const drifted = path.join(dir, 'drifted.html');
mcpact(['run', '--only', 'drift,latency', '--reporter', `html:${drifted}`], dir);

const browser = await launchChromium({ width: 1100, height: 1000 });
try {
  const top = await openFile(browser, example);
  await top.page.screenshot({ path: path.join(OUT, 'html-report.png') });
  const lower = await openFile(browser, drifted);
  // The edited descriptions are risky changes, which fail the run (drift.fail_on): they are listed under Errors,
  // with their word diffs, rather than in the Drift section. The picture runs from their section to the chart.
  const box = await lower.page.evaluate<{ y: number; height: number }>(
    `(() => { const a = document.querySelector('.finding[data-rule^="drift/"]').closest('section').getBoundingClientRect(); const b = document.getElementById('latency').getBoundingClientRect(); return { y: a.top + window.scrollY - 8, height: b.bottom - a.top + 16 }; })()`,
  );
  await lower.page.screenshot({
    path: path.join(OUT, 'html-report-drift-latency.png'),
    fullPage: true,
    clip: { x: 0, y: box.y, width: 1100, height: box.height },
  });
  for (const page of [top, lower])
    if (page.errors.length > 0 || page.requests.length > 0) throw new Error(`the page misbehaved: ${[...page.errors, ...page.requests].join('; ')}`);
} finally {
  await browser.close();
}
process.stdout.write(`wrote docs/images/html-report.png and docs/images/html-report-drift-latency.png\n`);
