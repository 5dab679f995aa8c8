/**
 * The tools and security families against the fixture servers over real stdio: the SDK's McpServer gets no
 * error-level finding, each error-contract behaviour is found by its rule at its level, and the poisoned
 * server yields exactly the findings it was built for. Spawns compiled fixtures: build first (npm test does).
 */
import { describe, expect, it } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_TIMEOUTS } from '../../../src/config/schema.js';
import type { SessionTarget } from '../../../src/connect/session.js';
import { runServer } from '../../../src/engine/runner.js';
import type { ServerReport } from '../../../src/model/report.js';
import { ALL_RULES } from '../../../src/rules/index.js';
import { BEHAVIOURS, handleLine, type Behaviour } from '../../../fixtures/servers/tools-errors.js';
import { FINDINGS } from '../../../fixtures/servers/poisoned.js';
import { ROOT } from '../../support/cli.js';

const RULES = ALL_RULES.filter((rule) => rule.family === 'tools' || rule.family === 'security');

function runTarget(name: string, target: SessionTarget, callMs = 800): Promise<ServerReport> {
  return runServer(
    { name, target, timeouts: { ...DEFAULT_TIMEOUTS, call_ms: callMs }, expect: {}, levels: {}, settings: {} },
    { rules: RULES, clientVersion: 'test', concurrency: 4 },
  );
}

