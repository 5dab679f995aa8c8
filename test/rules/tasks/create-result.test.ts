import { describe, expect, it } from 'vitest';
import { createResult } from '../../../src/rules/tasks/create-result.js';
import { runCase, ruleTester } from '../../support/rule-tester.js';
import { erasStdio } from '../../support/eras.js';
import { tasksHttp, tasksStdio } from '../../support/tasks.js';

const goodHttp = tasksHttp();
const timestampsHttp = tasksHttp('create-no-timestamps');
const durableHttp = tasksHttp('not-durable');
const timestamps = [
  { message: 'CreateTaskResult of "weekly_digest": createdAt is missing', location: { kind: 'tool' as const, name: 'weekly_digest', pointer: '/createdAt' } },
  { message: 'CreateTaskResult of "weekly_digest": lastUpdatedAt is missing', location: { pointer: '/lastUpdatedAt' } },
];
const durable = [
  {
    message: 'the first tasks/get for the task of "weekly_digest" answered -32602: the task was not found after its CreateTaskResult',
    data: { code: -32602 },
  },
];

ruleTester(createResult, {
  valid: [
    { name: 'a task with resultType "task" and every field, over stdio', target: tasksStdio(), era: 'modern' },
    { name: 'a task with resultType "task" and every field, over Streamable HTTP', target: goodHttp, era: 'modern' },
  ],
  invalid: [
    { name: 'no timestamps, over stdio', target: tasksStdio('create-no-timestamps'), era: 'modern', findings: timestamps },
    { name: 'no timestamps, over Streamable HTTP', target: timestampsHttp, era: 'modern', findings: timestamps },
    { name: 'not found by the first tasks/get, over stdio', target: tasksStdio('not-durable'), era: 'modern', findings: durable },
    { name: 'not found by the first tasks/get, over Streamable HTTP', target: durableHttp, era: 'modern', findings: durable },
  ],
  skipped: [
    { name: 'a server without the extension', target: erasStdio('modern'), era: 'modern', skipped: 'does not declare the io.modelcontextprotocol/tasks' },
    {
      name: 'a server that declares the extension but answers every call with the result (it may)',
      server: {
        modern: true,
        tools: [{ name: 'digest', description: 'A digest.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
        capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } },
        handle: (method) => (method === 'tools/call' ? { result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }] } } : undefined),
      },
      era: 'modern',
      skipped: 'no tools/call that declared the extension came back as a task (tried: "digest")',
    },
  ],
});

describe('tasks/create-result in the legacy era', () => {
  it('is not listed: the extension is not defined under 2025-11-25', async () => {
    const report = await runCase(createResult, { name: 'legacy', target: erasStdio('legacy'), era: 'legacy' });
    expect(report.era).toBe('legacy');
    expect(report.rules).toEqual([]);
  });
});
