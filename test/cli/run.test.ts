/**
 * `mcpact run` end to end against real servers over real stdio: reports, exit codes, trace, redaction and the
 * environment a child gets.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING, ROOT, runCli, type CliResult } from '../support/cli.js';

const reportSchema = JSON.parse(readFileSync(path.join(ROOT, 'schemas/report.v1.schema.json'), 'utf8'));
const validateReport = new Ajv2020({ strict: false }).compile(reportSchema);
const ENV_PROBE = path.join(ROOT, 'dist/fixtures/servers/env-probe.js');

describe('mcpact run against @modelcontextprotocol/server-everything', () => {
  let dir: string;
  let result: CliResult;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mcpact-'));
    result = await runCli(['run', '--reporter', 'console', '--reporter', `json:${dir}/report.json`, '--trace', `${dir}/trace.jsonl`, '--', EVERYTHING]);
  });

  it('exits 0 (only warnings) and prints a summary', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/PASSED 1 server, \d+ rules/);
  });

  it('prints its warnings in full and its info findings as one line per family, with where to see them (#32)', () => {
    const report = JSON.parse(readFileSync(`${dir}/report.json`, 'utf8')) as { summary: { findings: Record<string, number> } };
    expect(report.summary.findings.info).toBeGreaterThan(10);
    expect(result.stdout).not.toMatch(/^ +ℹ info /m);
    expect(result.stdout.match(/^ {4}▲ warning /gm)).toHaveLength(report.summary.findings.warning!);
    expect(result.stdout).toContain(`${report.summary.findings.info} info findings counted, not printed: see them with --verbose`);
  });

  it('writes a JSON report that the published schema accepts', () => {
    const report = JSON.parse(readFileSync(`${dir}/report.json`, 'utf8'));
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(report.complete).toBe(true);
    expect(report.servers[0].serverInfo.name).toBe('mcp-servers/everything');
    expect(report.servers[0].protocolVersion).toBe('2025-11-25');
    expect(report.servers[0].rules.length).toBeGreaterThan(10);
  });

  it('traces every message both ways as JSON Lines', () => {
    const lines = readFileSync(`${dir}/trace.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // Lines are written as they pass, so they carry the name the server was started under (its command, for a
    // zero-config run): the reports name it from serverInfo only once it has answered.
    // The era probe goes first (--protocol-era auto); this server speaks the initialize era, so initialize follows.
    expect(lines[0]).toMatchObject({ server: 'mcp-server-everything', direction: 'out', message: { method: 'server/discover' } });
    expect(lines.some((line) => line.direction === 'out' && line.message.method === 'initialize')).toBe(true);
    expect(new Set(lines.map((line) => line.server))).toEqual(new Set(['mcp-server-everything']));
    expect(lines.some((line) => line.direction === 'in' && line.message.result?.tools)).toBe(true);
  });
});

describe('secrets', () => {
  it("never passes mcpact's own tokens to the child, and redacts interpolated values everywhere", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-'));
    writeFileSync(
      path.join(dir, 'mcpact.yaml'),
      `server:\n  transport: stdio\n  command: node\n  args: [${JSON.stringify(ENV_PROBE)}]\n  env:\n    PROBE_SECRET: \${MY_PROBE_SECRET}\n`,
    );
    const secret = 'sk-live-0123456789abcdef';
    const env = { MY_PROBE_SECRET: secret, GITHUB_TOKEN: 'ghp_mcpact_own_token', OPENAI_API_KEY: 'sk-mcpact-own', UV_CACHE_DIR: path.join(dir, 'uv') };
    const result = await runCli(['run', '--reporter', 'console', '--reporter', 'json:report.json', '--trace', 'trace.jsonl', '--verbose'], { cwd: dir, env });
    const report = readFileSync(path.join(dir, 'report.json'), 'utf8');
    const trace = readFileSync(path.join(dir, 'trace.jsonl'), 'utf8');
    const childEnv = String(JSON.parse(report).servers[0].serverInfo.description).split(',');
    expect(childEnv).toContain('PROBE_SECRET');
    expect(childEnv).toContain('PATH');
    expect(childEnv).toContain('UV_CACHE_DIR'); // a launcher's cache (connect/child-env.ts LAUNCHER_VARIABLES)
    expect(childEnv).not.toContain('GITHUB_TOKEN');
    expect(childEnv).not.toContain('OPENAI_API_KEY');
    expect(childEnv).not.toContain('MY_PROBE_SECRET');
    for (const output of [report, trace, result.stdout, result.stderr]) expect(output).not.toContain(secret);
    expect(JSON.parse(report).servers[0].serverInfo.version).toBe('[redacted]');
  });
});