const run = (file: string, args: string[] = []) =>
  runTarget(file, { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/${file}`, ...args], env: {} });

/** The tools-errors fixture in process: the same answers as over stdio, without a process per behaviour. */
function inMemory(behaviour: Behaviour): Promise<ServerReport> {
  const [client, server] = InMemoryTransport.createLinkedPair();
  server.onmessage = (message) => {
    const outcome = handleLine(behaviour, JSON.stringify(message));
    if (outcome.kind === 'crash') void server.close();
    if (outcome.kind === 'reply') void server.send(JSON.parse(outcome.text) as JSONRPCMessage).catch(() => undefined);
  };
  void server.start();
  // In process, an honest answer takes microseconds: a short deadline keeps the hanging behaviours quick.
  return runTarget(behaviour, { kind: 'memory', transport: client }, 300);
}

const summary = (report: ServerReport) => report.findings.map((finding) => `${finding.severity} ${finding.ruleId}: ${finding.message}`);

describe('an SDK McpServer (the most common server shape)', () => {
  it('gets no error-level finding; where the SDK departs from the 2025-11-25 text, inherited findings (info)', async () => {
    const report = await run('tools-sdk.js');
    expect(report.complete, report.error).toBe(true);
    expect(report.protocolVersion).toBe('2025-11-25');
    expect(
      report.findings.filter((finding) => finding.severity === 'error'),
      summary(report).join('\n'),
    ).toEqual([]);
    // Both are the SDK's own behaviour, recognised from its answers (engine/signatures.ts): info by default. Its
    // one answer to the three malformed params is one finding (engine/merge-answers.ts).
    expect(report.findings.map((finding) => [finding.ruleId, finding.severity, finding.inherited?.signature, finding.count])).toEqual([
      ['tools/malformed-call', 'info', 'sdk-1-malformed-call-zod4', 3],
      ['tools/unknown-tool', 'info', 'mcp-server-1-unknown-tool-result', undefined],
    ]);
    const unknown = report.findings.find((finding) => finding.ruleId === 'tools/unknown-tool');
    expect(unknown?.data).toMatchObject({ negotiated: '2025-11-25', level: 'BEST PRACTICE', isError: true });
    expect(unknown?.spec).toMatchObject({ revision: '2025-11-25', level: 'BEST PRACTICE', keyword: 'none', section: 'server/tools#error-handling' });
    const byId = new Map(report.rules.map((rule) => [rule.id, rule]));
    expect(byId.get('tools/valid-input')?.reason).toContain('"create_note" (not annotated readOnlyHint: true)');
    for (const id of ['tools/invalid-input', 'tools/valid-input', 'tools/structured-content', 'tools/structured-text', 'tools/call-answered']) {
      expect(byId.get(id)?.status, id).toBe('pass');
    }
  });
});

describe('error-contract behaviours', () => {
  it('finds each behaviour with its rule at its level, and nothing on the correct ones', async () => {
    const behaviours = Object.keys(BEHAVIOURS) as Behaviour[];
    const reports = await Promise.all(behaviours.map(inMemory));
    behaviours.forEach((behaviour, index) => {
      const report = reports[index]!;
      const expected = BEHAVIOURS[behaviour];
      const tools = report.findings.filter((finding) => finding.ruleId.startsWith('tools/'));
      if (expected === undefined) {
        expect(tools, `${behaviour}: ${summary(report).join('; ')}`).toEqual([]);
        return;
      }
      if ('status' in expected) {
        // No verdict: no finding from any tools rule, the rule says why, and the report says it once.
        expect(tools, `${behaviour}: ${summary(report).join('; ')}`).toEqual([]);
        expect(report.rules.find((rule) => rule.id === expected.rule)?.status, behaviour).toBe(expected.status);
        expect(report.backend, behaviour).toMatchObject({ evidence: 'a DNS failure', said: expect.stringContaining('ENOTFOUND') });
        return;
      }
      expect(report.backend, behaviour).toBeUndefined();
      const hits = tools.filter((finding) => finding.ruleId === expected.rule);
      expect(hits.length, `${behaviour}: ${summary(report).join('; ')}`).toBeGreaterThan(0);
      // A finding on mcpact's policy beside it (an accepted undeclared property) is a warning at most.
      const onSpec = hits.filter((finding) => finding.spec?.basis !== 'policy');
      expect(onSpec.length, behaviour).toBeGreaterThan(0);
      expect(
        onSpec.every((finding) => finding.severity === expected.severity),
        behaviour,
      ).toBe(true);
      expect(
        hits.every((finding) => finding.spec?.basis !== 'policy' || finding.severity !== 'error'),
        behaviour,
      ).toBe(true);
      for (const finding of hits) expect(finding.spec?.revision, behaviour).toBe(report.protocolVersion);
    });
  });
});

describe('error-contract fixture over stdio', () => {
  it('answers correctly as a process, and a crash is a crash', async () => {
    const [correct, crashes] = await Promise.all([run('tools-errors.js', ['correct']), run('tools-errors.js', ['invalid-crashes'])]);
    expect(correct.findings).toEqual([]);
    expect(crashes.findings.find((finding) => finding.ruleId === 'tools/call-answered')?.message).toContain('the connection closed');
  });
});

describe('poisoned server', () => {
  it('yields exactly the findings it was built for', async () => {
    const report = await run('poisoned.js');
    const found: Record<string, string[]> = {};
    for (const finding of report.findings.filter((entry) => entry.ruleId.startsWith('security/'))) {
      (found[finding.ruleId] ??= []).push(finding.location.name ?? 'server');
    }
    for (const names of Object.values(found)) names.sort();
    expect(found).toEqual(FINDINGS);
    // A read-only hint that contradicts the tool's name is not trusted: delete_note is never called.
    expect(report.rules.find((rule) => rule.id === 'tools/valid-input')?.reason).toContain('"delete_note" (annotated read-only, but');
  });
});

describe('collisions server', () => {
  it('flags the near-identical pair over different inputs and leaves the ordinary family alone', async () => {
    const report = await run('collisions.js', ['crm']);
    const collisions = report.findings.filter((finding) => finding.ruleId === 'tools/description-collision');
    expect(collisions.map((finding) => [finding.location.name, finding.data?.other])).toEqual([['add_person', 'create_contact']]);
    expect(report.findings.filter((finding) => finding.ruleId.startsWith('security/'))).toEqual([]);
  });
});
