/**
 * The bounds of the Tasks exercise (src/exercise/tasks.ts), against in-process fakes: which tools it starts tasks
 * on, what it declares, how often and how long it polls, and what it will not send back.
 */
import { describe, expect, it } from 'vitest';
import { MAX_POLLS, TASKS_EXTENSION } from '../../src/exercise/tasks.js';
import { getResult } from '../../src/rules/tasks/get-result.js';
import type { FakeServerSpec } from '../support/fake-server.js';
import { runRuleOnFake } from '../support/rule-tester.js';

const readOnly = { name: 'digest', description: 'A digest.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };
const writes = { name: 'archive', description: 'Archive the digest.', inputSchema: { type: 'object' } };

interface Seen {
  calls: Record<string, unknown>[];
  gets: number;
}

/** A modern fake that declares the extension and answers every tools/call with a task shaped by `task`. */
function tasksServer(seen: Seen, task: Record<string, unknown>, get: () => Record<string, unknown> = () => ({ status: 'working' })): FakeServerSpec {
  return {
    modern: true,
    tools: [readOnly, writes],
    capabilities: { tools: {}, extensions: { [TASKS_EXTENSION]: {} } },
    handle(method, params) {
      if (method === 'tools/call') {
        seen.calls.push(params ?? {});
        return { result: { resultType: 'task', taskId: 't-1', status: 'working', createdAt: 'x', lastUpdatedAt: 'x', ttlMs: null, ...task } };
      }
      if (method === 'tasks/get') {
        seen.gets++;
        return { result: { resultType: 'complete', taskId: params?.taskId, createdAt: 'x', lastUpdatedAt: 'x', ttlMs: null, ...get() } };
      }
      if (method === 'tasks/cancel') return { result: { resultType: 'complete' } };
      return undefined;
    },
  };
}

describe('the Tasks exercise', () => {
  it('starts tasks only on tools the safe-call policy allows, declaring the extension on those calls', async () => {
    const seen: Seen = { calls: [], gets: 0 };
    await runRuleOnFake(
      getResult,
      tasksServer(seen, { pollIntervalMs: 0 }, () => ({ status: 'completed', result: { content: [] } })),
      {},
      {},
      [],
      'modern',
    );
    expect(seen.calls.map((call) => call.name)).toEqual(['digest', 'digest']);
    for (const call of seen.calls) {
      const meta = call._meta as Record<string, Record<string, unknown>>;
      expect(meta['io.modelcontextprotocol/clientCapabilities']).toEqual({ extensions: { [TASKS_EXTENSION]: {} } });
    }
  });

  it('polls a task that never ends at most MAX_POLLS times, and reaches no verdict', async () => {
    const seen: Seen = { calls: [], gets: 0 };
    const report = await runRuleOnFake(getResult, tasksServer(seen, { pollIntervalMs: 0 }), {}, {}, [], 'modern');
    // The followed task's polls, and the cancelled one's single poll after its acknowledgement.
    expect(seen.gets).toBe(MAX_POLLS + 1);
    expect(report.rules[0]).toMatchObject({ status: 'inconclusive', reason: expect.stringContaining('still not terminal') });
  });

  it('does not wait past its deadline for a poll interval longer than that', async () => {
    const seen: Seen = { calls: [], gets: 0 };
    const started = performance.now();
    const report = await runRuleOnFake(getResult, tasksServer(seen, { pollIntervalMs: 3_600_000 }), {}, {}, [], 'modern');
    expect(seen.gets).toBe(0);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(report.rules[0]?.status).toBe('inconclusive');
  });

  it('sends no taskId longer than 1,000 characters back', async () => {
    const seen: Seen = { calls: [], gets: 0 };
    const report = await runRuleOnFake(getResult, tasksServer(seen, { taskId: 'x'.repeat(5_000), pollIntervalMs: 0 }), {}, {}, [], 'modern');
    expect(seen.gets).toBe(0);
    expect(report.rules[0]).toMatchObject({ status: 'inconclusive', reason: expect.stringContaining('no taskId mcpact could poll') });
  });
});
