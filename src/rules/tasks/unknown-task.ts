import { defineRule } from '../../engine/rule.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';
import { UNKNOWN_TASK_ID } from '../../exercise/injected.js';
import { declaringTasks, tasksSkip } from '../../exercise/tasks.js';
import { describeOutcome } from '../outcome.js';
import { tasksSpec } from './shared.js';

export const unknownTask = defineRule({
  id: 'tasks/unknown-task',
  family: 'tasks',
  description: 'tasks/get of a task id the server never issued is answered -32602 (invalid params).',
  defaultSeverity: 'error',
  spec: tasksSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'sep-2663#protocol-errors',
    quote: 'Invalid or nonexistent `taskId`: `-32602` (Invalid params) Servers MUST return this error for `tasks/get`.',
  }),
  docs:
    'A client that polls a task the server no longer has (purged after its TTL, or never made) must learn so ' +
    'from the code: -32602. mcpact asks tasks/get for a task id no server issued, with the extension declared. A ' +
    "result, no answer or another code is a finding; the message is the server's to word. (-32602 is a SHOULD for " +
    'tasks/update and tasks/cancel, which mcpact does not probe with unknown ids.)',
  async check({ surface, probe, report, skip, inconclusive }) {
    const why = tasksSkip(surface);
    if (why !== undefined) return skip(why);
    const outcome = await probe.request('tasks/get', declaringTasks({ taskId: UNKNOWN_TASK_ID }), { bad: 'tasks/get of a task id no server issued' });
    if (outcome.kind === 'error' && outcome.code === -32602) return;
    if (outcome.kind === 'timeout') return inconclusive(`tasks/get of an unknown task got ${describeOutcome(outcome)}`);
    report({
      message: `tasks/get of an unknown task id was answered with ${describeOutcome(outcome)}; expected JSON-RPC error -32602`,
      location: { kind: 'server' },
      answer: answerOf(outcome),
      data: { outcome: outcome.kind, code: outcome.kind === 'error' ? outcome.code : undefined, said: wordsOf(outcome), expected: -32602 },
    });
  },
});
