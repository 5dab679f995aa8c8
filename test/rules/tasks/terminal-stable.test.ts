import { terminalStable } from '../../../src/rules/tasks/terminal-stable.js';
import { ruleTester } from '../../support/rule-tester.js';
import { tasksHttp, tasksStdio } from '../../support/tasks.js';

const goodHttp = tasksHttp();
const defectHttp = tasksHttp('terminal-changes');
const finding = {
  message: 'the task of "weekly_digest" was "completed", then "failed"',
  location: { kind: 'tool' as const, name: 'weekly_digest', pointer: '/status' },
  data: { terminal: 'completed', then: 'failed' },
  basis: 'policy' as const,
  severity: 'warning' as const,
};

ruleTester(terminalStable, {
  valid: [
    { name: 'completed, and completed again, over stdio', target: tasksStdio(), era: 'modern' },
    { name: 'completed, and completed again, over Streamable HTTP', target: goodHttp, era: 'modern' },
  ],
  invalid: [
    { name: 'completed, then failed, over stdio', target: tasksStdio('terminal-changes'), era: 'modern', findings: [finding] },
    { name: 'completed, then failed, over Streamable HTTP', target: defectHttp, era: 'modern', findings: [finding] },
  ],
  inconclusive: [
    {
      name: 'a task still working when mcpact stops polling',
      target: tasksStdio('stays-working'),
      era: 'modern',
      reason: 'no task was seen again after it reached a terminal status',
    },
  ],
});
