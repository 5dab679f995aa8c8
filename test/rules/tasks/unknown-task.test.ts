import { unknownTask } from '../../../src/rules/tasks/unknown-task.js';
import { ruleTester } from '../../support/rule-tester.js';
import { tasksHttp, tasksStdio } from '../../support/tasks.js';

const goodHttp = tasksHttp();
const defectHttp = tasksHttp('unknown-task-code');
const finding = {
  message: 'tasks/get of an unknown task id was answered with JSON-RPC error -32603; expected JSON-RPC error -32602',
  location: { kind: 'server' as const },
  data: { code: -32603, expected: -32602 },
};

ruleTester(unknownTask, {
  valid: [
    { name: 'invalid params, over stdio', target: tasksStdio(), era: 'modern' },
    { name: 'invalid params, over Streamable HTTP', target: goodHttp, era: 'modern' },
  ],
  invalid: [
    { name: 'an internal error, over stdio', target: tasksStdio('unknown-task-code'), era: 'modern', findings: [finding] },
    { name: 'an internal error, over Streamable HTTP', target: defectHttp, era: 'modern', findings: [finding] },
  ],
});
