import { defineRule } from '../../engine/rule.js';
import { isTerminal, statusesOf, startedTasks, taskExercise, tasksSkip } from '../../exercise/tasks.js';
import { quote, truncate } from '../../util/text.js';
import { taskLocation, tasksSpec } from './shared.js';

export const terminalStable = defineRule({
  id: 'tasks/terminal-stable',
  family: 'tasks',
  description: 'A task seen in a terminal status (completed, failed, cancelled) keeps that status.',
  defaultSeverity: 'warning',
  spec: {
    ...tasksSpec({
      keyword: 'none',
      binds: 'server',
      section: 'sep-2663#specification',
      quote:
        'Tasks are durable state machines that carry information about the underlying execution state of the request they augment, and are intended for client polling and deferred result retrieval.',
      note: 'The experimental tasks of 2025-11-25 said "Tasks with a completed, failed, or cancelled status are in a terminal state and MUST NOT transition to any other status". The Final text keeps no such sentence: "Clients SHOULD continue polling until the task reaches a terminal status" (Task Polling), and the state diagram of the extension\'s specification, where nothing leaves a terminal state.',
    }),
    basis: 'policy',
    policy:
      'A task that tasks/get (or its CreateTaskResult) showed in a terminal status keeps that status: a client stops polling there, so a later change is never seen.',
  },
  docs:
    'A client stops polling once a task is terminal, so whatever the task does after that is lost to it. mcpact ' +
    'compares the statuses it saw of each task, in order: the CreateTaskResult, every tasks/get while polling ' +
    '(one more after the first terminal status), and, for the task it cancelled, the tasks/get after the ' +
    'acknowledgement. A status that changes after a terminal one is a finding. The Final text of the extension ' +
    "has no MUST for this (the 2025-11-25 draft had one), so the finding rests on mcpact's policy: a warning. " +
    'Cancellation is cooperative: a task that ends `completed` though it was cancelled is fine. A task never seen ' +
    'terminal twice is no verdict.',
  async check(context) {
    const skip = tasksSkip(context.surface);
    if (skip !== undefined) return context.skip(skip);
    const exercise = await taskExercise(context);
    const tasks = startedTasks(exercise);
    if (tasks.length === 0) return context.skip(exercise.none ?? 'no task was made');
    let compared = 0;
    for (const task of tasks) {
      const seen = statusesOf(task);
      const first = seen.findIndex((entry) => isTerminal(entry.status));
      if (first < 0 || first === seen.length - 1) continue;
      compared++;
      const terminal = seen[first]!;
      const changed = seen.slice(first + 1).find((entry) => entry.status !== terminal.status);
      if (changed === undefined) continue;
      context.report({
        message: `the task of ${quote(task.tool, 60)} was ${quote(terminal.status, 40)}, then ${quote(changed.status, 40)}`,
        location: taskLocation(task.tool, '/status'),
        data: {
          terminal: truncate(terminal.status, 40),
          then: truncate(changed.status, 40),
          statuses: seen.slice(0, 50).map((entry) => truncate(entry.status, 40)),
        },
      });
    }
    if (compared === 0) context.inconclusive('no task was seen again after it reached a terminal status');
  },
});
