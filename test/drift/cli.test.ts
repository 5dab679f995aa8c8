/**
 * `mcpact baseline`, `mcpact diff` and drift in `mcpact run`, end to end over real stdio sessions with the v1/v2
 * fixture servers (fixtures/drift/server-v1.ts, server-v2.ts). Spawns the built CLI: run `npm run build` first.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { CACHING_CHANGE_IDS, CHANGE_IDS, CHANGES, LEVELS, SKILL_CHANGE_IDS, type Level } from '../../src/model/changes.js';
import { shellWord } from '../../src/cli/baseline-hint.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { ROOT, runCli } from '../support/cli.js';

const V1 = path.join(ROOT, 'dist/fixtures/drift/server-v1.js');
const V2 = path.join(ROOT, 'dist/fixtures/drift/server-v2.js');
/** Another server (serverInfo.name "output-fixture"; V1 and V2 are "drift-fixture"). */
const OTHER = path.join(ROOT, 'dist/fixtures/drift/output-v1.js');
/** The zero-config lockfile of V1 (and V2): named after the command's script. */
const V1_LOCK = 'mcpact.server-v1.lock.json';
const temp = () => mkdtempSync(path.join(tmpdir(), 'mcpact-drift-'));
const validateLockfile = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schemas/lockfile.v1.schema.json'), 'utf8')));

interface ReportFinding {
  ruleId: string;
  severity: string;
  location: { kind: string; name?: string; pointer?: string };
  data?: { level?: string; reason?: string };
}
const findingsOf = (stdout: string): ReportFinding[] =>
  (JSON.parse(stdout) as { servers: { findings: ReportFinding[] }[] }).servers.flatMap((server) => server.findings);

/** Every id the v1 -> v2 fixtures exercise, with the level each of its findings gets. */
const EXPECTED_V1_TO_V2: Record<string, string[]> = {
  'server-instructions-changed': ['risky'],
  'protocol-revision-changed': ['risky'],
  'capability-removed': ['breaking'],
  'capability-added': ['compatible'],
  'tool-removed': ['breaking'],
  'tool-added': ['compatible'],
  'tool-description-changed': ['risky'],
  'tool-title-changed': ['compatible'],
  'tool-annotation-changed': ['compatible', 'risky'],
  'tool-input-breaking': ['breaking'],
  'tool-input-compatible': ['compatible'],
  'tool-input-changed': ['risky'],
  'tool-output-breaking': ['breaking'],
  'tool-output-compatible': ['compatible'],
  'tool-output-changed': ['risky'],
  'prompt-removed': ['breaking'],
  'prompt-added': ['compatible'],
  'prompt-description-changed': ['risky'],
  'prompt-title-changed': ['compatible'],
  'prompt-argument-added-required': ['breaking'],
  'prompt-argument-added-optional': ['compatible'],
  'prompt-argument-removed': ['breaking'],
  'prompt-argument-renamed': ['breaking'],
  'prompt-argument-now-required': ['breaking'],
  'prompt-argument-now-optional': ['compatible'],
  'prompt-argument-description-changed': ['risky'],
  'prompt-arguments-reordered': ['compatible'],
  'prompt-invocation-broken': ['breaking'],
  'resource-removed': ['breaking'],
  'resource-added': ['compatible'],
  'resource-changed': ['compatible', 'risky'],
  'resource-description-changed': ['risky'],
  'resource-template-removed': ['breaking'],
  'resource-template-added': ['compatible'],
  'resource-template-changed': ['breaking', 'compatible', 'risky'],
  'text-encoding-changed': ['compatible'],
};

/** Change ids that need drift.resource_contents, which a zero-config diff does not turn on. */
const CONTENT_IDS: readonly string[] = ['resource-content-changed', 'tool-ui-resource-changed'];
/** Caching hints exist only in the modern era, which the v1/v2 fixtures do not speak: test/drift/changes.test.ts has them. */
const CACHING_IDS: readonly string[] = CACHING_CHANGE_IDS;
/** Skills come with the Skills extension, which the v1/v2 fixtures do not declare: test/drift/skills-cli.test.ts has them. */
const SKILL_IDS: readonly string[] = SKILL_CHANGE_IDS;

