import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { startedTasks, taskExercise, tasksSkip } from '../../exercise/tasks.js';
import type { RuleSpec } from '../../model/spec.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { numberWords, reportOnce, taskLocation, tasksSpec } from './shared.js';

const RETAINED_SPEC: RuleSpec = {
  ...tasksSpec({
    keyword: 'MAY',
    binds: 'server',
    section: 'sep-2663#task-polling',
    quote: 'Conversely, servers MAY mark a task as `failed` at any point after the TTL elapses, and subsequently delete it at any time.',
    note: 'And of ttlMs: "Time-to-live duration from creation in integer milliseconds, null for unlimited. The server may discard the task after the TTL elapses." (interface Task).',
  }),
  basis: 'policy',
  policy: 'A task stays retrievable with tasks/get until its ttlMs has elapsed: the text lets a server discard a task after its TTL, not before.',
};

export const ttl = defineRule({
  id: 'tasks/ttl',
  family: 'tasks',
  description: 'Every task answer carries ttlMs (integer milliseconds, or null for unlimited), and the task is not lost before it elapses.',
  defaultSeverity: 'error',
  spec: tasksSpec({
    keyword: 'SCHEMA',
    binds: 'server',
    section: 'sep-2663#tasks',
    quote: 'Task.ttlMs: number | null;',
    note: 'Its doc comment: "Time-to-live duration from creation in integer milliseconds, null for unlimited." The 2025-11-25 draft named it `ttl`.',
  }),
  alsoQuotes: { retained: RETAINED_SPEC },
  docs:
    'A task says how long the server keeps it: `ttlMs`, integer milliseconds from creation, or `null` for ' +
    'unlimited (the 2025-11-25 draft called it `ttl`). The CreateTaskResult and every tasks/get result must carry ' +
    'it. A server may mark a task failed or delete it once its TTL has elapsed, never before: a tasks/get that ' +
    'answers -32602 (not found) for the task mcpact is polling, while less time has passed since mcpact sent the ' +
    "tools/call than the smallest ttlMs the task gave, is a finding (mcpact's policy, a warning; the time is " +
    'measured from before the task existed, so it never overstates the age). The first poll is ' +
    "tasks/create-result's (a task not durably created), and the cancelled task is not judged for retention.",
  async check(context) {
    const skip = tasksSkip(context.surface);
    if (skip !== undefined) return context.skip(skip);
    const exercise = await taskExercise(context);
    const tasks = startedTasks(exercise);
    if (tasks.length === 0) return context.skip(exercise.none ?? 'no task was made');
    const report = reportOnce(context.report);
    for (const task of tasks) {
      const answers: { what: string; result: JsonRecord }[] = [
        { what: 'CreateTaskResult', result: task.task },
        ...task.polls.flatMap((poll) => {
          const result = poll.outcome.kind === 'result' ? asRecord(poll.outcome.result) : undefined;
          return result === undefined ? [] : [{ what: 'tasks/get result', result }];
        }),
      ];
      for (const { what, result } of answers) {
        const problem = ttlProblem(result.ttlMs);
        if (problem !== undefined)
          report({
            message: `the task of ${quote(task.tool, 60)}: ${problem}`,
            location: taskLocation(task.tool, '/ttlMs'),
            data: { answer: what, ttlMs: numberWords(result.ttlMs) },
          });
      }
    }
    const followed = exercise.followed;
    if (followed === undefined) return;
    let smallest: number | undefined = ttlOf(followed.task);
    followed.polls.forEach((poll, index) => {
      const { outcome } = poll;
      if (index > 0 && outcome.kind === 'error' && outcome.code === -32602 && smallest !== undefined && poll.at < smallest)
        report({
          message: `tasks/get for the task of ${quote(followed.tool, 60)} answered -32602 (not found) before its ttlMs of ${smallest} ms had passed since the call`,
          location: taskLocation(followed.tool),
          answer: answerOf(outcome),
          data: { at: poll.at, ttlMs: smallest },
          spec: RETAINED_SPEC,
        });
      const given = outcome.kind === 'result' ? ttlOf(asRecord(outcome.result) ?? {}) : undefined;
      if (given !== undefined) smallest = Math.min(smallest ?? given, given);
    });
  },
});

/** A usable ttlMs (integer milliseconds, at least 0); undefined for null (unlimited) or anything unusable. */
function ttlOf(task: JsonRecord): number | undefined {
  const value = task.ttlMs;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function ttlProblem(value: unknown): string | undefined {
  if (value === null) return undefined;
  if (value === undefined) return 'ttlMs is missing (null means unlimited)';
  if (typeof value !== 'number') return `ttlMs is ${numberWords(value)}, not a number or null`;
  if (!Number.isInteger(value) || value < 0) return `ttlMs is ${value}, not integer milliseconds`;
  return undefined;
}
