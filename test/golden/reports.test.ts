/**
 * Report goldens: every fixture server (and the example server) through the built CLI, once, with all five
 * reporters writing to files in that one run; each output, normalised (test/support/golden.ts), must equal
 * test/golden/reports/<fixture>/<reporter>.<ext>, and the run's exit code, stdout and stderr equal cli.txt there.
 * Refresh deliberately with UPDATE_GOLDEN=1 (see test/golden/README.md). Needs the build (npm test does it).
 *
 * Not run on their own, because they are helpers of other fixtures or of one specific test:
 *   - direct-run.ts, raw-stdio.ts, strict-stdio.ts, paginate.ts: modules the fixtures import (no server);
 *   - http-host.ts: hosts a fixture over Streamable HTTP; used here for good-http and behind http-defects;
 *   - answer-order.ts: a correct server whose answers come out of order, twice, or with `id: null` for string ids;
 *     test/integration/answer-order.test.ts runs it in full in each mode and compares the reports with each other;
 *   - env-probe.ts: reports the names of its environment variables (and a secret) in serverInfo, a helper of the
 *     redaction / child-environment test in test/cli/run.test.ts; its report says more about the host than about
 *     mcpact;
 *   - twin.ts and twin-contract.ts: the SDK 1.x half of the twins (sdk2/twin.ts the 2.x half) that
 *     test/integration/twins.test.ts baselines and diffs across an SDK upgrade.
 * fixtures/drift (baseline/diff) is covered by the CLI scenario goldens (test/golden/cli.test.ts); fixtures/hostile
 * by test/hostile (its outputs are megabytes by design).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { HTTP_DEFECTS, startHttpDefect } from '../../fixtures/servers/http-defects.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { runCli, type CliResult } from '../support/cli.js';
import { expectGolden, formatRun, normalise, pool, type Mask } from '../support/golden.js';

const REPORTERS = [
  { name: 'console', file: 'console.txt' },
  { name: 'json', file: 'json.json' },
  { name: 'junit', file: 'junit.xml' },
  { name: 'sarif', file: 'sarif.json' },
  { name: 'markdown', file: 'markdown.md' },
] as const;

interface Prepared {
  /** mcpact's command and options (the test adds the reporters). */
  args: string[];
  /** A zero-config stdio server: everything after `--`. */
  server?: string[];
  /** Working directory of the CLI (default: the repository root). */
  cwd?: string;
  tempDirs?: string[];
}

interface ReportFixture {
  /** Directory under test/golden/reports. */
  name: string;
  prepare: () => Prepared | Promise<Prepared>;
  masks?: Mask[];
}

const stdio = (file: string, ...flags: string[]): Prepared => ({ args: ['run', ...flags], server: ['node', `dist/fixtures/servers/${file}`] });
const config = (name: string, ...flags: string[]): Prepared => ({ args: ['run', '-c', `test/golden/reports/${name}/mcpact.yaml`, ...flags] });

/** HTTP hosts on 127.0.0.1 started by this file, all closed in afterAll. */
const hosts: HttpHost[] = [];
async function host(start: () => Promise<HttpHost>): Promise<HttpHost> {
  const started = await start();
  hosts.push(started);
  return started;
}

/**
 * stdio-defects, foreign-stdout: of the 12 foreign lines the probes' own children write, the first 10 are reported
 * one by one, and which 10 those are depends on which probe's child wrote first (probes run concurrently): the
 * mix of "handling initialize" / "handling ping" / "stdio-defects server starting" varies from run to run. The
 * total (the summary finding), the session's own lines and everything else stay exact; only the text of each
 * probe line (and its byte count) is masked.
 */
const PROBE_LINES: Mask[] = [
  {
    pattern:
      /(stdout of a probe.{1,6}s own server process carried a line that is not a JSON-RPC message: \W{0,6})(handling [\w/-]+|stdio-defects server starting)/g,
    replace: '$1<probe line>',
    why: 'probe line text in the message',
  },
  {
    pattern: /("line": ?)"(?:handling [\w/-]+|stdio-defects server starting)",(\s*"bytes": ?)\d+,(\s*"connection": ?"probe")/g,
    replace: '$1"<probe line>",$2"<n>",$3',
    why: 'probe line text and length in the finding data',
  },
  // How often one line came follows how often a request was sent, which retries and control requests vary.
  { pattern: / \(\d+ times\)/g, replace: ' (<n> times)', why: 'how often a stdout line came' },
  { pattern: /("times": ?)\d+/g, replace: '$1"<n>"', why: 'how often a stdout line came, in the finding data' },
];

