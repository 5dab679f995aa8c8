/**
 * Families share the run's time: a server whose every tools/call hangs would use up the run deadline on tool calls
 * alone, and every request of another family would wait behind them. The families take turns for a free slot, and
 * at their share of the run the family still waiting is cut short, with the reason on its rules and the report.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { fakeServerTransport } from '../support/fake-server.js';
import { READ_ONLY, toolsServer } from '../rules/tools/tools-fake.js';

/** 30 read-only tools, each with a required string and an optional bounded integer; every call hangs. */
const hanging = toolsServer(
  Array.from({ length: 30 }, (_, index) => ({
    definition: {
      name: `tool_${index}`,
      description: `Tool number ${index}.`,
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', minLength: 1, maxLength: 20 }, limit: { type: 'integer', minimum: 1, maximum: 5 } },
        required: ['query'],
        additionalProperties: false,
      },
      annotations: READ_ONLY,
    },
    run: () => ({ silent: true }),
  })),
  { unknown: { silent: true }, malformed: { silent: true }, invalid: () => ({ silent: true }) },
);

describe('a family whose every request hangs', () => {
  it('does not starve the others: they finish, and it is cut short at its share of the run, saying so', async () => {
    const rules = ALL_RULES.filter((rule) => rule.family === 'tools' || rule.family === 'protocol');
    const report = await runServer(
      {
        name: 'hanging-tools',
        target: { kind: 'memory', transport: fakeServerTransport(hanging) },
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 100, run_ms: 2_000 },
        expect: {},
        levels: {},
        settings: {},
      },
      { rules, clientVersion: 'test', concurrency: 4 },
    );
    const protocol = report.rules.filter((rule) => rule.family === 'protocol');
    expect(protocol.filter((rule) => rule.status === 'error').map((rule) => [rule.id, rule.reason])).toEqual([]);
    expect(protocol.find((rule) => rule.id === 'protocol/ping')?.status).toBe('pass');
    const cut = report.rules.filter((rule) => rule.family === 'tools' && rule.status === 'error');
    expect(cut.length).toBeGreaterThan(0);
    for (const rule of cut) expect(rule.reason).toMatch(/^cut short: the rule families' share of the run \(1800 of 2000 ms.*requests? of the tools family/);
    // Not everything was tested: the report says what was cut and why (exit 2).
    expect(report.complete).toBe(false);
    expect(report.error).toMatch(/could not finish: cut short/);
  });
});

/**
 * The same tools, whose every call is answered soon, but with an error whose id is null (cratesio-mcp 0.4.4). The
 * answers come 50 ms late, so several calls are in flight when one comes, and none can be told its own.
 */
const anonymous = { delayMs: 50, reply: { raw: { jsonrpc: '2.0', id: null, error: { code: -32602, message: 'invalid params' } } } };
const refusing = toolsServer(
  Array.from({ length: 30 }, (_, index) => ({
    definition: { name: `tool_${index}`, description: `Tool number ${index}.`, inputSchema: { type: 'object', properties: {} }, annotations: READ_ONLY },
    run: () => anonymous,
  })),
  { unknown: anonymous, malformed: anonymous, invalid: () => anonymous },
);

describe('a family whose every answer comes with id null', () => {
  it('is cut short for the answers mcpact could not match, not for a slow server, and the id-null answers are one finding', async () => {
    const rules = ALL_RULES.filter((rule) => rule.family === 'tools' || rule.family === 'protocol');
    const report = await runServer(
      {
        name: 'anonymous-errors',
        target: { kind: 'memory', transport: fakeServerTransport(refusing) },
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 400, run_ms: 2_000 },
        expect: {},
        levels: {},
        settings: {},
      },
      { rules, clientVersion: 'test', concurrency: 4 },
    );
    const cut = report.rules.filter((rule) => rule.family === 'tools' && rule.status === 'error');
    expect(cut.length).toBeGreaterThan(0);
    for (const rule of cut) {
      expect(rule.reason).toMatch(/error answers? came with id null, so requests waited for answers that had come without their id/);
      expect(rule.reason).not.toContain('too slowly');
    }
    const found = report.findings.filter((finding) => finding.ruleId === 'protocol/error-response-id');
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toMatch(/^\d+ error response\(s\) came with id null/);
    // Those that came while it watched for an answer to its notification are not taken for one.
    expect(report.findings.filter((finding) => finding.ruleId === 'protocol/notification-not-answered')).toEqual([]);
  });
});
