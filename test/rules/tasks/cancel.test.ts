import { cancel } from '../../../src/rules/tasks/cancel.js';
import { ruleTester } from '../../support/rule-tester.js';
import { tasksHttp, tasksStdio } from '../../support/tasks.js';

const goodHttp = tasksHttp();
const defectHttp = tasksHttp('cancel-returns-task');
const finding = {
  message: 'tasks/cancel of the task of "weekly_digest": the acknowledgement is not empty ("taskId", "status", "createdAt", "lastUpdatedAt", "ttlMs", …)',
  location: { kind: 'tool' as const, name: 'weekly_digest' },
  severity: 'error' as const,
};

ruleTester(cancel, {
  valid: [
    { name: 'an empty acknowledgement, over stdio', target: tasksStdio(), era: 'modern' },
    { name: 'an empty acknowledgement, over Streamable HTTP', target: goodHttp, era: 'modern' },
  ],
  invalid: [
    { name: 'the task instead of an acknowledgement, over stdio', target: tasksStdio('cancel-returns-task'), era: 'modern', findings: [finding] },
    { name: 'the task instead of an acknowledgement, over Streamable HTTP', target: defectHttp, era: 'modern', findings: [finding] },
  ],
});
