/**
 * Output-shape drift end to end (drift.output_shapes): `mcpact baseline` records the shapes of the read-only tools
 * without an outputSchema, `mcpact diff` and `mcpact run` report what changed, with the fixture servers
 * fixtures/drift/output-v1.ts and output-v2.ts (which log every tools/call on stderr, shown with --verbose).
 * Spawns the built CLI: run `npm run build` first.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ROOT, runCli } from '../support/cli.js';

const V1 = path.join(ROOT, 'dist/fixtures/drift/output-v1.js');
const V2 = path.join(ROOT, 'dist/fixtures/drift/output-v2.js');
const validateLockfile = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schemas/lockfile.v1.schema.json'), 'utf8')));

interface ReportFinding {
  ruleId: string;
  severity: string;
  location: { kind: string; name?: string; pointer?: string };
  data?: { level?: string; reason?: string; observed?: boolean };
}
const findingsOf = (stdout: string): ReportFinding[] =>
  (JSON.parse(stdout) as { servers: { findings: ReportFinding[] }[] }).servers.flatMap((server) => server.findings);
const calledTools = (stderr: string) => [...stderr.matchAll(/tools\/call (\w+)/g)].map((match) => match[1]);

const config = (server: string) =>
  `server:\n  name: weather\n  transport: stdio\n  command: ${JSON.stringify(process.execPath)}\n  args: [${JSON.stringify(server)}]\n` +
  `  drift:\n    baseline: weather.lock.json\n    output_shapes: true\n`;

/** v1 -> v2, as [id, tool, pointer, level], sorted. */
const EXPECTED: [string, string, string, string][] = [
  ['drift/tool-output-breaking', 'get_forecast', '/observedOutput/shape/properties/station/properties/id/type', 'breaking'],
  ['drift/tool-output-breaking', 'get_forecast', '/observedOutput/shape/properties/updated', 'breaking'],
  ['drift/tool-output-breaking', 'list_cities', '/observedOutput/shape/items/required', 'breaking'],
  ['drift/tool-output-compatible', 'get_forecast', '/observedOutput/shape/properties/days/items/properties/wind', 'compatible'],
  ['drift/tool-output-compatible', 'get_forecast', '/observedOutput/shape/properties/humidity', 'compatible'],
  ['drift/tool-output-compatible', 'list_cities', '/observedOutput/shape/items/properties/population', 'compatible'],
];

describe('output shapes through baseline, diff and run', () => {
  let dir: string;
  let baseline: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-output-'));
    writeFileSync(path.join(dir, 'v1.yaml'), config(V1));
    writeFileSync(path.join(dir, 'v2.yaml'), config(V2));
    baseline = await runCli(['baseline', '-c', 'v1.yaml', '--verbose'], { cwd: dir });
  });

  it('baseline calls only the read-only tools without an outputSchema, and notes the one it may not call', () => {
    expect(baseline.code).toBe(0);
    expect(calledTools(baseline.stderr).sort()).toEqual(['get_forecast', 'get_forecast', 'get_forecast', 'list_cities', 'list_cities', 'list_cities']);
    expect(baseline.stderr).toContain('mcpact: weather: "delete_city": output shape not recorded: not called, not annotated readOnlyHint: true');
  });

  it('writes the shapes (never the values) into a lockfile the published schema accepts', () => {
    const text = readFileSync(path.join(dir, 'weather.lock.json'), 'utf8');
    const lock = JSON.parse(text);
    expect(validateLockfile(lock), JSON.stringify(validateLockfile.errors)).toBe(true);
    const observed = Object.fromEntries(lock.tools.map((tool: { name: string; observedOutput?: unknown }) => [tool.name, tool.observedOutput]));
    expect(observed.delete_city).toBeUndefined();
    expect(observed.get_time).toBeUndefined();
    expect(observed.list_cities).toEqual({
      calls: 3,
      content: ['text'],
      shape: { type: 'array', items: { type: 'object', properties: { country: { type: 'string' }, name: { type: 'string' } }, required: ['country', 'name'] } },
      source: 'text',
    });
    expect(observed.get_forecast).toMatchObject({ calls: 3, source: 'structuredContent', content: ['text'] });
    expect(observed.get_forecast.shape.properties.station).toEqual({
      type: 'object',
      properties: { elevation: { type: 'integer' }, id: { type: 'string' } },
      required: ['elevation', 'id'],
    });
    for (const value of ['OSL-1', 'Oslo', 'sunny', '2025-01-01']) expect(text).not.toContain(value);
  });

  it('diff against the same server: nothing changed; against v2: the observed changes, each marked observed', async () => {
    const [same, changed] = await Promise.all([
      // -q: no progress lines, so stderr holds nothing but a problem.
      runCli(['diff', '-q', '-c', 'v1.yaml', '--reporter', 'json'], { cwd: dir }),
      runCli(['diff', '-c', 'v2.yaml', '--reporter', 'json'], { cwd: dir }),
    ]);
    expect(same).toMatchObject({ code: 0, stderr: '' });
    expect(findingsOf(same.stdout)).toEqual([]);
    expect(changed.code).toBe(1);
    const findings = findingsOf(changed.stdout);
    expect(findings.map((finding) => [finding.ruleId, finding.location.name, finding.location.pointer, finding.data?.level])).toEqual(EXPECTED);
    expect(findings.every((finding) => finding.data?.observed === true && Boolean(finding.data.reason))).toBe(true);
    expect(findings.find((finding) => finding.location.name === 'list_cities' && finding.data?.level === 'breaking')?.data?.reason).toBe(
      'field "[].country" is no longer in every result',
    );
  });

  it('mcpact run with drift.baseline reports the same', async () => {
    const run = await runCli(['run', '-c', 'v2.yaml', '--only', 'drift', '--reporter', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    const findings = findingsOf(run.stdout);
    expect(findings.map((finding) => [finding.ruleId, finding.location.name, finding.location.pointer, finding.data?.level])).toEqual(EXPECTED);
  });

  it('without drift.output_shapes nothing is called and the lockfile holds no observed output', async () => {
    const plain = mkdtempSync(path.join(tmpdir(), 'mcpact-output-'));
    const result = await runCli(['baseline', '--verbose', '--', process.execPath, V1], { cwd: plain });
    expect(result.code).toBe(0);
    expect(calledTools(result.stderr)).toEqual([]);
    expect(readFileSync(path.join(plain, 'mcpact.output-v1.lock.json'), 'utf8')).not.toContain('observedOutput');
  });
});
