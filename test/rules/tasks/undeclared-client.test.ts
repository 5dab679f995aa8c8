import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../../src/config/schema.js';
import { runServer } from '../../../src/engine/runner.js';
import { resultType } from '../../../src/rules/protocol/result-type.js';
import { undeclaredClient } from '../../../src/rules/tasks/undeclared-client.js';
import { validInput } from '../../../src/rules/tools/valid-input.js';
import { ruleTester } from '../../support/rule-tester.js';
import { tasksHttp, tasksStdio } from '../../support/tasks.js';

const goodHttp = tasksHttp();
const taskHttp = tasksHttp('task-undeclared');
const getHttp = tasksHttp('get-undeclared');
const task = [
  {
    message: 'tools/call of "weekly_digest" without the extension declared was answered with a task (resultType "task")',
    location: { kind: 'tool' as const, name: 'weekly_digest', pointer: '/resultType' },
  },
];
const get = [
  {
    message: 'tasks/get without the extension declared was answered with a result; expected JSON-RPC error -32021',
    location: { kind: 'tool' as const, name: 'weekly_digest' },
    data: { expected: -32021 },
  },
];

ruleTester(undeclaredClient, {
  valid: [
    { name: 'the tool result, and -32021 for tasks/get, over stdio', target: tasksStdio(), era: 'modern' },
    { name: 'the tool result, and -32021 for tasks/get, over Streamable HTTP', target: goodHttp, era: 'modern' },
  ],
  invalid: [
    { name: 'a task for a request that did not declare the extension, over stdio', target: tasksStdio('task-undeclared'), era: 'modern', findings: task },
    { name: 'a task for a request that did not declare the extension, over Streamable HTTP', target: taskHttp, era: 'modern', findings: task },
    { name: 'tasks/get served without the extension, over stdio', target: tasksStdio('get-undeclared'), era: 'modern', findings: get },
    { name: 'tasks/get served without the extension, over Streamable HTTP', target: getHttp, era: 'modern', findings: get },
  ],
});

describe('one cause, one finding', () => {
  it("a task for a request that did not declare the extension is not protocol/result-type's too", async () => {
    const report = await runServer(
      {
        name: 'fixture',
        target: tasksStdio('task-undeclared')(),
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 500, run_ms: 10_000 },
        expect: {},
        levels: {},
        settings: {},
        protocolEra: 'modern',
      },
      { rules: [undeclaredClient, resultType, validInput], clientVersion: 'test', concurrency: 4 },
    );
    expect(report.findings.filter((finding) => finding.ruleId === 'tasks/undeclared-client')).toHaveLength(1);
    expect(report.findings.filter((finding) => finding.ruleId === 'protocol/result-type')).toEqual([]);
  });
});
