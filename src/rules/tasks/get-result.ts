import { defineRule, type RuleContext } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { MAX_TASK_ID, startedTasks, taskExercise, tasksSkip, type StartedTask, type TaskPoll } from '../../exercise/tasks.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { quote, truncate } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { keptValue, reportOnce, TASK_SPEC, taskFieldProblems, taskLocation, tasksSpec } from './shared.js';

const RESULT_TYPE_SPEC = tasksSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'sep-2663#task-polling',
  quote: 'The `resultType` field MUST be set to `"complete"` on this object as it is the standard result shape for the `tasks/get` request.',
});

const FAILED_SPEC = tasksSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'sep-2663#task-polling',
  quote: 'If the status is `failed`, the server MUST return a `Task` object with status `failed` and the error that occurred during execution.',
});

const INPUT_SPEC = tasksSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'sep-2663#task-polling',
  quote:
    'If the status is `input_required`, the server MUST return a `Task` object with status `input_required` and an `inputRequests` field defined in Multi Round-Trip Requests.',
});

export const getResult = defineRule({
  id: 'tasks/get-result',
  family: 'tasks',
  description: 'tasks/get answers the task with resultType "complete", and a terminal task with its result (or error) inline.',
  defaultSeverity: 'error',
  spec: tasksSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'sep-2663#task-polling',
    quote:
      'If the status is `completed`, the server MUST return a `Task` object with status `completed` and a `result` field containing the final result of the task.',
  }),
  alsoQuotes: { resultType: RESULT_TYPE_SPEC, failed: FAILED_SPEC, inputRequired: INPUT_SPEC, task: TASK_SPEC },
  docs:
    'The Final text removed `tasks/result`: a client learns the outcome from tasks/get alone. mcpact polls the ' +
    'task a task-augmented call made (tasks/create-result), waiting the `pollIntervalMs` the server asks before ' +
    'each poll, until it has seen a terminal status twice or has waited three times `call_ms`. Every answer must be ' +
    'a Task with `resultType: "complete"` and the taskId asked for; `completed` carries the tool\'s result in ' +
    '`result`, `failed` the JSON-RPC error in `error`, `input_required` its `inputRequests`. A tasks/get answered ' +
    '-32601 by a server that made the task is a finding too. A task still working when mcpact stopped waiting, or ' +
    "a poll that got no answer, is no verdict (inconclusive). -32602 for the task is tasks/create-result's on the " +
    "first poll and tasks/ttl's later.",
  async check(context) {
    const skip = tasksSkip(context.surface);
    if (skip !== undefined) return context.skip(skip);
    const exercise = await taskExercise(context);
    const report = reportOnce(context.report);
    const tasks = startedTasks(exercise);
    if (tasks.length === 0) return context.skip(exercise.none ?? 'no task was made');
    let answered = 0;
    let undecided: string | undefined;
    for (const task of tasks) {
      for (const poll of task.polls) {
        if (poll.outcome.kind === 'result') {
          answered++;
          judge(report, task, asRecord(poll.outcome.result) ?? {});
        } else if (poll.outcome.kind === 'error' && poll.outcome.code === -32601) {
          answered++;
          report({
            message: `tasks/get for the task of ${quote(task.tool, 60)} answered -32601 (method not found), though the server made the task`,
            location: taskLocation(task.tool),
            answer: answerOf(poll.outcome),
            data: { code: poll.outcome.code },
          });
        } else if (!(poll.outcome.kind === 'error' && poll.outcome.code === -32602)) undecided ??= why(task, poll);
      }
    }
    if (exercise.followed?.end === 'no-id')
      undecided ??= `the task of ${quote(exercise.followed.tool, 60)} has no taskId mcpact could poll (a non-empty string of at most ${MAX_TASK_ID} characters)`;
    if (exercise.followed?.end === 'waited' || exercise.followed?.end === 'polls')
      undecided ??= `the task of ${quote(exercise.followed.tool, 60)} was still not terminal when mcpact stopped polling`;
    if (undecided !== undefined) context.inconclusive(undecided);
    else if (answered === 0) context.inconclusive('no tasks/get was answered with a result');
  },
});

function why(task: StartedTask, poll: TaskPoll): string {
  return `tasks/get for the task of ${quote(task.tool, 60)} got ${describeOutcome(poll.outcome)}`;
}

function judge(report: RuleContext['report'], task: StartedTask, result: JsonRecord): void {
  const where = `tasks/get for the task of ${quote(task.tool, 60)}`;
  const location = (pointer = '') => taskLocation(task.tool, pointer);
  if (result.resultType !== 'complete')
    report({
      message: `${where}: resultType is ${quote(result.resultType, 40)}, not "complete"`,
      location: location('/resultType'),
      data: { resultType: keptValue(result.resultType) },
      spec: RESULT_TYPE_SPEC,
    });
  if (typeof result.taskId === 'string' && result.taskId !== task.taskId)
    report({ message: `${where}: answered another taskId`, location: location('/taskId'), data: { answered: truncate(result.taskId, 200) }, spec: TASK_SPEC });
  for (const { pointer, problem } of taskFieldProblems(result))
    report({ message: `${where}: ${problem}`, location: location(pointer), data: { pointer }, spec: TASK_SPEC });
  if (result.status === 'completed' && asRecord(result.result) === undefined)
    report({
      message: `${where}: status "completed" without the tool's result inline (result)`,
      location: location('/result'),
      data: { status: result.status },
    });
  if (result.status === 'failed' && asRecord(result.error) === undefined)
    report({
      message: `${where}: status "failed" without the JSON-RPC error (error)`,
      location: location('/error'),
      data: { status: result.status },
      spec: FAILED_SPEC,
    });
  if (result.status === 'input_required' && asRecord(result.inputRequests) === undefined)
    report({
      message: `${where}: status "input_required" without inputRequests`,
      location: location('/inputRequests'),
      data: { status: result.status },
      spec: INPUT_SPEC,
    });
}
