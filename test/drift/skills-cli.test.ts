/**
 * Skills through baseline and diff (MCP Skills extension): `mcpact baseline` pins the skills of a server that
 * declares the extension (fixtures/servers/sdk2/skills.ts, SDK 2.x's SkillsExtension), and `mcpact diff` against
 * its second version (--version 2: notes rewritten, acme/refunds gone, checklist added) reports skill-changed,
 * skill-removed and skill-added, over stdio and Streamable HTTP; the pair swapped gives the inverse. A server
 * without the extension, or spoken to in the legacy era, pins no skills at all. Spawns the built CLI.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ROOT, runCli } from '../support/cli.js';
import { httpFixture } from '../support/eras.js';

const SERVER = path.join(ROOT, 'dist/fixtures/servers/sdk2/skills.js');
const validateLockfile = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schemas/lockfile.v1.schema.json'), 'utf8')));

const stdio = (era: string, ...args: string[]) =>
  `server:\n  name: app\n  transport: stdio\n  command: ${JSON.stringify(process.execPath)}\n  args: ${JSON.stringify([SERVER, ...args])}\n` +
  `  protocol_era: ${era}\n  drift:\n    baseline: app.lock.json\n`;
const http = (url: string) => `server:\n  name: app\n  transport: http\n  url: ${url}\n  protocol_era: modern\n  drift:\n    baseline: app.lock.json\n`;

interface ReportFinding {
  ruleId: string;
  location: { kind: string; name?: string };
  data?: { level?: string; changed?: string[] };
}
const changesOf = (stdout: string) =>
  (JSON.parse(stdout) as { servers: { findings: ReportFinding[] }[] }).servers
    .flatMap((server) => server.findings)
    .map((finding) => [finding.ruleId, finding.location.name, finding.data?.level])
    .sort();

/** Baseline with one config, then diff with another, in a folder of their own; the diff's result. */
async function baselineThenDiff(base: string, revision: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-skills-'));
  writeFileSync(path.join(dir, 'base.yaml'), base);
  writeFileSync(path.join(dir, 'revision.yaml'), revision);
  const baseline = await runCli(['baseline', '-c', 'base.yaml'], { cwd: dir });
  expect(baseline.stderr).toBe('');
  expect(baseline.code).toBe(0);
  const lock = JSON.parse(readFileSync(path.join(dir, 'app.lock.json'), 'utf8'));
  const diff = await runCli(['diff', '-c', 'revision.yaml', '--reporter', 'json'], { cwd: dir });
  return { lock, diff, baseline };
}

const FORWARD = [
  ['drift/skill-added', 'skill://checklist/SKILL.md', 'compatible'],
  ['drift/skill-changed', 'skill://notes/SKILL.md', 'risky'],
  ['drift/skill-removed', 'skill://acme/refunds/SKILL.md', 'breaking'],
];

describe('skills through baseline and diff, over stdio', () => {
  it('pins each skill with its files, in a lockfile the schema accepts; the same server diffs clean', async () => {
    const { lock, diff, baseline } = await baselineThenDiff(stdio('modern'), stdio('modern'));
    expect(baseline.stdout).toBe('wrote app.lock.json (1 tools, 0 prompts, 2 resources, 1 resource templates, 2 skills)\n');
    expect(validateLockfile(lock), JSON.stringify(validateLockfile.errors)).toBe(true);
    expect(lock.skills.map((skill: { uri: string }) => skill.uri)).toEqual(['skill://acme/refunds/SKILL.md', 'skill://notes/SKILL.md']);
    expect(lock.skills[1]).toEqual({
      uri: 'skill://notes/SKILL.md',
      name: 'notes',
      description: 'Take meeting notes — résumé first, then actions.',
      frontmatterSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      resources: [
        { uri: 'skill://notes/SKILL.md', digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), size: 149 },
        { uri: 'skill://notes/assets/mark.bin', digest: expect.stringMatching(/^sha256:/), size: 6 },
        { uri: 'skill://notes/templates/daily.md', digest: expect.stringMatching(/^sha256:/), size: 39 },
      ],
    });
    expect(diff.code).toBe(0);
    expect(changesOf(diff.stdout)).toEqual([]);
  });

  it('the second version: skill-added, skill-changed (the notes SKILL.md rewritten) and skill-removed', async () => {
    const { diff } = await baselineThenDiff(stdio('modern'), stdio('modern', '--version', '2'));
    expect(diff.code).toBe(1);
    expect(changesOf(diff.stdout)).toEqual(FORWARD);
    const changed = (JSON.parse(diff.stdout) as { servers: { findings: ReportFinding[] }[] }).servers[0]!.findings.find(
      (finding) => finding.ruleId === 'drift/skill-changed',
    );
    expect(changed?.data?.changed).toEqual(['skill://notes/SKILL.md']);
  });

  it('swapped: the inverse (added and removed trade places, the rewrite stays a rewrite)', async () => {
    const { diff } = await baselineThenDiff(stdio('modern', '--version', '2'), stdio('modern'));
    expect(changesOf(diff.stdout)).toEqual([
      ['drift/skill-added', 'skill://acme/refunds/SKILL.md', 'compatible'],
      ['drift/skill-changed', 'skill://notes/SKILL.md', 'risky'],
      ['drift/skill-removed', 'skill://checklist/SKILL.md', 'breaking'],
    ]);
  });

  it('a server without the extension, and one spoken to in the legacy era, pin no skills', async () => {
    for (const config of [stdio('modern', '--no-skills'), stdio('legacy', '--era', 'dual')]) {
      const { lock, diff } = await baselineThenDiff(config, config);
      expect(Object.keys(lock)).not.toContain('skills');
      expect(changesOf(diff.stdout)).toEqual([]);
    }
  });
});

describe('the legacy era', () => {
  it('lists no skills rule for a session that speaks it, though the server declares the extension there too', async () => {
    const result = await runCli(['run', '--protocol-era', 'legacy', '-r', 'json', '--', process.execPath, SERVER, '--era', 'dual']);
    const report = JSON.parse(result.stdout) as { servers: { era: string; rules: { id: string }[] }[] };
    expect(report.servers[0]!.era).toBe('legacy');
    expect(report.servers[0]!.rules.filter((rule) => rule.id.startsWith('skills/'))).toEqual([]);
  });
});

describe('a listing that fails', () => {
  it('is not compared: every skill would read as removed', async () => {
    const { diff } = await baselineThenDiff(stdio('modern'), stdio('modern', '--defect', 'list-fails'));
    expect(diff.code).toBe(2);
    expect(diff.stdout).toContain('skills/list failed');
  });
});

describe('skills through baseline and diff, over Streamable HTTP', () => {
  const v1 = httpFixture([SERVER, '--http']);
  const v2 = httpFixture([SERVER, '--http', '--version', '2']);
  let result: Awaited<ReturnType<typeof baselineThenDiff>>;
  beforeAll(async () => {
    result = await baselineThenDiff(http(v1().url), http(v2().url));
  });

  it('the second version: skill-added, skill-changed and skill-removed', () => {
    expect(result.lock.skills).toHaveLength(2);
    expect(result.diff.code).toBe(1);
    expect(changesOf(result.diff.stdout)).toEqual(FORWARD);
  });
});