describe('baseline and diff on one server', () => {
  let dir: string;
  let lock: string;
  beforeAll(async () => {
    dir = temp();
    const first = await runCli(['baseline', '--', process.execPath, V1], { cwd: dir });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`wrote ${V1_LOCK} (3 tools, 2 prompts, 2 resources, 3 resource templates)\n`);
    lock = readFileSync(path.join(dir, V1_LOCK), 'utf8');
  });

  it('writes a lockfile the published schema accepts, with the prompt invocations that worked', () => {
    const parsed = JSON.parse(lock);
    expect(validateLockfile(parsed), JSON.stringify(validateLockfile.errors)).toBe(true);
    expect(parsed).toMatchObject({ schemaVersion: 1, canonicalization: 1, server: { name: 'drift-fixture', protocolVersion: '2025-06-18' } });
    const review = parsed.prompts.find((prompt: { name: string }) => prompt.name === 'review');
    expect(review.invocations.map((invocation: { kind: string }) => invocation.kind)).toEqual(['complete', 'minimum']);
  });

  it('writes byte-identical bytes the second time', async () => {
    const second = await runCli(['baseline', '--', process.execPath, V1], { cwd: dir });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`${V1_LOCK} is up to date`);
    expect(readFileSync(path.join(dir, V1_LOCK), 'utf8')).toBe(lock);
  });

  it('diff against the unchanged server: exit 0, no findings', async () => {
    // -q: no progress lines, so stderr holds nothing but a problem.
    const result = await runCli(['diff', '-q', '--reporter', 'json', '--', process.execPath, V1], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(findingsOf(result.stdout)).toEqual([]);
  });

  it('diff against v2: exit 1, every change id with the right level, a pointer and a reason, on the console too', async () => {
    const out = temp();
    const result = await runCli([
      'diff',
      '--lockfile',
      path.join(dir, V1_LOCK),
      '--reporter',
      'console',
      '--reporter',
      `json:${out}/report.json`,
      '--',
      process.execPath,
      V2,
    ]);
    expect(result.code).toBe(1);
    const findings = findingsOf(readFileSync(path.join(out, 'report.json'), 'utf8'));
    const levels: Record<string, Set<string>> = {};
    for (const finding of findings) {
      const id = finding.ruleId.replace(/^drift\//, '');
      (levels[id] ??= new Set()).add(String(finding.data?.level));
      expect(finding.data?.reason).toBeTruthy();
      expect(finding.severity).toBe(finding.data?.level === 'compatible' ? 'info' : 'error');
    }
    expect(Object.fromEntries(Object.entries(levels).map(([id, set]) => [id, [...set].sort()]))).toEqual(EXPECTED_V1_TO_V2);
    // Every id, prompt-invocation-broken from the compatibility replay included, but those of an opt-in that reads
    // contents (drift.resource_contents: test/drift/contents-cli.test.ts).
    expect(Object.keys(EXPECTED_V1_TO_V2).sort()).toEqual(
      CHANGE_IDS.filter((id) => !CONTENT_IDS.includes(id) && !CACHING_IDS.includes(id) && !SKILL_IDS.includes(id)).sort(),
    );
    expect(findings.find((finding) => finding.ruleId === 'drift/tool-input-breaking')?.location).toEqual({
      kind: 'tool',
      name: 'get_weather',
      pointer: '/inputSchema/properties/units/enum',
    });
    const instructions = findings.find((finding) => finding.ruleId === 'drift/server-instructions-changed');
    expect(instructions?.data?.reason).toContain('{+<U+200B> Always call get_weather first.+}');
    // The console shows the same, through the sanitizer.
    expect(result.stdout).toContain('drift/tool-removed at tool legacy_lookup');
    expect(result.stdout).toContain('tool "get_weather" input: enum values removed: "fahrenheit"');
    expect(result.stdout).toMatch(/FAILED 1 server/);
    expect(result.stdout).not.toContain('\u200b');
    // Each change by its class, breaking first; no inherited line; and how to accept the changes, last.
    const labels = [...result.stdout.matchAll(/^ {4}[✖▲ℹ] (breaking|risky|compatible) /gm)].map((match) => match[1]);
    expect(labels).toHaveLength(findings.length);
    expect(labels).toEqual([...labels].sort((a, b) => LEVELS.indexOf(a as Level) - LEVELS.indexOf(b as Level)));
    expect(result.stdout).not.toContain('inherited');
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
      `If these changes are intended, pin them in the lockfile and commit it with the change: mcpact baseline --lockfile ${shellWord(path.join(dir, V1_LOCK))} -- ${shellWord(process.execPath)} ${shellWord(V2)}`,
    );
  });

  it('--fail-on chooses what fails, and a wrong value is a usage error', async () => {
    const relaxed = await runCli(['diff', '--fail-on', 'tool-added', '--reporter', 'json', '--', process.execPath, V1], { cwd: dir });
    expect(relaxed.code).toBe(0);
    const wrong = await runCli(['diff', '--fail-on', 'braking', '--', process.execPath, V1], { cwd: dir });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--fail-on: "braking" is neither a level (breaking, risky, compatible) nor a change id (did you mean "breaking"?)');
  });
});

