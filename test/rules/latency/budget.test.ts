import { describe, expect, it } from 'vitest';
import { budget } from '../../../src/rules/latency/budget.js';
import { runServer } from '../../../src/engine/runner.js';
import { DEFAULT_TIMEOUTS, type ServerSettings } from '../../../src/config/schema.js';
import type { LatencyConfig } from '../../../src/config/latency.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeServerTransport, type FakeServerSpec, type Reply } from '../../support/fake-server.js';

const READ_ONLY = { readOnlyHint: true };
const tool = (name: string, annotations: Record<string, unknown> = READ_ONLY) => ({
  name,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  annotations,
});

/**
 * Tools that answer at once, after 25 ms, with isError, with an input_required result of 2026-07-28 (a question
 * back, not the work), never, or that change something (so never timed).
 */
function server(calls: string[] = []): FakeServerSpec {
  return {
    tools: [tool('lookup'), tool('slow_lookup'), tool('flaky'), tool('ask'), tool('hang'), tool('write_note', {})],
    handle(method, params): Reply | undefined {
      if (method !== 'tools/call') return undefined;
      calls.push(String(params?.name));
      const ok: Reply = { result: { content: [{ type: 'text', text: 'ok' }] } };
      switch (params?.name) {
        case 'slow_lookup':
          return { delayMs: 25, reply: ok };
        case 'flaky':
          return { result: { content: [{ type: 'text', text: 'backend down' }], isError: true } };
        case 'ask':
          return { result: { resultType: 'input_required', inputRequests: { city: { method: 'elicitation/create', params: { message: 'Which city?' } } } } };
        case 'lookup':
          return { result: { content: [{ type: 'text', text: 'ok' }], resultType: 'complete' } };
        case 'hang':
          return { silent: true };
        default:
          return ok;
      }
    },
  };
}

const latency = (config: LatencyConfig): ServerSettings => ({ latency: config });

ruleTester(budget, {
  valid: [
    {
      name: 'within budget; a tool the policy forbids is skipped, never called',
      server: server(),
      settings: latency({ samples: 3, p50_ms: 1000, p95_ms: 1000, tools: ['lookup', 'write_note'] }),
    },
    { name: 'no budget: measured only', server: server(), settings: latency({ samples: 2, tools: ['flaky'] }) },
  ],
  invalid: [
    {
      name: 'p50 and p95 over the per-tool budget',
      server: server(),
      settings: latency({ samples: 3, warmup: 0, p95_ms: 1000, tools: ['lookup', 'slow_lookup'], per_tool: { slow_lookup: { p50_ms: 10, p95_ms: 10 } } }),
      findings: [
        {
          message: /^tool "slow_lookup": p50 is [\d.]+ ms, over its budget of 10 ms \(3 samples\)$/,
          location: { kind: 'tool', name: 'slow_lookup' },
          data: { tool: 'slow_lookup', percentile: 'p50', budgetMs: 10 },
        },
        {
          message: /^tool "slow_lookup": p95 is [\d.]+ ms, over its budget of 10 ms \(3 samples\)$/,
          data: { percentile: 'p95', budget: { p50Ms: 10, p95Ms: 10 } },
        },
      ],
    },
    {
      name: 'isError results are not samples, and a tool the server lacks',
      server: server(),
      settings: latency({ samples: 3, p95_ms: 100, tools: ['flaky', 'ghost'] }),
      findings: [
        {
          message: 'tool "flaky": none of 3 timed calls succeeded (3 errors), so its budget cannot be checked',
          data: { samples: 0, errors: 3, timeouts: 0, p95Ms: null },
        },
        { message: 'latency.tools names tool "ghost", which the server does not list', location: { kind: 'tool', name: 'ghost' } },
      ],
    },
    {
      name: 'input_required results (2026-07-28) are not samples: the tool asked for more instead of answering',
      server: server(),
      settings: latency({ samples: 2, p95_ms: 100, tools: ['ask'] }),
      findings: [
        { message: 'tool "ask": none of 2 timed calls succeeded (2 errors), so its budget cannot be checked', data: { samples: 0, errors: 2, p95Ms: null } },
      ],
    },
  ],
  skipped: [
    { name: 'no latency config', server: server(), skipped: 'no latency in the config' },
    {
      name: 'every listed tool forbidden',
      server: server(),
      settings: latency({ p95_ms: 10, tools: ['write_note'] }),
      skipped: /no tool could be timed: "write_note": not called: not annotated readOnlyHint: true/,
    },
  ],
});

describe('latency/budget measurements', () => {
  const run = (settings: ServerSettings, spec: FakeServerSpec, callMs = DEFAULT_TIMEOUTS.call_ms) =>
    runServer(
      {
        name: 'fake',
        target: { kind: 'memory', transport: fakeServerTransport(spec) },
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: callMs },
        expect: {},
        levels: {},
        settings,
      },
      { rules: [budget], clientVersion: 'test', concurrency: 4 },
    );

  it('reports per-tool and overall numbers whether or not a budget failed; warm-up calls are not counted', async () => {
    const calls: string[] = [];
    const report = await run(latency({ samples: 4, warmup: 2, p95_ms: 5000, tools: ['lookup', 'flaky', 'write_note'] }), server(calls));
    expect(report.rules[0]?.status).toBe('fail'); // flaky: no successful sample
    expect(calls.filter((name) => name === 'lookup')).toHaveLength(6);
    expect(calls).not.toContain('write_note');
    expect(report.latency).toMatchObject({
      tools: [
        { name: 'lookup', samples: 4, errors: 0, timeouts: 0, budget: { p95Ms: 5000 } },
        { name: 'flaky', samples: 0, errors: 4, timeouts: 0, p50Ms: null, p95Ms: null },
      ],
      overall: { samples: 4 },
      skipped: [{ name: 'write_note', reason: expect.stringContaining('not annotated readOnlyHint: true') }],
    });
    expect(report.latency?.tools[0]?.p95Ms).toEqual(expect.any(Number));
    expect(report.rules[0]?.reason).toContain('not timed: "write_note"');
  });

  it('defaults to every tool the safe-call policy allows, with generated arguments', async () => {
    const calls: string[] = [];
    const spec = server(calls);
    spec.tools = [tool('lookup'), tool('write_note', {})];
    const report = await run(latency({ samples: 1, warmup: 0 }), spec);
    expect(report.rules[0]?.status).toBe('pass');
    expect(calls).toEqual(['lookup']);
  });

  it('counts timeouts apart, stops after three, and fails the budget', async () => {
    const report = await run(latency({ samples: 10, warmup: 0, p95_ms: 1000, tools: ['hang'] }), server(), 30);
    expect(report.latency?.tools[0]).toMatchObject({ name: 'hang', samples: 0, timeouts: 3 });
    expect(report.findings.map((finding) => finding.message)).toEqual([
      'tool "hang": 3 of 3 timed calls got no answer within 30 ms (timing stopped after 3), over any budget',
    ]);
  });
});
