/**
 * CI log injection (#29, class 3), through the CLI: CI commands dressed so that a check for plain `::` at a line
 * start or `##vso[` misses them (fixtures/hostile/ci-text.ts), in a server's texts, error messages and stderr, and
 * in an HTTP protocolVersion holding CR/LF. Neither stdout, stderr, nor any report or trace file mcpact writes holds
 * a line a CI runner would act on, and a JSON file keeps the server's text by value.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CI_ATTACKS } from '../../fixtures/hostile/ci-text.js';
import { startHostileHttp, type HostileHttpServer } from '../../fixtures/hostile/http.js';
import { lockfileOf } from '../../src/drift/compare.js';
import { serializeLockfile } from '../../src/drift/lockfile/lockfile.js';
import { ROOT } from '../support/cli.js';
import { ciCommandLine, expectClean, killLeftovers, startCli, type CliCase } from './cli-support.js';

/** Every file reporter, into a folder mcpact makes. */
const FILES = {
  json: 'out/report.json',
  junit: 'out/junit.xml',
  sarif: 'out/report.sarif',
  markdown: 'out/summary.md',
  html: 'out/report.html',
  github: 'out/annotations.txt',
  console: 'out/console.txt',
};
const REPORTERS = ['--reporter', 'console', ...Object.entries(FILES).flatMap(([name, file]) => ['--reporter', `${name}:${file}`])];

/** A lockfile `diff` accepts, so that it goes on to start the server. */
const LOCK = serializeLockfile(
  lockfileOf(
    { server: { name: 'x', version: '1', protocolVersion: '2025-11-25', capabilities: {} }, tools: [], prompts: [], resources: [], resourceTemplates: [] },
    '0.0.0',
  ),
);

const TIMEOUTS = { connect_ms: 3_000, call_ms: 1_000, run_ms: 8_000 };
const LIMIT_MS = 25_000;

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

/** No file holds a CI command; the github reporter's, none but the annotations it starts each line with. */
function expectFilesClean(dir: string, files: string[]): void {
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const own = file === FILES.github ? text.replace(/^::(?:error|warning|notice) /gm, '') : text;
    expect(ciCommandLine(own), file).toBeUndefined();
  }
}

describe('CI log injection: nothing a server sends becomes a CI command', { timeout: 60_000 }, () => {
  it('texts, tools/call errors and stderr: console (verbose), every file reporter and the trace stay clean', async () => {
    current = startCli({
      server: { behaviour: 'ci-texts' },
      args: ['run', '--verbose', ...REPORTERS, '--trace', 'out/trace.jsonl'],
      timeouts: TIMEOUTS,
      limitMs: LIMIT_MS,
    });
    const result = await current.done;
    expect([0, 1]).toContain(result.code);
    // The attacks are shown, escaped where they would act: the service message starts with an escaped hash.
    expect(result.stdout).toContain("\\x23#teamcity[setParameter name='env.NODE_OPTIONS'");
    await expectClean(current, result);
    expectFilesClean(current.dir, [...Object.values(FILES), 'out/trace.jsonl']);
    // JSON keeps the server's text by value: the trace still holds the tools as the server listed them.
    const traced = readFileSync(path.join(current.dir, 'out/trace.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line): unknown => JSON.parse(line));
    expect(JSON.stringify(traced)).toContain(JSON.stringify(CI_ATTACKS.teamcityNodeOptions).slice(1, -1));
  });

  const failing: [string, string[]][] = [
    ['run with the console and every file reporter', ['run', ...REPORTERS]],
    ['baseline', ['baseline']],
    ['diff', ['diff', '--reporter', 'json:out/report.json']],
    ['init', ['init', '-o', 'new.yaml', '--', process.execPath, `${ROOT}dist/fixtures/hostile/stdio.js`, 'ci-error']],
  ];
  for (const [name, args] of failing) {
    it(`${name}: an initialize error and stderr lines full of CI commands reach the log escaped, exit 2`, async () => {
      current = startCli({ server: { behaviour: 'ci-error' }, args, timeouts: TIMEOUTS, limitMs: LIMIT_MS, files: { 'mcpact.lock.json': LOCK } });
      const result = await current.done;
      expect(result.code).toBe(2);
      expect(`${result.stdout}${result.stderr}`).toContain('stop-commands');
      await expectClean(current, result);
      if (args.includes('json:out/report.json')) expectFilesClean(current.dir, args[0] === 'run' ? Object.values(FILES) : [FILES.json]);
    });
  }

  describe('over HTTP', () => {
    let server: HostileHttpServer | undefined;
    afterAll(() => server?.close());

    it('a protocolVersion with CR/LF and CI commands: the error naming it stays one line, exit 2', async () => {
      server = await startHostileHttp('version-crlf');
      current = startCli({ server: { url: server.url }, args: ['run', ...REPORTERS], timeouts: TIMEOUTS, limitMs: LIMIT_MS });
      const result = await current.done;
      expect(result.code).toBe(2);
      // What the server put after its CR/LF is on the line of mcpact's error, not on a line of its own.
      const line = result.stdout.split('\n').find((text) => text.includes('forged by protocolVersion'));
      expect(line).toContain('not fully tested: cannot connect:');
      await expectClean(current, result);
      expectFilesClean(current.dir, Object.values(FILES));
    });
  });
});
