import { getResult } from '../../../src/rules/tasks/get-result.js';
import { ruleTester } from '../../support/rule-tester.js';
import { tasksHttp, tasksStdio } from '../../support/tasks.js';

const goodHttp = tasksHttp();
const defectHttp = tasksHttp('no-inline-result');
const finding = {
  message: 'tasks/get for the task of "weekly_digest": status "completed" without the tool\'s result inline (result)',
  location: { kind: 'tool' as const, name: 'weekly_digest', pointer: '/result' },
};

ruleTester(getResult, {
  valid: [
    { name: 'the result inline once completed, over stdio', target: tasksStdio(), era: 'modern' },
    { name: 'the result inline once completed, over Streamable HTTP', target: goodHttp, era: 'modern' },
  ],
  invalid: [
    { name: 'completed without its result, over stdio', target: tasksStdio('no-inline-result'), era: 'modern', findings: [finding] },
    { name: 'completed without its result, over Streamable HTTP', target: defectHttp, era: 'modern', findings: [finding] },
  ],
  inconclusive: [
    {
      name: 'a task still working when mcpact stops polling',
      target: tasksStdio('stays-working'),
      era: 'modern',
      reason: 'was still not terminal when mcpact stopped polling',
    },
  ],
});
