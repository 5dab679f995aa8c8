/**
 * Redaction through the CLI (#29). A server that prints the config's secret across a cut mcpact makes (a stdout line
 * that is not JSON-RPC, a stderr line, an initialize error, an HTTP error body, a traced message over 64 KiB) finds
 * it in no file written and on neither stream, not even in part. A secret that is a plain word ("error", "servers",
 * ...) is replaced where it is a value, and never in the report's keys or mcpact's own words: the verdict and the
 * exit code stay what the findings say, every report is written, and the report says that redaction was noisy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startHostileHttp, type HostileHttpServer } from '../../fixtures/hostile/http.js';
import { runReportSchema, type RunReport } from '../../src/model/report.js';
import { expectClean, filesUnder, killLeftovers, startCli, type CliCase, type CliOptions, type CliRun } from './cli-support.js';

/** 32 characters, as an API token: no 8 of them in a row occur anywhere by chance. */
const TOKEN = 'Zq7vK2mX9pL4wR8tN3bY6cH1dF5gJ0sA';
const LIMIT_MS = 30_000;
/** Every reporter, the blob and the trace: each is a file the secret must not reach. */
const EVERY_OUTPUT = [
  ...[
    'console',
    'json:report.json',
    'sarif:report.sarif',
    'junit:report.xml',
    'markdown:report.md',
    'html:report.html',
    'github:github.txt',
    'blob:blob',
  ].flatMap((reporter) => ['--reporter', reporter]),
  ...['--trace', 'trace.jsonl'],
];
const WRITTEN = ['report.json', 'report.sarif', 'report.xml', 'report.md', 'report.html', 'github.txt', 'blob/mcpact-blob.json', 'trace.jsonl'];

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

async function run(options: Omit<CliOptions, 'limitMs' | 'secret'>): Promise<{ result: CliRun; report: RunReport; dir: string }> {
  current = startCli({ ...options, secret: TOKEN, limitMs: LIMIT_MS });
  const result = await current.done;
  await expectClean(current, result);
  const report = runReportSchema.parse(JSON.parse(readFileSync(path.join(current.dir, 'report.json'), 'utf8')));
  return { result, report, dir: current.dir };
}

/** Each 8 characters in a row of the secret: what a cut through it, at either end, could leave behind. */
function pieces(secret: string): string[] {
  return Array.from({ length: secret.length - 7 }, (_, start) => secret.slice(start, start + 8));
}

function expectNoPiece(dir: string, result: CliRun): void {
  const texts: [string, string][] = [
    ['stdout', result.stdout],
    ['stderr', result.stderr],
    ...filesUnder(dir).map((file): [string, string] => [path.relative(dir, file), readFileSync(file, 'utf8')]),
  ];
  for (const [where, text] of texts)
    expect(
      pieces(TOKEN).filter((piece) => text.includes(piece)),
      where,
    ).toEqual([]);
}

function expectEveryOutput(dir: string): void {
  const found = filesUnder(dir).map((file) => path.relative(dir, file));
  for (const file of WRITTEN) expect(found, file).toContain(file);
}

