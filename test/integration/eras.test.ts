/**
 * Both eras against the SDK 2.x eras fixture (fixtures/servers/sdk2/eras.ts) as real child processes, over stdio
 * and Streamable HTTP on 127.0.0.1: every family but drift (which needs a lockfile) and the configured ones
 * (suites, latency) runs. A correct server has no error-level finding in either era; the rules that have nothing
 * to check in the modern era (initialize, ping, sessions) are skipped with their reason; the modern-only rules are
 * not listed for a legacy session, so a legacy server's report is what it was before.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import type { SessionTarget } from '../../src/connect/session.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import type { EraChoice } from '../../src/model/spec.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERAS_FIXTURE, erasHttp, erasStdio } from '../support/eras.js';
import { ROOT, runCli } from '../support/cli.js';

const RULES = ALL_RULES.filter((rule) => !['drift', 'suites', 'latency'].includes(rule.family));
const MODERN_ONLY = [
  'protocol/discover-result',
  'protocol/envelope-required',
  'protocol/unsupported-version',
  'protocol/result-type',
  'protocol/caching-hints',
  'tools/deterministic-order',
  'protocol/capability-extensions',
  'schema/tool-x-mcp-header',
];

function run(target: SessionTarget, era: EraChoice): Promise<ServerReport> {
  return runServer(
    { name: 'eras', target, timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 }, expect: {}, levels: {}, settings: {}, protocolEra: era },
    { rules: RULES, clientVersion: 'test', concurrency: 4 },
  );
}

const errors = (report: ServerReport) =>
  report.findings.filter((finding) => finding.severity === 'error').map((finding) => `${finding.ruleId}: ${finding.message}`);
const status = (report: ServerReport, id: string) => report.rules.find((rule) => rule.id === id);
const families = (report: ServerReport) => [...new Set(report.rules.filter((rule) => rule.status === 'pass').map((rule) => rule.family))].sort();

const modernHttp = erasHttp('modern');
const dualHttp = erasHttp('dual');

describe.each([
  ['modern-only, stdio', erasStdio('modern'), 'stdio'],
  ['dual-era, stdio', erasStdio('dual'), 'stdio'],
  ['modern-only, Streamable HTTP', modernHttp, 'http'],
  ['dual-era, Streamable HTTP', dualHttp, 'http'],
] as const)('%s in the modern era (auto)', (_name, target, transport) => {
  it('speaks 2026-07-28 and finds no error on the correct server', async () => {
    const report = await run(target(), 'auto');
    expect(report.era).toBe('modern');
    expect(report.protocolVersion).toBe('2026-07-28');
    expect(report.complete).toBe(true);
    expect(errors(report)).toEqual([]);
    for (const id of MODERN_ONLY) expect(status(report, id)?.status, id).toBe('pass');
    // forecast declares x-mcp-header parameters: over HTTP its calls only pass with Mcp-Param-Region and -Days.
    for (const id of ['tools/valid-input', 'tools/invalid-input-code']) expect(status(report, id)?.status, id).toBe('pass');
    expect(status(report, 'protocol/ping')).toMatchObject({ status: 'skip', reason: expect.stringContaining('removed ping') });
    expect(status(report, 'protocol/initialize-result')).toMatchObject({ status: 'skip', reason: expect.stringContaining('no initialize') });
    // Every family judged something in this era.
    expect(families(report)).toEqual(
      expect.arrayContaining(['prompts', 'protocol', 'resources', 'schema', 'security', 'tools', ...(transport === 'stdio' ? ['stdio'] : [])]),
    );
    if (transport === 'http') expect(status(report, 'http/unknown-session')).toMatchObject({ status: 'skip', reason: expect.stringContaining('no sessions') });
  });
});

describe('the legacy era', () => {
  it('a legacy-only SDK 2.x server: auto falls back to initialize, and the modern-only rules are not listed', async () => {
    const report = await run(erasStdio('legacy')(), 'auto');
    expect(report.era).toBe('legacy');
    expect(report.protocolVersion).toBe('2025-11-25');
    expect(errors(report)).toEqual([]);
    for (const id of MODERN_ONLY) expect(status(report, id), id).toBeUndefined();
    expect(status(report, 'protocol/ping')?.status).toBe('pass');
  });

  it('--protocol-era legacy tests the legacy half of a dual-era server, with the same contract', async () => {
    const [legacy, modern] = await Promise.all([run(erasStdio('dual')(), 'legacy'), run(erasStdio('dual')(), 'modern')]);
    expect(legacy.era).toBe('legacy');
    expect(modern.era).toBe('modern');
    expect(errors(legacy)).toEqual([]);
    // One contract, two eras: the same rules pass on the features both eras share.
    const passed = (report: ServerReport, family: string) =>
      report.rules.filter((rule) => rule.family === family && rule.status === 'pass' && !MODERN_ONLY.includes(rule.id)).map((rule) => rule.id);
    for (const family of ['schema', 'tools', 'security']) expect(passed(modern, family), family).toEqual(passed(legacy, family));
  });

  it('--protocol-era modern against an SDK 1.x server of the initialize era is a connection error naming server/discover', async () => {
    const report = await run({ kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/good.js`], env: {} }, 'modern');
    expect(report.complete).toBe(false);
    expect(report.error).toMatch(/server\/discover failed with JSON-RPC error -32600.*auto or legacy/);
  });

  it('auto against an SDK 1.x server of the initialize era falls back to initialize with no finding', async () => {
    const report = await run({ kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/good.js`], env: {} }, 'auto');
    expect(report.era).toBe('legacy');
    expect(report.findings).toEqual([]);
  });
});

describe('a legacy-only SDK 2.x server over Streamable HTTP (sessionful, the 2025 wiring)', () => {
  const legacyHttp = erasHttp('legacy');

  it('auto: the modern probe gets a 400 without a modern error, so mcpact falls back to initialize', async () => {
    const report = await run(legacyHttp(), 'auto');
    expect(report.era).toBe('legacy');
    expect(report.protocolVersion).toBe('2025-11-25');
    expect(report.complete).toBe(true);
    expect(errors(report)).toEqual([]);
    for (const id of MODERN_ONLY) expect(status(report, id), id).toBeUndefined();
    // The legacy HTTP rules judge the session the fallback opened.
    for (const id of ['http/unknown-session', 'http/get-stream', 'protocol/ping']) expect(status(report, id)?.status, id).toBe('pass');
  });

  it('--protocol-era modern: a connection error naming the legacy refusal, exit 2', async () => {
    const result = await runCli(['run', '--protocol-era', 'modern', '--url', legacyHttp().url]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      'server/discover was refused with HTTP 400 and JSON-RPC error -32000: Bad Request: Server not initialized, not an error of 2026-07-28: the server speaks the initialize era (--protocol-era modern; such a server needs auto or legacy)',
    );
  });
});

describe('drift across eras', () => {
  it('a lockfile captured in the initialize era, diffed in the modern era: only the revision changed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-eras-'));
    try {
      const server = ['--', process.execPath, ERAS_FIXTURE, '--era', 'dual'];
      const baseline = await runCli(['baseline', '--protocol-era', 'legacy', ...server], { cwd: dir });
      expect(baseline.code).toBe(0);
      const diff = await runCli(['diff', '--protocol-era', 'auto', '-r', 'json', ...server], { cwd: dir });
      const report = JSON.parse(diff.stdout) as { servers: ServerReport[] };
      expect(report.servers[0]?.era).toBe('modern');
      // Envelope, resultType and caching hints are not part of the contract: no false change from the era.
      expect(report.servers[0]?.findings.map((finding) => [finding.ruleId, finding.message])).toEqual([
        ['drift/protocol-revision-changed', 'protocol revision changed: "2025-11-25" (legacy) -> "2026-07-28" (modern)'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