const FIXTURES: ReportFixture[] = [
  // Longest first: the hanging behaviours wait out call_ms, so this run overlaps with the others.
  { name: 'tools-errors', prepare: () => config('tools-errors', '--only', 'tools') },
  { name: 'stdio-defects', prepare: () => config('stdio-defects'), masks: PROBE_LINES },
  { name: 'good', prepare: () => stdio('good.js') },
  {
    name: 'good-http',
    prepare: async () => {
      const good = await host(() => startHttpServer(createGoodServer));
      return { args: ['run', '--url', good.url] };
    },
  },
  {
    // Each defect is a proxy on 127.0.0.1 in front of one good HTTP host; one server per defect in one config (in a
    // temp dir: the ports are only known now), run with --only http: the defects are transport defects, and the
    // rest of the report is good-http's.
    // http/get-stream is off except for get-not-found, the defect it exists for: the proxy never forwards the
    // headers of an SSE response that has no body yet (Node's writeHead sends nothing until the first write), so
    // through every other proxy the GET probe waits out call_ms (10 s each) for the same fixture artefact.
    name: 'http-defects',
    prepare: async () => {
      const upstream = await host(() => startHttpServer(createGoodServer));
      const proxies = await Promise.all(HTTP_DEFECTS.map((defect) => host(() => startHttpDefect(defect, upstream.url))));
      const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-golden-'));
      const servers = HTTP_DEFECTS.flatMap((defect, index) => [
        `  - name: ${defect}`,
        '    transport: http',
        `    url: ${proxies[index]!.url}`,
        ...(defect === 'get-not-found' ? [] : ['    rules: { http/get-stream: off }']),
      ]);
      writeFileSync(path.join(dir, 'mcpact.yaml'), ['servers:', ...servers, ''].join('\n'));
      return { args: ['run', '-c', 'mcpact.yaml', '--only', 'http'], cwd: dir, tempDirs: [dir] };
    },
  },
  // The config-driven families (and tools, which the calls: policy steers); the rest is the good fixture's report.
  { name: 'good-config', prepare: () => config('good-config', '--only', 'prompts,tools,suites,latency') },
  { name: 'example', prepare: () => ({ args: ['run', '-c', 'examples/mcpact.yaml'] }) },
  // The single-purpose fixtures skip the transport-level families, protocol and stdio: those cost about half of
  // each run (version negotiation and the stdio probes start several children of their own), and what they find
  // here is covered elsewhere. The four raw fixtures pass them all but stdio/before-initialize, for the raw-stdio
  // framing they share (stdio-defects covers it); tools-sdk gets the same kinds of findings there as the example
  // server, from the same SDK code (McpServer ignores list cursors; its StdioServerTransport stays silent on
  // malformed lines and serves before initialize). good, good-http, example and stdio-defects run them in full.
  { name: 'tools-sdk', prepare: () => stdio('tools-sdk.js', '--skip', 'protocol,stdio') },
  { name: 'collisions', prepare: () => config('collisions', '--skip', 'protocol,stdio') },
  { name: 'malformed', prepare: () => stdio('malformed.js', '--skip', 'protocol,stdio') },
  { name: 'poisoned', prepare: () => stdio('poisoned.js', '--skip', 'protocol,stdio') },
  { name: 'prompts-lax', prepare: () => stdio('prompts-lax.js', '--skip', 'protocol,stdio') },
  // One answer to every probe that reaches one check: one finding, its cases and the rules that judged them listed.
  { name: 'prompts-one-cause', prepare: () => stdio('prompts-one-cause.js', '--skip', 'protocol,stdio') },
];

interface Outputs {
  cli: string;
  reports: Record<(typeof REPORTERS)[number]['name'], string>;
}

async function runFixture(fixture: ReportFixture): Promise<Outputs> {
  const prepared = await fixture.prepare();
  const out = mkdtempSync(path.join(tmpdir(), 'mcpact-golden-out-'));
  try {
    const reporterArgs = REPORTERS.flatMap((reporter) => ['--reporter', `${reporter.name}:${path.join(out, reporter.file)}`]);
    const server = prepared.server ? ['--', ...prepared.server] : [];
    const result: CliResult = await runCli([...prepared.args, ...reporterArgs, ...server], { cwd: prepared.cwd, timeoutMs: 90_000 });
    const options = { tempDirs: [out, ...(prepared.tempDirs ?? [])], masks: fixture.masks };
    // A report mcpact did not write becomes a text that cannot match, and says why, instead of an ENOENT.
    const read = (file: string) =>
      existsSync(path.join(out, file)) ? readFileSync(path.join(out, file), 'utf8') : `(mcpact wrote no ${file}: exit code ${result.code})\n${result.stderr}`;
    const reports = Object.fromEntries(REPORTERS.map((reporter) => [reporter.name, normalise(read(reporter.file), options)]));
    const command = ['mcpact', ...prepared.args, ...REPORTERS.flatMap((reporter) => ['--reporter', `${reporter.name}:<out>/${reporter.file}`]), ...server].join(
      ' ',
    );
    const cli = normalise(formatRun({ command, ...result }), options);
    return { cli, reports: reports as Outputs['reports'] };
  } finally {
    rmSync(out, { recursive: true, force: true });
    for (const dir of prepared.tempDirs ?? []) rmSync(dir, { recursive: true, force: true });
  }
}

// Two CLI runs at a time: each is one mcpact process plus the fixture's children, mostly CPU-bound, and vitest
// runs another test file beside this one (two workers on two cores); more would only add contention, and with it
// the risk that a deadline-bound check elsewhere in the suite misses its deadline.
const limit = pool(2);
const runs = new Map<string, Promise<Outputs>>();

beforeAll(() => {
  for (const fixture of FIXTURES) {
    const run = limit(() => runFixture(fixture));
    run.catch(() => undefined); // awaited (and reported) by the fixture's own tests
    runs.set(fixture.name, run);
  }
});

afterAll(async () => {
  await Promise.allSettled(runs.values());
  await Promise.all(hosts.map((started) => started.close()));
});

describe.each(FIXTURES.map((fixture) => fixture.name))('report golden: %s', (name) => {
  const outputs = () => runs.get(name)!;
  it('cli.txt (exit code, stdout, stderr)', async ({ expect }) => {
    expectGolden(`reports/${name}/cli.txt`, (await outputs()).cli, expect);
  }, 120_000);
  for (const reporter of REPORTERS) {
    it(
      reporter.file,
      async ({ expect }) => {
        expectGolden(`reports/${name}/${reporter.file}`, (await outputs()).reports[reporter.name], expect);
      },
      120_000,
    );
  }
});
