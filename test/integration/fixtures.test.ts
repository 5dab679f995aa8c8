/**
 * The whole pipeline against the fixture servers over real transports: the good server yields zero findings
 * over stdio and HTTP, the malformed server yields each defect once on the right item, and the same server gives
 * the same findings whichever transport carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import type { SessionTarget } from '../../src/connect/session.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { DEFECTS } from '../../fixtures/servers/malformed.js';
import { createNotesServer } from '../../examples/server.js';
import { ROOT } from '../support/cli.js';
import { appliesInEra } from '../../src/engine/rule.js';

const stdio = (file: string): SessionTarget => ({ kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/${file}`], env: {} });
const http = (host: HttpHost): SessionTarget => ({ kind: 'http', url: host.url, headers: {} });

function run(target: SessionTarget): Promise<ServerReport> {
  return runServer(
    { name: 'fixture', target, timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 }, expect: {}, levels: {}, settings: {} },
    { rules: ALL_RULES, clientVersion: 'test', concurrency: 4 },
  );
}

/** The stdio and http families judge one transport each (and skip on the other): parity is about the rest. */
const transportFamily = (ruleId: string) => ruleId.startsWith('stdio/') || ruleId.startsWith('http/');

/** Findings without timings, comparable across transports. */
const comparable = (report: ServerReport) =>
  report.findings.filter((finding) => !transportFamily(finding.ruleId)).map(({ ruleId, message, location }) => ({ ruleId, message, location }));

/**
 * Rules that only check what the config asks for; without a config they skip, by design. And rules that judge
 * features the good fixture does not have (MCP Apps, subscriptions and the notifications they bring, resource links,
 * log messages): the resources fixture has them, and test/integration/resources.test.ts requires those rules to pass.
 */
const NEEDS_CONFIG = (id: string) =>
  id === 'prompts/expectations' ||
  id.startsWith('suites/') ||
  id.startsWith('latency/') ||
  id.startsWith('resources/ui-') ||
  ['resources/subscribe', 'resources/notification-shape', 'resources/resource-link', 'protocol/logging-message-shape'].includes(id);

describe('good fixture', () => {
  let host: HttpHost;
  beforeAll(async () => {
    host = await startHttpServer(createGoodServer);
  });
  afterAll(() => host.close());

  it('has zero findings over stdio, and every rule ran', async () => {
    const report = await run(stdio('fixtures/servers/good.js'));
    expect(report.complete).toBe(true);
    expect(report.findings).toEqual([]);
    // The http family skips over stdio; the stdio family runs (and passes, thanks to the strict framing).
    expect(report.rules.filter((rule) => rule.status !== 'pass' && !(rule.status === 'skip' && (rule.family === 'http' || NEEDS_CONFIG(rule.id))))).toEqual([]);
    // Every rule but drift's, which apply only with a lockfile, auth's, which apply only to a server mcpact signed in
    // to (test/cli/oauth.test.ts), and the modern era's, which a legacy session does not list.
    expect(report.rules).toHaveLength(ALL_RULES.filter((rule) => rule.family !== 'drift' && rule.family !== 'auth' && appliesInEra(rule, 'legacy')).length);
  });

  it('has zero findings over Streamable HTTP', async () => {
    const report = await run(http(host));
    expect(report.complete).toBe(true);
    expect(report.transport).toBe('http');
    expect(report.findings).toEqual([]);
    expect(report.rules.filter((rule) => rule.status !== 'pass' && !(rule.status === 'skip' && (rule.family === 'stdio' || NEEDS_CONFIG(rule.id))))).toEqual(
      [],
    );
  });
});

describe('malformed fixture', () => {
  it('reports each defect exactly once, on the item that carries it, and nothing else', async () => {
    const report = await run(stdio('fixtures/servers/malformed.js'));
    expect(report.complete).toBe(true);
    // The tools family judges tools/call, which this fixture does not implement (-32601): test/rules/tools/fixtures.test.ts covers it.
    // The transport families judge the raw framing, which has fixtures of its own (stdio-defects, http-defects).
    const found = report.findings
      // Nor resources/read (-32601): the resources family has a fixture of its own (test/integration/resources.test.ts).
      .filter((finding) => !finding.ruleId.startsWith('tools/') && !finding.ruleId.startsWith('resources/') && !transportFamily(finding.ruleId))
      .map((finding) => [finding.ruleId, finding.location.name]);
    expect(found.sort()).toEqual(Object.entries(DEFECTS).sort());
    // Every schema rule has a defect here, so a schema rule that stops finding it fails this test. The modern era's
    // (x-mcp-header) do not run on this legacy server: their defects are in fixtures/servers/sdk2/eras.ts.
    const schemaRules = ALL_RULES.filter((rule) => rule.family === 'schema' && appliesInEra(rule, 'legacy')).map((rule) => rule.id);
    expect(Object.keys(DEFECTS).sort()).toEqual(schemaRules.sort());
  });
});

describe('transport parity', () => {
  let host: HttpHost;
  beforeAll(async () => {
    host = await startHttpServer(createNotesServer);
  });
  afterAll(() => host.close());

  it('the example server gives the same findings over stdio and HTTP', async () => {
    const [overStdio, overHttp] = await Promise.all([run(stdio('examples/server.js')), run(http(host))]);
    expect(overStdio.findings.length).toBeGreaterThan(0);
    expect(comparable(overHttp)).toEqual(comparable(overStdio));
    const statuses = (report: ServerReport) => report.rules.filter((rule) => !transportFamily(rule.id)).map((rule) => [rule.id, rule.status]);
    expect(statuses(overHttp)).toEqual(statuses(overStdio));
  });
});
