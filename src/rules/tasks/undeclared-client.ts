import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { taskExercise, taskOf, tasksSkip } from '../../exercise/tasks.js';
import { callAnswer } from '../../exercise/tools.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { taskLocation, tasksSpec } from './shared.js';

const REFUSED_SPEC = tasksSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'sep-2663#protocol-errors',
  quote: 'Servers MUST return this error for non-declaring clients issuing `tasks/get`, `tasks/update`, and `tasks/cancel` requests.',
  note: 'This error: -32021 (Missing Required Client Capability).',
});

/** MISSING_REQUIRED_CLIENT_CAPABILITY (2026-07-28 basic/index#error-codes). */
const MISSING_CAPABILITY = -32021;

export const undeclaredClient = defineRule({
  id: 'tasks/undeclared-client',
  family: 'tasks',
  description: 'A request that does not declare the extension gets no task: tools/call answers without one, tasks/get -32021.',
  defaultSeverity: 'error',
  spec: tasksSpec({
    keyword: 'MUST NOT',
    binds: 'server',
    section: 'sep-2663#capability-negotiation',
    quote:
      'A server MUST NOT return `CreateTaskResult` to a client that did not include the extension capability on its request, regardless of prior declarations.',
  }),
  alsoQuotes: { refused: REFUSED_SPEC },
  docs:
    "The extension is negotiated per request: a client that does not declare it in that request's capabilities " +
    "cannot read a task handle, whatever it declared before. mcpact's own requests declare no client capability. " +
    'Once a call with the extension declared made a task (tasks/create-result), the same call without it (the ' +
    "valid call the tools rules make, sent once) must come back as the tool's result or a -32021 error, never " +
    '`resultType: "task"`; and tasks/get of that very task without the extension must be refused with -32021 ' +
    '(Missing Required Client Capability), not answered. Skipped when no call made a task.',
  async check(context) {
    const skip = tasksSkip(context.surface);
    if (skip !== undefined) return context.skip(skip);
    const exercise = await taskExercise(context);
    const task = exercise.followed;
    if (task === undefined) return context.skip(exercise.none ?? 'no task was made');
    const { outcome: plain } = await callAnswer(context, task.call);
    if (taskOf(plain) !== undefined)
      context.report({
        message: `tools/call of ${quote(task.tool, 60)} without the extension declared was answered with a task (resultType "task")`,
        location: taskLocation(task.tool, '/resultType'),
      });
    if (task.taskId === undefined) return;
    const outcome = await context.probe.request('tasks/get', { taskId: task.taskId }, { bad: 'tasks/get without the extension declared', sameSession: true });
    if (outcome.kind === 'error' && outcome.code === MISSING_CAPABILITY) return;
    if (outcome.kind === 'timeout') return context.inconclusive(`tasks/get without the extension declared got ${describeOutcome(outcome)}`);
    context.report({
      message: `tasks/get without the extension declared was answered with ${describeOutcome(outcome)}; expected JSON-RPC error -32021`,
      location: taskLocation(task.tool),
      answer: answerOf(outcome),
      data: { code: outcome.kind === 'error' ? outcome.code : undefined, expected: MISSING_CAPABILITY },
      spec: REFUSED_SPEC,
    });
  },
});
