import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { startedTasks, taskExercise, tasksSkip } from '../../exercise/tasks.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { keptValue, reportOnce, TASK_SPEC, taskFieldProblems, taskLocation, tasksSpec } from './shared.js';

const DURABLE_SPEC = tasksSpec({
  keyword: 'MUST NOT',
  binds: 'server',
  section: 'sep-2663#task-creation',
  quote:
    'A server MUST NOT return `CreateTaskResult` until the task is durably created — that is, until a `tasks/get` for the returned `taskId` would resolve.',
});

export const createResult = defineRule({
  id: 'tasks/create-result',
  family: 'tasks',
  description: 'A task-augmented tools/call answers a CreateTaskResult: resultType "task", the Task fields, and a task tasks/get already finds.',
  defaultSeverity: 'error',
  spec: tasksSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'sep-2663#polymorphic-results',
    quote: 'Servers MUST set `resultType` to `"task"` when returning a `CreateTaskResult` so that clients can distinguish it from a standard result.',
  }),
  alsoQuotes: { task: TASK_SPEC, durable: DURABLE_SPEC },
  docs:
    'Where a server declares the `io.modelcontextprotocol/tasks` extension, mcpact calls the tools the safe-call ' +
    "policy allows (docs/tools.md) with the extension declared in that request's capabilities; the server decides " +
    'per request whether to answer with a task. A task handle must say so with `resultType: "task"` (an answer ' +
    "with a `taskId` and a `status` but another resultType is read as the tool's own result), carry the Task " +
    'fields (`taskId`, a `status` of the five, `createdAt` and `lastUpdatedAt`, integer `pollIntervalMs` if any), ' +
    'and be durable: the first tasks/get for its taskId must find it, not answer -32602. `ttlMs` is ' +
    "tasks/ttl's. A server that answered every call with the tool's result is skipped: it may.",
  async check(context) {
    const skip = tasksSkip(context.surface);
    if (skip !== undefined) return context.skip(skip);
    const exercise = await taskExercise(context);
    // Both tasks come from one tool: a problem they share is one finding.
    const report = reportOnce(context.report);
    let judged = false;
    for (const { tool, outcome } of exercise.tried) {
      const result = outcome.kind === 'result' ? asRecord(outcome.result) : undefined;
      if (result === undefined || typeof result.taskId !== 'string' || typeof result.status !== 'string') continue;
      judged = true;
      report({
        message: `tools/call of ${quote(tool, 60)} answered a Task (taskId, status) with resultType ${quote(result.resultType, 40)}, not "task"`,
        location: taskLocation(tool, '/resultType'),
        data: { tool, resultType: keptValue(result.resultType) },
      });
    }
    const started = startedTasks(exercise);
    for (const task of started) {
      judged = true;
      for (const { pointer, problem } of taskFieldProblems(task.task)) {
        report({
          message: `CreateTaskResult of ${quote(task.tool, 60)}: ${problem}`,
          location: taskLocation(task.tool, pointer),
          data: { pointer },
          spec: TASK_SPEC,
        });
      }
    }
    const first = exercise.followed?.polls[0]?.outcome;
    if (exercise.followed !== undefined && first?.kind === 'error' && first.code === -32602) {
      report({
        message: `the first tasks/get for the task of ${quote(exercise.followed.tool, 60)} answered -32602: the task was not found after its CreateTaskResult`,
        location: taskLocation(exercise.followed.tool),
        answer: answerOf(first),
        data: { taskId: exercise.followed.taskId, code: first.code },
        spec: DURABLE_SPEC,
      });
    }
    if (!judged) context.skip(exercise.none ?? 'no task was made');
  },
});
