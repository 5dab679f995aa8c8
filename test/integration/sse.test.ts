/**
 * The legacy HTTP+SSE transport (2024-11-05) against a real SDK 1.x server: the good fixture served by the SDK's own
 * SSEServerTransport gets the findings it gets over stdio (none), every family that applies runs, and the transport
 * families of stdio and Streamable HTTP skip, saying why. A plain URL reaches it by the spec's fallback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import type { SessionTarget } from '../../src/connect/session.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import type { EraChoice } from '../../src/model/spec.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { startSseServer } from '../../fixtures/servers/sse-host.js';
import { ROOT } from '../support/cli.js';

function run(target: SessionTarget, protocolEra: EraChoice = 'auto'): Promise<ServerReport> {
  return runServer(
    { name: 'fixture', target, timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 }, expect: {}, levels: {}, settings: {}, protocolEra },
    { rules: ALL_RULES, clientVersion: 'test', concurrency: 4 },
  );
}

const transportFamily = (family: string) => family === 'stdio' || family === 'http';

describe('the good fixture over HTTP+SSE', () => {
  let sse: HttpHost;
  let streamable: HttpHost;
  beforeAll(async () => {
    [sse, streamable] = await Promise.all([startSseServer(createGoodServer), startHttpServer(createGoodServer)]);
  });
  afterAll(() => Promise.all([sse.close(), streamable.close()]));

  it('gets what it gets over stdio: zero findings, the same verdicts, the transport families skipped with a reason', async () => {
    const [overSse, overStdio] = await Promise.all([
      run({ kind: 'sse', url: sse.url, headers: {} }),
      run({ kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/good.js`], env: {} }),
    ]);
    expect(overSse.error).toBeUndefined();
    expect(overSse.complete).toBe(true);
    expect(overSse.transport).toBe('sse');
    expect(overSse.era).toBe('legacy');
    expect(overSse.findings).toEqual([]);
    const verdicts = (report: ServerReport) => report.rules.filter((rule) => !transportFamily(rule.family)).map((rule) => [rule.id, rule.status]);
    expect(verdicts(overSse)).toEqual(verdicts(overStdio));
    // version-negotiation opened streams of its own: it ran, and passed.
    expect(overSse.rules.find((rule) => rule.id === 'protocol/version-negotiation')?.status).toBe('pass');
    const skipped = overSse.rules.filter((rule) => transportFamily(rule.family));
    expect(skipped.length).toBeGreaterThan(10);
    for (const rule of skipped) {
      expect(rule.status, rule.id).toBe('skip');
      expect(rule.reason, rule.id).toMatch(/servers only \(this one is reached over HTTP\+SSE, the 2024-11-05 transport\)$/);
    }
  });

  it('is reached from a plain URL by the fallback, in every era but modern', async () => {
    for (const era of ['auto', 'legacy'] as const) {
      const report = await run({ kind: 'http', url: sse.url, headers: {}, sseFallback: true }, era);
      expect(report.error, era).toBeUndefined();
      expect(report.transport, era).toBe('sse');
      expect(report.findings, era).toEqual([]);
    }
    const modern = await run({ kind: 'http', url: sse.url, headers: {}, sseFallback: true }, 'modern');
    expect(modern.complete).toBe(false);
    expect(modern.transport).toBe('http');
  });

  it('never downgrades a Streamable HTTP server reached from a plain URL', async () => {
    const report = await run({ kind: 'http', url: streamable.url, headers: {}, sseFallback: true });
    expect(report.error).toBeUndefined();
    expect(report.transport).toBe('http');
    expect(report.findings).toEqual([]);
    // Its own transport family ran there.
    expect(report.rules.filter((rule) => rule.family === 'http' && rule.status === 'pass').length).toBeGreaterThan(5);
  });
});
