import { defineRule } from '../../engine/rule.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';
import { UNKNOWN_TASK_ID } from '../../exercise/injected.js';
import { declaringTasks, tasksSkip } from '../../exercise/tasks.js';
import { describeOutcome } from '../outcome.js';
import { tasksSpec } from './shared.js';

export const removedMethods = defineRule({
  id: 'tasks/removed-methods',
  family: 'tasks',
  description: 'tasks/result, which the Final text removed, is answered -32601 (method not found).',
  defaultSeverity: 'error',
  spec: tasksSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'sep-2663#backward-compatibility',
    quote: '`tasks/result` is removed; clients calling it MUST receive `-32601` (Method Not Found).',
    note: 'A row of the backward-compatibility table, for the modern protocol version (2026-07-28; the SEP names it by its working title 2026-06-30). The client receives what the server answers, so the sentence binds the server.',
  }),
  docs:
    "The experimental tasks of 2025-11-25 delivered a task's outcome through `tasks/result`, which blocked until " +
    'the task ended. The Final text removed it: the outcome comes inline in tasks/get (tasks/get-result), and a ' +
    'server that declares the extension answers tasks/result with -32601, so that a client written for the draft ' +
    'learns at once that the method is gone. mcpact sends tasks/result for a task id no server issued, with the ' +
    'extension declared; a result, no answer or another error code is a finding (a server still serving the ' +
    'draft typically answers -32602, task not found). `tasks/list`, removed as well, is left to ' +
    'protocol/unknown-method, since the text names no code for it.',
  async check({ surface, probe, report, skip, inconclusive }) {
    const why = tasksSkip(surface);
    if (why !== undefined) return skip(why);
    const outcome = await probe.request('tasks/result', declaringTasks({ taskId: UNKNOWN_TASK_ID }), {
      bad: 'tasks/result, a method the Tasks extension removed',
    });
    if (outcome.kind === 'error' && outcome.code === -32601) return;
    if (outcome.kind === 'timeout') return inconclusive(`tasks/result got ${describeOutcome(outcome)}`);
    report({
      message: `tasks/result was answered with ${describeOutcome(outcome)}; expected JSON-RPC error -32601`,
      location: { kind: 'server' },
      answer: answerOf(outcome),
      data: { outcome: outcome.kind, code: outcome.kind === 'error' ? outcome.code : undefined, said: wordsOf(outcome), expected: -32601 },
    });
  },
});