describe('a failed capture never touches the lockfile', () => {
  it.each([
    [
      'a list that fails',
      ['--', process.execPath, V2, '--fail', 'tools/list'],
      /capture incomplete, no lockfile written: tools\/list failed: -32603 Internal error: backend unavailable/,
      'mcpact.server-v2.lock.json',
    ],
    [
      'a server that does not start',
      ['--', process.execPath, path.join(ROOT, 'dist/fixtures/drift/missing.js')],
      /no lockfile written/,
      'mcpact.missing.lock.json',
    ],
  ])('%s: exit 2, old bytes kept', { concurrent: true }, async (_name, args, reason, name) => {
    const dir = temp();
    const file = path.join(dir, name);
    writeFileSync(file, 'previous bytes\n');
    const result = await runCli(['baseline', ...args], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(reason);
    expect(readFileSync(file, 'utf8')).toBe('previous bytes\n');
  });

  it('diff reports an incomplete capture as exit 2, not as removals', async () => {
    const dir = temp();
    await runCli(['baseline', '--', process.execPath, V1], { cwd: dir });
    const result = await runCli(['diff', '--reporter', 'json', '--', process.execPath, V1, '--fail', 'prompts/list'], { cwd: dir });
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout);
    expect(report.servers[0]).toMatchObject({ complete: false, findings: [] });
    expect(report.servers[0].error).toMatch(/not every declared list could be read, so not everything was tested: prompts\/list failed/);
    expect(report.servers[0].rules.find((rule: { id: string }) => rule.id === 'drift/prompt-removed')).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/capture incomplete, drift not compared: prompts\/list failed/) as unknown,
    });
  });
});

