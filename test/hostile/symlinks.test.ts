/**
 * Files written through symbolic links (#29, class 7), through the CLI: a link planted in the checkout where a report,
 * the trace or a blob goes, pointing outside it (at a file, at nothing yet, or as a folder on the way), is refused:
 * exit 2, one line naming the path and saying it is a symbolic link, and what the link points at stays as it was.
 */
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectClean, killLeftovers, startCli, type CliCase } from './cli-support.js';

const TIMEOUTS = { connect_ms: 3_000, call_ms: 1_000, run_ms: 8_000 };
const LIMIT_MS = 20_000;
const UNTOUCHED = 'untouched: written before mcpact ran\n';

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

/** A file outside the run's folder, with known content: what a planted link points at. */
function victim(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mcpact-victim-')), 'victim.txt');
  writeFileSync(file, UNTOUCHED);
  return file;
}

/** A small, well-behaved run (the console on stdout, so stderr carries only mcpact's error) writing to `target`. */
function runWith(target: string[], before: (dir: string) => void): CliCase {
  return startCli({
    server: { behaviour: 'duplicate-id' },
    args: ['run', '--only', 'schema', '--reporter', 'console', ...target],
    timeouts: TIMEOUTS,
    limitMs: LIMIT_MS,
    before,
  });
}

async function expectRefused(run: CliCase, message: string): Promise<void> {
  const result = await run.done;
  expect(result.code).toBe(2);
  expect(result.stderr.trim()).toBe(`mcpact: ${message}`);
  await expectClean(run, result);
}

describe('files written through symbolic links: refused, the target untouched', { timeout: 60_000 }, () => {
  const targets: [string, string, string[]][] = [
    ['json', 'report.json', ['--reporter', 'json:report.json']],
    ['markdown', 'summary.md', ['--reporter', 'markdown:summary.md']],
    ['html', 'report.html', ['--reporter', 'html:report.html']],
    ['junit', 'junit.xml', ['--reporter', 'junit:junit.xml']],
    ['sarif', 'report.sarif', ['--reporter', 'sarif:report.sarif']],
    ['--trace', 'trace.jsonl', ['--trace', 'trace.jsonl']],
  ];
  for (const [name, file, target] of targets) {
    it(`${name}: ${file} is a link to a file outside the checkout`, async () => {
      const outside = victim();
      current = runWith(target, (dir) => symlinkSync(outside, path.join(dir, file)));
      await expectRefused(current, `cannot write ${file}: it is a symbolic link (mcpact never writes through one; remove it or name another file)`);
      expect(readFileSync(outside, 'utf8')).toBe(UNTOUCHED);
      expect(lstatSync(path.join(current.dir, file)).isSymbolicLink()).toBe(true);
    });
  }

  it('a dangling link: the file it names is not created', async () => {
    const missing = path.join(path.dirname(victim()), 'created-through-a-link.json');
    current = runWith(['--reporter', 'json:report.json'], (dir) => symlinkSync(missing, path.join(dir, 'report.json')));
    await expectRefused(current, 'cannot write report.json: it is a symbolic link (mcpact never writes through one; remove it or name another file)');
    expect(existsSync(missing)).toBe(false);
  });

  it('a folder on the way is a link (a report, and a blob folder): nothing written in the folder it points at', async () => {
    const outside = path.dirname(victim());
    current = runWith(['--reporter', 'json:out/report.json'], (dir) => symlinkSync(outside, path.join(dir, 'out')));
    await expectRefused(current, 'cannot write out/report.json: out is a symbolic link (mcpact never writes through one; name a path without it)');
    const blob = runWith(['--reporter', 'blob:blobs'], (dir) => symlinkSync(outside, path.join(dir, 'blobs')));
    current = blob;
    const result = await blob.done;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: cannot write blobs\/\S+: blobs is a symbolic link/);
    await expectClean(blob, result);
    expect(readdirSync(outside)).toEqual(['victim.txt']);
  });
});
