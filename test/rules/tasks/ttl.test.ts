import { ttl } from '../../../src/rules/tasks/ttl.js';
import { ruleTester } from '../../support/rule-tester.js';
import { tasksHttp, tasksStdio } from '../../support/tasks.js';

const goodHttp = tasksHttp();
const missingHttp = tasksHttp('no-ttl');
const purgeHttp = tasksHttp('early-purge');
const missing = [
  {
    message: 'the task of "weekly_digest": ttlMs is missing (null means unlimited)',
    location: { kind: 'tool' as const, name: 'weekly_digest', pointer: '/ttlMs' },
    severity: 'error' as const,
  },
];
const purged = [
  {
    message: 'tasks/get for the task of "weekly_digest" answered -32602 (not found) before its ttlMs of 60000 ms had passed since the call',
    data: { ttlMs: 60_000 },
    basis: 'policy' as const,
    severity: 'warning' as const,
  },
];

ruleTester(ttl, {
  valid: [
    { name: 'ttlMs on every answer, and the task kept, over stdio', target: tasksStdio(), era: 'modern' },
    { name: 'ttlMs on every answer, and the task kept, over Streamable HTTP', target: goodHttp, era: 'modern' },
  ],
  invalid: [
    { name: 'no ttlMs, over stdio', target: tasksStdio('no-ttl'), era: 'modern', findings: missing },
    { name: 'no ttlMs, over Streamable HTTP', target: missingHttp, era: 'modern', findings: missing },
    { name: 'gone before its TTL, over stdio', target: tasksStdio('early-purge'), era: 'modern', findings: purged },
    { name: 'gone before its TTL, over Streamable HTTP', target: purgeHttp, era: 'modern', findings: purged },
  ],
});
