/** What the Tasks rules share: the extension's texts, where a finding stands, and the Task fields every task answer has. */
import type { Report, RuleContext } from '../../engine/rule.js';
import type { Location } from '../../model/location.js';
import { since, type RuleSpec, type SpecText } from '../../model/spec.js';
import { TASK_STATUSES } from '../../exercise/tasks.js';
import { jsonType, type JsonRecord } from '../../util/json.js';
import { quote, truncate } from '../../util/text.js';

/**
 * A rule resting on the Tasks extension's Final text (SEP-2663). The extension is defined for the modern era only
 * ("This extension is not defined under the 2025-11-25 protocol version"), so its rules are not listed for a
 * legacy session.
 */
export function tasksSpec(text: SpecText): RuleSpec {
  return { extension: 'io.modelcontextprotocol/tasks', texts: since('2026-07-28', text) };
}

/** The tool whose call made the task. */
export function taskLocation(tool: string, pointer = ''): Location {
  return { kind: 'tool', name: truncate(tool, 200), pointer };
}

/** The Task fields of SEP-2663 (interface Task) beside `ttlMs`, which tasks/ttl judges. */
export const TASK_SPEC: RuleSpec = tasksSpec({
  keyword: 'SCHEMA',
  binds: 'server',
  section: 'sep-2663#tasks',
  quote: 'Task.status: "working" | "input_required" | "completed" | "cancelled" | "failed";',
  note: 'And `taskId: string`, `createdAt: string`, `lastUpdatedAt: string` (ISO 8601 timestamps), `statusMessage?: string` and `pollIntervalMs?: number` (integer milliseconds).',
});

/** What is wrong with the Task fields of a CreateTaskResult or a tasks/get result, each with its JSON Pointer. */
export function taskFieldProblems(task: JsonRecord): { pointer: string; problem: string }[] {
  const problems: { pointer: string; problem: string }[] = [];
  const text = (field: string, optional = false) => {
    const value = task[field];
    if (value === undefined && optional) return;
    if (typeof value !== 'string')
      problems.push({ pointer: `/${field}`, problem: value === undefined ? `${field} is missing` : `${field} is ${jsonType(value)}, not a string` });
  };
  if (typeof task.taskId !== 'string' || task.taskId === '')
    problems.push({
      pointer: '/taskId',
      problem: task.taskId === '' ? 'taskId is empty' : task.taskId === undefined ? 'taskId is missing' : `taskId is ${jsonType(task.taskId)}, not a string`,
    });
  if (typeof task.status !== 'string' || !(TASK_STATUSES as readonly string[]).includes(task.status))
    problems.push({
      pointer: '/status',
      problem: `status is ${typeof task.status === 'string' ? quote(task.status, 40) : task.status === undefined ? 'missing' : jsonType(task.status)}; expected one of ${TASK_STATUSES.join(', ')}`,
    });
  text('createdAt');
  text('lastUpdatedAt');
  text('statusMessage', true);
  const interval = task.pollIntervalMs;
  if (interval !== undefined && !(typeof interval === 'number' && Number.isInteger(interval) && interval >= 0))
    problems.push({ pointer: '/pollIntervalMs', problem: `pollIntervalMs is ${numberWords(interval)}, not integer milliseconds` });
  return problems;
}

/** A value in a few words: a number as itself, anything else by its JSON type. */
export function numberWords(value: unknown): string {
  return typeof value === 'number' ? String(value) : jsonType(value);
}

/**
 * `report` that reports each message once: a task is polled several times, and a problem every answer repeats is
 * one cause, one finding.
 */
export function reportOnce(report: RuleContext['report']): RuleContext['report'] {
  const seen = new Set<string>();
  return (finding: Report) => {
    if (seen.has(finding.message)) return;
    seen.add(finding.message);
    report(finding);
  };
}

/** A value the server sent, fit for `data`: a string cut short, anything else by its JSON type. */
export function keptValue(value: unknown): string {
  return typeof value === 'string' ? truncate(value, 100) : jsonType(value);
}
