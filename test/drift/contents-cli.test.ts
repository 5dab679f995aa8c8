/**
 * Pinned resource contents end to end (drift.resource_contents): `mcpact baseline` pins the contents of the listed
 * resources and of the UI resource a tool links, and `mcpact diff` against the same server with rewritten contents
 * (fixtures/servers/resources.ts --rewrite) reports resource-content-changed and tool-ui-resource-changed; without
 * the rewrite nothing. Spawns the built CLI: run `npm run build` first.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ROOT, runCli } from '../support/cli.js';

const SERVER = path.join(ROOT, 'dist/fixtures/servers/resources.js');
const validateLockfile = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schemas/lockfile.v1.schema.json'), 'utf8')));

const config = (...args: string[]) =>
  `server:\n  name: app\n  transport: stdio\n  command: ${JSON.stringify(process.execPath)}\n  args: ${JSON.stringify([SERVER, ...args])}\n` +
  `  drift:\n    baseline: app.lock.json\n    resource_contents: true\n`;

interface ReportFinding {
  ruleId: string;
  location: { kind: string; name?: string };
  data?: { level?: string };
}
const findingsOf = (stdout: string): ReportFinding[] =>
  (JSON.parse(stdout) as { servers: { findings: ReportFinding[] }[] }).servers.flatMap((server) => server.findings);

describe('resource contents through baseline and diff', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-contents-'));
    writeFileSync(path.join(dir, 'same.yaml'), config());
    writeFileSync(path.join(dir, 'rewritten.yaml'), config('--rewrite'));
    const baseline = await runCli(['baseline', '-c', 'same.yaml'], { cwd: dir });
    expect(baseline.stderr).toBe('');
    expect(baseline.code).toBe(0);
  });

  it('pins a digest per listed resource and the UI resource of the tool, in a lockfile the schema accepts', () => {
    const lock = JSON.parse(readFileSync(path.join(dir, 'app.lock.json'), 'utf8'));
    expect(validateLockfile(lock), JSON.stringify(validateLockfile.errors)).toBe(true);
    expect(lock.resources.map((resource: { contentSha256?: string }) => resource.contentSha256)).toEqual(
      lock.resources.map(() => expect.stringMatching(/^[0-9a-f]{64}$/)),
    );
    expect(lock.tools[0].uiResource).toEqual({ uri: 'ui://weather/dashboard', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('the same contents: no change', async () => {
    const diff = await runCli(['diff', '-c', 'same.yaml', '--reporter', 'json'], { cwd: dir });
    expect(diff.code).toBe(0);
    expect(findingsOf(diff.stdout)).toEqual([]);
  });

  it('rewritten contents: resource-content-changed on the guide, tool-ui-resource-changed on the tool', async () => {
    const diff = await runCli(['diff', '-c', 'rewritten.yaml', '--reporter', 'json'], { cwd: dir });
    expect(diff.code).toBe(1);
    const found = findingsOf(diff.stdout).map((finding) => [finding.ruleId, finding.location.name, finding.data?.level]);
    expect(found.sort()).toEqual([
      ['drift/resource-content-changed', 'docs://guide/intro', 'risky'],
      ['drift/tool-ui-resource-changed', 'show_weather', 'risky'],
    ]);
  });
});