describe('lockfiles that cannot be used: exit 2 with the reason', () => {
  it.each([
    // Named after the server; an old shared mcpact.lock.json is read when there is none by that name (the cases below).
    ['missing', undefined, /cannot read lockfile mcpact\.server-v1\.lock\.json: no such file \(create it with `mcpact baseline`\)/],
    ['another version', '{ "schemaVersion": 2 }', /invalid lockfile mcpact\.lock\.json: schemaVersion 2 is not supported; this mcpact reads version 1/],
    ['invalid', '{ "schemaVersion": 1, "canonicalization": 1, "tools": 3 }', /invalid lockfile mcpact\.lock\.json: mcpactVersion: Invalid input/],
  ])('%s', { concurrent: true }, async (_name, content, reason) => {
    const dir = temp();
    if (content !== undefined) writeFileSync(path.join(dir, 'mcpact.lock.json'), content);
    const result = await runCli(['diff', '--', process.execPath, V1], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(reason);
    expect(result.stdout).toBe('');
  });
});

describe("whose lockfile: each server its own, and another server's is refused", () => {
  const OTHER_LOCK = 'mcpact.output-v1.lock.json';
  /** The one line of a diff against V1's lockfile with OTHER (serverInfo.name "output-fixture"). */
  const foreign = (file: string) =>
    `${file} is the lockfile of server "drift-fixture", not of "output-fixture" (serverInfo.name): nothing was compared; ` +
    'pin "output-fixture" with mcpact baseline (a renamed server: mcpact baseline --overwrite-other-server)';
  let dir: string;
  beforeAll(async () => {
    dir = temp();
    for (const server of [V1, OTHER]) expect((await runCli(['baseline', '-q', '--', process.execPath, server], { cwd: dir })).code).toBe(0);
  });

  it('zero-config lockfiles are named after the server: two servers of one folder keep their own, and each diffs clean', async () => {
    expect(readdirSync(dir).sort()).toEqual([OTHER_LOCK, V1_LOCK]);
    expect(JSON.parse(readFileSync(path.join(dir, V1_LOCK), 'utf8')).server.name).toBe('drift-fixture');
    expect(JSON.parse(readFileSync(path.join(dir, OTHER_LOCK), 'utf8')).server.name).toBe('output-fixture');
    for (const server of [V1, OTHER]) {
      const diff = await runCli(['diff', '-q', '--reporter', 'json', '--', process.execPath, server], { cwd: dir });
      expect(diff).toMatchObject({ code: 0, stderr: '' });
      expect(findingsOf(diff.stdout)).toEqual([]);
    }
  });

  it("diff against another server's lockfile: exit 2 and one line, not every item removed", async () => {
    const json = await runCli(['diff', '-q', '--lockfile', V1_LOCK, '--reporter', 'json', '--', process.execPath, OTHER], { cwd: dir });
    expect(json.code).toBe(2);
    const report = JSON.parse(json.stdout);
    expect(report.servers[0]).toMatchObject({ complete: false, findings: [], rules: [], error: foreign(V1_LOCK) });
    // Without the console on stdout, the line is said on stderr, once.
    expect(json.stderr).toBe(`mcpact: output-fixture: ${foreign(V1_LOCK)}\n`);
    const console = await runCli(['diff', '--lockfile', V1_LOCK, '--', process.execPath, OTHER], { cwd: dir });
    expect(console.code).toBe(2);
    expect(console.stdout).toContain(`✖ not fully tested: ${foreign(V1_LOCK)}\n`);
    expect(console.stdout).not.toMatch(/removed|If these changes are intended/);
  });

  it('mcpact run with a drift.baseline of another server: exit 2 with the same line, and the other families still run', async () => {
    const config = `server:\n  name: other\n  transport: stdio\n  command: ${JSON.stringify(process.execPath)}\n  args: [${JSON.stringify(OTHER)}]\n  drift:\n    baseline: ${V1_LOCK}\n`;
    writeFileSync(path.join(dir, 'other.yaml'), config);
    const run = await runCli(['run', '-c', 'other.yaml', '--only', 'drift,schema', '--reporter', 'json'], { cwd: dir });
    expect(run.code).toBe(2);
    const server = JSON.parse(run.stdout).servers[0];
    expect(server.error).toBe(foreign(V1_LOCK));
    expect(new Set(server.rules.map((rule: { family: string }) => rule.family))).toEqual(new Set(['schema']));
  });

  it("baseline refuses to overwrite another server's lockfile (exit 2, one line, nothing written); --overwrite-other-server replaces it", async () => {
    const other = temp();
    const before = readFileSync(path.join(dir, V1_LOCK), 'utf8');
    writeFileSync(path.join(other, 'pinned.json'), before);
    const refused = await runCli(['baseline', '--lockfile', 'pinned.json', '--', process.execPath, OTHER], { cwd: other });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      'mcpact: pinned.json is the lockfile of server "drift-fixture", not of "output-fixture" (serverInfo.name): nothing written; ' +
        'give "output-fixture" a lockfile of its own (--lockfile FILE, or drift.baseline), or, if it is "drift-fixture" renamed, replace it with --overwrite-other-server\n',
    );
    expect(readFileSync(path.join(other, 'pinned.json'), 'utf8')).toBe(before);
    const replaced = await runCli(['baseline', '--overwrite-other-server', '--lockfile', 'pinned.json', '--', process.execPath, OTHER], { cwd: other });
    expect(replaced).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(readFileSync(path.join(other, 'pinned.json'), 'utf8')).server.name).toBe('output-fixture');
  });

  it('an old shared mcpact.lock.json: still the lockfile of the server it pins (read, refreshed in place), left alone by another', async () => {
    const old = temp();
    const shared = path.join(old, 'mcpact.lock.json');
    const bytes = readFileSync(path.join(dir, V1_LOCK), 'utf8');
    writeFileSync(shared, bytes);
    // Its own server: diffed against it, and baseline refreshes it rather than starting a second file.
    const diff = await runCli(['diff', '-q', '--reporter', 'json', '--', process.execPath, V1], { cwd: old });
    expect(diff).toMatchObject({ code: 0, stderr: '' });
    const refresh = await runCli(['baseline', '--', process.execPath, V1], { cwd: old });
    expect(refresh).toMatchObject({ code: 0, stderr: '', stdout: 'mcpact.lock.json is up to date (3 tools, 2 prompts, 2 resources, 3 resource templates)\n' });
    expect(readdirSync(old)).toEqual(['mcpact.lock.json']);
    // Another server: the shared file is not its lockfile.
    const foreignDiff = await runCli(['diff', '-q', '--reporter', 'json', '--', process.execPath, OTHER], { cwd: old });
    expect(foreignDiff.code).toBe(2);
    expect(JSON.parse(foreignDiff.stdout).servers[0].error).toBe(foreign('mcpact.lock.json'));
    const own = await runCli(['baseline', '--', process.execPath, OTHER], { cwd: old });
    expect(own).toMatchObject({
      code: 0,
      stdout: `wrote ${OTHER_LOCK} (4 tools, 0 prompts, 0 resources, 0 resource templates)\n`,
      stderr: 'mcpact: mcpact.lock.json is the lockfile of server "drift-fixture": left as it is\n',
    });
    expect(readFileSync(shared, 'utf8')).toBe(bytes);
    // From now on each diffs against its own.
    const after = await runCli(['diff', '-q', '--reporter', 'json', '--', process.execPath, OTHER], { cwd: old });
    expect(after).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('drift through a config: mcpact run, and secrets', () => {
  const secret = 'drift-secret-0123456789';
  let dir: string;
  const config = (server: string, extra = '') =>
    `server:\n  name: fixture\n  transport: stdio\n  command: ${JSON.stringify(process.execPath)}\n  args: [${JSON.stringify(server)}]\n` +
    `  env:\n    DRIFT_SECRET: \${MY_DRIFT_SECRET}\n  drift:\n    baseline: locks/fixture.lock.json\n${extra}`;
  beforeAll(async () => {
    dir = temp();
    writeFileSync(path.join(dir, 'v1.yaml'), config(V1));
    writeFileSync(path.join(dir, 'v2.yaml'), config(V2, '    fail_on: [breaking]\n    descriptions: ignore\n'));
    const baseline = await runCli(['baseline', '-c', 'v1.yaml'], { cwd: dir, env: { MY_DRIFT_SECRET: secret } });
    expect(baseline.stderr).toBe('');
    expect(baseline.code).toBe(0);
  });

  it('never writes an environment value into the lockfile, and the redacted baseline still matches', async () => {
    const lock = readFileSync(path.join(dir, 'locks/fixture.lock.json'), 'utf8');
    expect(lock).not.toContain(secret);
    expect(JSON.parse(lock).server.instructions).toBe('Weather lookups and a small user guide. (key [redacted])');
    const diff = await runCli(['diff', '-c', 'v1.yaml', '--reporter', 'json'], { cwd: dir, env: { MY_DRIFT_SECRET: secret } });
    expect(diff.code).toBe(0);
    expect(findingsOf(diff.stdout)).toEqual([]);
  });

  it('mcpact run diffs too when drift.baseline is set, with the per-server policy', async () => {
    const run = await runCli(['run', '-c', 'v2.yaml', '--only', 'drift', '--reporter', 'json'], { cwd: dir, env: { MY_DRIFT_SECRET: secret } });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain(secret);
    const report = JSON.parse(run.stdout);
    expect(report.servers[0].rules.every((rule: { family: string }) => rule.family === 'drift')).toBe(true);
    const findings = findingsOf(run.stdout);
    // descriptions: ignore drops wording; fail_on [breaking] leaves risky changes as warnings.
    expect(findings.some((finding) => finding.ruleId === 'drift/server-instructions-changed')).toBe(false);
    expect(findings.find((finding) => finding.ruleId === 'drift/tool-removed')?.severity).toBe('error');
    expect(findings.find((finding) => finding.ruleId === 'drift/protocol-revision-changed')?.severity).toBe('warning');
  });

  it('a run without the drift family leaves the lockfile out', async () => {
    const run = await runCli(['run', '-c', 'v2.yaml', '--only', 'schema', '--reporter', 'json'], { cwd: dir, env: { MY_DRIFT_SECRET: secret } });
    const report = JSON.parse(run.stdout);
    expect(report.servers[0].rules.some((rule: { family: string }) => rule.family === 'drift')).toBe(false);
  });

  it('a broken drift.baseline stops mcpact run before any server starts', async () => {
    writeFileSync(path.join(dir, 'bad.yaml'), config(V1).replace('locks/fixture.lock.json', 'locks/none.lock.json'));
    const run = await runCli(['run', '-c', 'bad.yaml'], { cwd: dir, env: { MY_DRIFT_SECRET: secret } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/fixture: drift\.baseline: cannot read lockfile locks\/none\.lock\.json: no such file/);
    expect(run.stdout).toBe('');
  });
});

describe('over Streamable HTTP', () => {
  let host: HttpHost;
  beforeAll(async () => {
    host = await startHttpServer(createGoodServer);
  });
  afterAll(() => host.close());

  it('baselines and diffs a server reached by URL', async () => {
    const dir = temp();
    const baseline = await runCli(['baseline', '--url', host.url, '--lockfile', 'good.lock.json', '--quiet'], { cwd: dir });
    expect(baseline).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const lock = JSON.parse(readFileSync(path.join(dir, 'good.lock.json'), 'utf8'));
    expect(lock.tools.map((tool: { name: string }) => tool.name)).toEqual(['add_numbers', 'get_weather', 'search_docs']);
    const diff = await runCli(['diff', '--url', host.url, '--lockfile', 'good.lock.json', '--reporter', 'json'], { cwd: dir });
    expect(diff.code).toBe(0);
    expect(findingsOf(diff.stdout)).toEqual([]);
  });
});

describe('mcpact diff --list-changes', () => {
  it('lists every change id with its default level', async () => {
    const result = await runCli(['diff', '--list-changes']);
    expect(result.code).toBe(0);
    for (const id of CHANGE_IDS) expect(result.stdout).toMatch(new RegExp(`^${id} +${CHANGES[id].level} `, 'm'));
  });
});
