/**
 * Agreement with the official conformance suite (issue #34 item 6). The suite (`@modelcontextprotocol/conformance`,
 * pinned) runs the server scenarios each revision's requirement set names against two of this project's fixture
 * servers on 127.0.0.1, one per era, and mcpact runs on the same servers. The table of docs/conformance.md
 * (between its `suite-agreement` markers) is generated from the two runs: it must equal what these runs give, and
 * `UPDATE_GOLDEN=1` (as `npm run refresh` sets) rewrites it. Every difference between the verdicts must be explained
 * by an entry of ./differences.ts whose evidence is in what the suite said, and every entry must still explain one.
 *
 * Needs the build (the fixtures and the Node 20 preload run from dist/).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spliced } from '../../src/docs/generated.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpDefect, type HttpDefect } from '../../fixtures/servers/http-defects.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { runReportSchema, type ServerReport } from '../../src/model/report.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { ROOT, runCli } from '../support/cli.js';
import { ERAS_FIXTURE, httpFixture } from '../support/eras.js';
import { pool, UPDATE_GOLDEN } from '../support/golden.js';
import { agreementMarkdown, agreementRows, scenarioRows, type Row } from './agreement.js';
import { DIFFERENCES, type Difference } from './differences.js';
import { SCENARIOS, WIRE_SCHEMA_RULES } from './scenarios.js';
import { runSuite, type RequirementRevision } from './suite.js';

const SUITE_PACKAGE = `${ROOT}node_modules/@modelcontextprotocol/conformance/`;
const SUITE_VERSION = (JSON.parse(readFileSync(`${SUITE_PACKAGE}package.json`, 'utf8')) as { version: string }).version;
const DOC = 'docs/conformance.md';

interface Target {
  revision: RequirementRevision;
  /** How the table names the server. */
  server: string;
  url: () => string;
}

// One server per era: the zero-finding fixture of SDK 1.x (initialize era) and the SDK 2.x fixture in the stateless
// era with a tool that answers input_required correctly, so that mcpact's input-required rules have a verdict.
const TARGETS: Target[] = [
  {
    revision: '2025-11-25',
    server: '`fixtures/servers/good.ts --http` (SDK 1.x, initialize era)',
    url: httpUrl([`${ROOT}dist/fixtures/servers/good.js`, '--http']),
  },
  {
    revision: '2026-07-28',
    server:
      '`fixtures/servers/sdk2/eras.ts --era modern --http --defect tool-input-required` (SDK 2.x, stateless era; `team_status` answers input_required, correctly)',
    url: httpUrl([ERAS_FIXTURE, '--era', 'modern', '--http', '--defect', 'tool-input-required']),
  },
];

/**
 * Fixtures that break one requirement on purpose, each with the scenario of the suite that checks it: both tools
 * should find the defect. The initialize era's are the proxies of fixtures/servers/http-defects.ts in front of the
 * good fixture (started here, in this process); the stateless era's are the eras fixture with `--defect`.
 */
interface DefectTarget {
  revision: RequirementRevision;
  defect: string;
  scenario: string;
  url: () => string;
}

const proxies = new Map<HttpDefect, HttpHost>();
const LEGACY_DEFECTS: [HttpDefect, string][] = [
  ['origin-ignored', 'dns-rebinding-protection'],
  ['notification-answered', 'server-session-lifecycle'],
  ['unknown-session-400', 'server-session-lifecycle'],
  ['session-id-invisible', 'server-initialize'],
];
const MODERN_DEFECTS: [string, string][] = [
  ['origin-ignored', 'dns-rebinding-protection'],
  ['headers-ignored', 'http-header-validation'],
  ['no-cache-hints', 'caching'],
  ['no-result-type', 'server-stateless'],
];
const DEFECT_TARGETS: DefectTarget[] = [
  ...LEGACY_DEFECTS.map(([defect, scenario]) => ({
    revision: '2025-11-25' as const,
    defect: `http-defects ${defect}`,
    scenario,
    url: () => proxies.get(defect)?.url ?? '',
  })),
  ...MODERN_DEFECTS.map(([defect, scenario]) => ({
    revision: '2026-07-28' as const,
    defect: `eras --defect ${defect}`,
    scenario,
    url: httpUrl([ERAS_FIXTURE, '--era', 'modern', '--http', '--defect', defect]),
  })),
];