describe('a secret printed across a cut', { timeout: 60_000 }, () => {
  it('a stdout line that is not JSON-RPC, cut at 200 characters: the finding quotes the line with the secret redacted', async () => {
    const { result, report, dir } = await run({ server: { behaviour: 'secret-on-stdout' }, args: ['run', '--only', 'stdio', ...EVERY_OUTPUT] });
    expect(result.code).toBe(1);
    expect(result.ms).toBeLessThan(LIMIT_MS);
    const line = report.servers[0]?.findings.find((finding) => finding.ruleId === 'stdio/stdout-json-only')?.data?.line;
    // Redacted before the cut: the marker is shorter than the secret, so more of the line fits in its 200 characters.
    expect(line).toBe(`${'x'.repeat(184)}[redacted] is th`);
    expectEveryOutput(dir);
    expectNoPiece(dir, result);
  });

  it('a stderr line cut at 2,000 characters, written in two parts: the report error holds it redacted', async () => {
    const { result, report, dir } = await run({ server: { behaviour: 'secret-on-stderr' }, args: ['run', ...EVERY_OUTPUT] });
    expect(result.code).toBe(2);
    expect(result.ms).toBeLessThan(LIMIT_MS);
    expect(report.servers[0]?.error).toMatch(/^server closed the connection before answering server\/discover \(exit code 1\)/);
    expect(report.servers[0]?.error).toContain(`\n  ${'x'.repeat(1984)}[redacted] is th\n`);
    expectEveryOutput(dir);
    expectNoPiece(dir, result);
  });

  it('an initialize error message cut at 200 characters: exit 2, the message redacted before the cut', async () => {
    const { result, report, dir } = await run({ server: { behaviour: 'secret-in-initialize-error' }, args: ['run', ...EVERY_OUTPUT] });
    expect(result.code).toBe(2);
    expect(result.ms).toBeLessThan(LIMIT_MS);
    expect(report.servers[0]?.error).toMatch(/^initialize failed with JSON-RPC error -32603: x{184}\[redacted\]/);
    expectEveryOutput(dir);
    expectNoPiece(dir, result);
  });

  it('a message over 64 KiB: the trace keeps an excerpt cut where the secret is, redacted before the cut', async () => {
    const { result, dir } = await run({ server: { behaviour: 'secret-in-large-message' }, args: ['run', '--only', 'protocol', ...EVERY_OUTPUT] });
    expect([0, 1]).toContain(result.code);
    expect(result.ms).toBeLessThan(LIMIT_MS);
    const excerpts = readFileSync(path.join(dir, 'trace.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"excerpt":true'));
    expect(excerpts).toHaveLength(1);
    expect(excerpts[0]).toMatch(/x{1000}\[redacted\]y+… \(\d+ more characters\)/);
    expectEveryOutput(dir);
    expectNoPiece(dir, result);
  });

  describe('over Streamable HTTP', () => {
    let server: HostileHttpServer | undefined;
    afterAll(() => server?.close());

    it('a 401 whose body echoes the Bearer token: exit 2, the body cut at 200 characters with the token redacted', async () => {
      server = await startHostileHttp('echo-token');
      const { result, report, dir } = await run({ server: { url: server.url }, args: ['run', ...EVERY_OUTPUT] });
      expect(result.code).toBe(2);
      expect(result.ms).toBeLessThan(LIMIT_MS);
      expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(report.servers[0]?.error).toMatch(
        /^HTTP 401 Unauthorized at http:\/\/127\.0\.0\.1:\d+\/mcp: .* \(the server said: -{127}Bearer \[redacted\] is not/,
      );
      expectEveryOutput(dir);
      expectNoPiece(dir, result);
    });
  });
});

describe('a secret that is a plain word', { timeout: 60_000 }, () => {
  it('-e LOG_LEVEL=error --fail-on warning: the error finding still fails the run, and "error" is redacted in what the server said', async () => {
    const { result, report, dir } = await run({
      server: { behaviour: 'plain-words' },
      args: ['run', '--only', 'stdio', '--fail-on', 'warning', '-e', 'LOG_LEVEL=error', ...EVERY_OUTPUT],
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAILED');
    const foreign = report.servers[0]?.findings.find((finding) => finding.ruleId === 'stdio/stdout-json-only');
    expect(foreign?.severity).toBe('error');
    expect(foreign?.message).toContain('[redacted]: this debug line is not JSON-RPC');
    expect(report.summary.findings.error).toBeGreaterThan(0);
    expect(report.redaction).toEqual({ noisy: 1 });
    expect(result.stdout).toMatch(/note: 1 value kept out of the reports is short or a plain word/);
    expectEveryOutput(dir);
  });

  for (const word of ['servers', 'message', 'findings']) {
    it(`a suite argument "${word}" (a key of the report): every report written, the case passes, the stdout finding fails the run`, async () => {
      const suite = ['  suites:', '    - tool: echo', '      cases:', '        - name: says-it', `          args: { text: ${word} }`];
      const expectation = ['          expect:', '            jsonpath:', `              - { path: "$.content[0].text", matches: ${word} }`];
      const { result, report, dir } = await run({
        server: { behaviour: 'plain-words' },
        serverYaml: [...suite, ...expectation],
        args: ['run', '--only', 'stdio,suites', ...EVERY_OUTPUT],
      });
      expect(result.stderr).not.toContain('internal error');
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('FAILED');
      expect(report.servers[0]?.findings.find((finding) => finding.ruleId === 'stdio/stdout-json-only')?.message).toBeDefined();
      expect(report.servers[0]?.rules.find((rule) => rule.id === 'suites/cases')?.status).toBe('pass');
      expect(report.redaction).toEqual({ noisy: 1 });
      expectEveryOutput(dir);
    });
  }
});
