import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { isTerminal, taskExercise, tasksSkip } from '../../exercise/tasks.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { keptValue, taskLocation, tasksSpec } from './shared.js';

const RESULT_TYPE_SPEC = tasksSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'sep-2663#task-cancellation',
  quote: 'The `resultType` field MUST be set to `"complete"` on `CancelTaskResult` as it is the standard result shape for the `tasks/cancel` request.',
});

/** What an empty acknowledgement may hold: the result fields every result may carry. */
const ACK_KEYS: readonly string[] = ['resultType', '_meta'];

export const cancel = defineRule({
  id: 'tasks/cancel',
  family: 'tasks',
  description: 'tasks/cancel of a task the server made is acknowledged with an empty result (resultType "complete").',
  defaultSeverity: 'error',
  spec: tasksSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'sep-2663#task-cancellation',
    quote: 'The server MUST acknowledge the request with an empty result.',
    note: 'The 2025-11-25 draft answered tasks/cancel with the task, and refused a terminal task with -32602; the Final text makes the answer an acknowledgement and cancellation cooperative.',
  }),
  alsoQuotes: { resultType: RESULT_TYPE_SPEC },
  docs:
    'mcpact makes a second task with the same call (tasks/create-result) and cancels it at once. The answer is ' +
    'an acknowledgement, nothing more: an empty result with `resultType: "complete"` (and `_meta` if any), not ' +
    'the task as the 2025-11-25 draft returned it. Cancellation is cooperative and eventually consistent, so what ' +
    'the task does next is not judged here (tasks/terminal-stable compares its statuses). -32601 from a server ' +
    'that declares the extension is a finding, and so is -32602 for a task it had just reported not terminal; ' +
    'an error for a task already terminal is no verdict (the Final text does not say), nor is a second call ' +
    'that made no task.',
  async check(context) {
    const skip = tasksSkip(context.surface);
    if (skip !== undefined) return context.skip(skip);
    const exercise = await taskExercise(context);
    const task = exercise.cancelled;
    if (task === undefined) return context.skip(exercise.none ?? 'no task was made');
    if (!('created' in task)) return context.skip(task.none);
    const { cancel: outcome, tool } = task;
    const where = `tasks/cancel of the task of ${quote(tool, 60)}`;
    if (outcome.kind === 'error') {
      const terminal = isTerminal(task.task.status);
      if (outcome.code === -32601 || (outcome.code === -32602 && !terminal))
        return context.report({
          message: `${where} answered ${describeOutcome(outcome)}, not an acknowledgement${outcome.code === -32602 ? `, though the task was ${quote(task.task.status, 40)}` : ''}`,
          location: taskLocation(tool),
          answer: answerOf(outcome),
          data: { code: outcome.code },
        });
      return context.inconclusive(`${where} answered ${describeOutcome(outcome)} for a task already ${quote(task.task.status, 40)}`);
    }
    if (outcome.kind !== 'result') return context.inconclusive(`${where} got ${describeOutcome(outcome)}`);
    const result = asRecord(outcome.result);
    if (result === undefined)
      return context.report({ message: `${where}: the result is not an object`, location: taskLocation(tool), data: { result: typeof outcome.result } });
    const extra = Object.keys(result).filter((key) => !ACK_KEYS.includes(key));
    if (extra.length > 0)
      context.report({
        message: `${where}: the acknowledgement is not empty (${extra
          .slice(0, 5)
          .map((key) => quote(key, 30))
          .join(', ')}${extra.length > 5 ? ', …' : ''})`,
        location: taskLocation(tool),
        data: { fields: extra.slice(0, 20).map((key) => key.slice(0, 60)) },
      });
    if (result.resultType !== 'complete')
      context.report({
        message: `${where}: resultType is ${quote(result.resultType, 40)}, not "complete"`,
        location: taskLocation(tool, '/resultType'),
        data: { resultType: keptValue(result.resultType) },
        spec: RESULT_TYPE_SPEC,
      });
  },
});