function httpUrl(args: string[]): () => string {
  const target = httpFixture(args);
  return () => target().url;
}

/** The server scenarios a revision runs without scoring, with the reason its requirement set gives. */
function notScored(revision: RequirementRevision): Map<string, string> {
  const set = parseYaml(readFileSync(`${SUITE_PACKAGE}requirements/${revision}.yaml`, 'utf8')) as {
    not_scored?: { scenario: string; leg: string; reason: string }[];
  };
  return new Map((set.not_scored ?? []).filter((entry) => entry.leg === 'server').map((entry) => [entry.scenario, entry.reason]));
}

/**
 * mcpact on one server, through a config of its own: deadlines three times the defaults, so that a loaded machine
 * (several test runs share two cores) slows the run down instead of changing a verdict; `off`: rules left out.
 */
async function mcpactReport(url: string, off: readonly string[] = []): Promise<ServerReport> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-agreement-'));
  try {
    const config = path.join(dir, 'mcpact.yaml');
    const rules = off.length === 0 ? [] : [`    rules: { ${off.map((id) => `${id}: off`).join(', ')} }`];
    writeFileSync(
      config,
      ['timeouts: { connect_ms: 30000, call_ms: 30000 }', 'servers:', '  - name: target', '    transport: http', `    url: ${url}`, ...rules, ''].join('\n'),
    );
    const file = path.join(dir, 'report.json');
    const run = await runCli(['run', '-c', config, '--reporter', `json:${file}`], { timeoutMs: 150_000 });
    if (run.code !== 0 && run.code !== 1) throw new Error(`mcpact exited ${run.code}: ${run.stderr}`);
    const [server] = runReportSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).servers;
    if (server === undefined) throw new Error('mcpact reported no server');
    return server;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function section(target: Target, rows: readonly Row[]): string {
  const differing = rows.filter((row) => !row.agree);
  const count = (...kinds: string[]) => differing.filter((row) => row.whys.some((why) => kinds.includes(why.kind))).length;
  return [
    `### ${target.revision}`,
    '',
    `On ${target.server}. ${rows.length} rows: the verdicts agree on ${rows.length - differing.length} and differ on ${differing.length}, where the scenario needs the suite's own fixture server (${count('suite-fixture')}), a sentence of the specification decides (${count('sentence', 'rule')}), or mcpact has no rule (${count('not-covered')}); a row may have more than one reason.`,
    '',
    agreementMarkdown(rows),
    '',
  ].join('\n');
}

function defectSection(rows: readonly Row[]): string {
  return [
    '### Defects',
    '',
    `Fixtures that break one requirement on purpose, each run through the scenario of the suite that checks it: the legacy ones are the proxies of \`fixtures/servers/http-defects.ts\` in front of the good fixture (2025-11-25), the others \`fixtures/servers/sdk2/eras.ts --era modern --http --defect <name>\` (2026-07-28). ${rows.filter((row) => row.agree).length} of ${rows.length} agree.`,
    '',
    agreementMarkdown(rows),
    '',
  ].join('\n');
}

function generated(sections: readonly string[]): string {
  return [
    `The suite is \`@modelcontextprotocol/conformance\` ${SUITE_VERSION} (pinned in package.json), run as \`conformance server --url <url> --requirements <revision>\`: every server scenario the revision's requirement set names, at that revision's wire, and the scenarios it runs without scoring. mcpact is \`mcpact run --url <url>\` on the same server. A scenario's verdict in mcpact is that of the rules listed: the worst finding (an info finding is a pass); "nothing judged" when each skipped.`,
    '',
    ...sections,
  ].join('\n');
}

