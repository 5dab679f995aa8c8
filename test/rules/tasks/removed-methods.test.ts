import { removedMethods } from '../../../src/rules/tasks/removed-methods.js';
import { ruleTester } from '../../support/rule-tester.js';
import { erasStdio } from '../../support/eras.js';
import { tasksHttp, tasksStdio } from '../../support/tasks.js';

const goodHttp = tasksHttp();
const defectHttp = tasksHttp('tasks-result-served');
const finding = {
  message: 'tasks/result was answered with JSON-RPC error -32602; expected JSON-RPC error -32601',
  location: { kind: 'server' as const },
  data: { code: -32602, expected: -32601 },
};

ruleTester(removedMethods, {
  valid: [
    { name: 'tasks/result is method not found, over stdio', target: tasksStdio(), era: 'modern' },
    { name: 'tasks/result is method not found, over Streamable HTTP', target: goodHttp, era: 'modern' },
  ],
  invalid: [
    { name: "the draft's tasks/result still served, over stdio", target: tasksStdio('tasks-result-served'), era: 'modern', findings: [finding] },
    { name: "the draft's tasks/result still served, over Streamable HTTP", target: defectHttp, era: 'modern', findings: [finding] },
  ],
  skipped: [
    { name: 'a server without the extension', target: erasStdio('modern'), era: 'modern', skipped: 'does not declare the io.modelcontextprotocol/tasks' },
  ],
});