describe('agreement with the official conformance suite', () => {
  const used = new Set<Difference>();
  const rows = new Map<RequirementRevision, Row[]>();
  const reports = new Map<RequirementRevision, ServerReport>();
  const defectRows: Row[] = [];
  let upstream: HttpHost | undefined;

  beforeAll(async () => {
    upstream = await startHttpServer(createGoodServer);
    for (const [defect] of LEGACY_DEFECTS) proxies.set(defect, await startHttpDefect(defect, upstream.url));
    const main = Promise.all(
      TARGETS.map(async (target) => {
        // One tool after the other: the suite changes what it may (sessions, lists), and mcpact's health controls would see it.
        const runs = await runSuite(target.url(), target.revision);
        const report = await mcpactReport(target.url());
        reports.set(target.revision, report);
        rows.set(target.revision, agreementRows(runs, report, notScored(target.revision), used));
      }),
    );
    await main;
    // Two defects at a time, in the order of DEFECT_TARGETS. http/get-stream is off: through the proxies its GET probe
    // waits out the whole call deadline (test/golden/reports.test.ts says why), and no defect row reads it.
    const twoAtATime = pool(2);
    const results = await Promise.all(
      DEFECT_TARGETS.map((target) =>
        twoAtATime(async () => {
          const runs = await runSuite(target.url(), target.revision, target.scenario);
          const report = await mcpactReport(target.url(), ['http/get-stream']);
          return scenarioRows(runs, report, new Map(), used, target.defect);
        }),
      ),
    );
    defectRows.push(...results.flat());
  }, 600_000);

  afterAll(async () => {
    await Promise.all([...proxies.values(), ...(upstream ? [upstream] : [])].map((host) => host.close()));
  });

  it('maps only rules the registry has', () => {
    const ids = new Set(ALL_RULES.map((rule) => rule.id));
    const named = [...Object.values(SCENARIOS).flatMap((scenario) => scenario.rules), ...WIRE_SCHEMA_RULES];
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('ran each revision on a server mcpact tested in that revision, with the scenarios its requirement set names', () => {
    for (const target of TARGETS) {
      expect(reports.get(target.revision)?.protocolVersion, target.revision).toBe(target.revision);
      expect(rows.get(target.revision)?.length, target.revision).toBeGreaterThan(30);
    }
    expect(defectRows.map((row) => `${row.defect} ${row.scenario}`)).toEqual(DEFECT_TARGETS.map((target) => `${target.defect} ${target.scenario}`));
  });

  it("explains every difference between the verdicts by what the suite's own messages say", () => {
    expect([...[...rows.values()].flat(), ...defectRows].flatMap((row) => row.unexplained)).toEqual([]);
  });

  it('keeps no explanation that these runs no longer need', () => {
    expect(
      DIFFERENCES.filter((difference) => !used.has(difference)).map((difference) => `${String(difference.scenarios)} ${String(difference.evidence ?? '')}`),
    ).toEqual([]);
  });

  it(`${DOC} holds the table these runs generate (UPDATE_GOLDEN=1 rewrites it)`, () => {
    const file = path.join(ROOT, DOC);
    const current = readFileSync(file, 'utf8');
    const expected = spliced(
      DOC,
      current,
      'suite-agreement',
      generated([...TARGETS.map((target) => section(target, rows.get(target.revision) ?? [])), defectSection(defectRows)]),
    );
    if (UPDATE_GOLDEN) {
      if (expected !== current) writeFileSync(file, expected);
      return;
    }
    // A run on a loaded machine can leave a rule undecided, which the table shows as "nothing judged": the reasons
    // say whether the doc is stale or this run was.
    const undecided = [...reports.entries()].flatMap(([revision, report]) =>
      report.rules
        .filter((rule) => rule.status === 'inconclusive' || rule.status === 'skip')
        .map((rule) => `${revision} ${rule.id} ${rule.status}: ${rule.reason ?? ''}`),
    );
    expect(current, `${DOC} is stale: run npm run refresh (or UPDATE_GOLDEN=1 npx vitest run test/conformance)\n${undecided.join('\n')}`).toBe(expected);
  });
});
