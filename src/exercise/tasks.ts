/**
 * The Tasks extension exercised, as its Final text (SEP-2663) defines it: a server that declares
 * `io.modelcontextprotocol/tasks` may answer a tools/call with a task handle (`resultType: "task"`) instead of the
 * tool's result, but only when the request declared the extension in its own capabilities. mcpact declares it on
 * the calls made here, and on those only.
 *
 * Which tools: the valid calls of the tool plan (exercise/tools.ts), so only tools the safe-call policy lets mcpact
 * run, with the arguments it already generated, one call per tool, the first few tools in plan order. The server
 * decides per request whether a call becomes a task; the first call that does is followed:
 *
 * - the task is polled with tasks/get, each poll after the `pollIntervalMs` the server last gave (or a short gap
 *   when it gave none), until a terminal status has been seen twice, and never past LATE_GRACE_FACTOR times
 *   call_ms after the call was sent (as long as mcpact waits for a late tools/call answer), a poll count, or the
 *   run's deadline: a task still working then is no verdict;
 * - the same call is made once more, and that task is cancelled at once with tasks/cancel, then polled once.
 *
 * Shared through the run cache, so each call is made once however many tasks rules judge it.
 */
import { CLIENT_CAPABILITIES, META_KEYS } from '../connect/envelope.js';
import { LATE_GRACE_FACTOR } from '../connect/probe.js';
import type { Outcome } from '../connect/rpc.js';
import { asRecord, type JsonRecord } from '../util/json.js';
import { quote } from '../util/text.js';
import { cacheKey } from '../util/run-cache.js';
import type { Surface } from '../surface/types.js';
import type { ExerciseContext } from './context.js';
import { toolPlan, type PlannedCall } from './tools.js';

/** The extension's identifier (SEP-2663, Extension Identifier). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The statuses a Task may have, and the terminal ones. */
export const TASK_STATUSES = ['working', 'input_required', 'completed', 'cancelled', 'failed'] as const;
export const TERMINAL_STATUSES: readonly string[] = ['completed', 'cancelled', 'failed'];

/** Tools tried with the extension declared before mcpact concludes that the server makes no tasks for it. */
export const TOOLS_TRIED = 5;
/** tasks/get requests per task at most, whatever the server's poll interval. */
export const MAX_POLLS = 40;
/** The gap between polls when the server gives no pollIntervalMs. */
export const DEFAULT_POLL_GAP_MS = 100;

/** One tasks/get and what came back, with when it was sent: milliseconds after the tools/call that made the task. */
export interface TaskPoll {
  outcome: Outcome;
  at: number;
}

/** A task made by a tools/call: the call, its CreateTaskResult, and the polls that followed. */
export interface StartedTask {
  tool: string;
  /** The planned call (exercise/tools.ts) whose params, with the extension declared, made the task. */
  call: PlannedCall;
  /** The answer to the tools/call, a result with `resultType: "task"`. */
  created: Outcome & { kind: 'result' };
  /** The CreateTaskResult. */
  task: JsonRecord;
  /** Its taskId, when it is a non-empty string (else nothing could be polled). */
  taskId?: string;
  polls: TaskPoll[];
}

/** Why following a task stopped: a terminal status seen twice, or why mcpact stopped before. */
export type FollowEnd = 'terminal' | 'waited' | 'polls' | 'error' | 'no-answer' | 'no-id';

export interface FollowedTask extends StartedTask {
  end: FollowEnd;
}

export interface CancelledTask extends StartedTask {
  /** The answer to tasks/cancel, sent as soon as the task was made. */
  cancel: Outcome;
}

export interface TaskExercise {
  /** The tools/call answers that were no task, by tool, in the order tried. */
  tried: { tool: string; outcome: Outcome }[];
  /** Why no task was followed (no tool to call, no call made one). */
  none?: string;
  followed?: FollowedTask;
  /** The second task, cancelled; or why there is none (the second call made no task). */
  cancelled?: CancelledTask | { none: string };
}

/** Whether the server declares the extension (capabilities.extensions of its server/discover result). */
export function declaresTasks(surface: Surface): boolean {
  const extensions = asRecord(surface.capabilities.extensions);
  return surface.era === 'modern' && extensions !== undefined && Object.hasOwn(extensions, TASKS_EXTENSION);
}

/** Why the tasks rules have nothing to judge on this server, or undefined. */
export function tasksSkip(surface: Surface): string | undefined {
  return declaresTasks(surface) ? undefined : `the server does not declare the ${TASKS_EXTENSION} extension`;
}

/**
 * Params with the extension declared in the request's own capabilities (SEP-2663, Capability Negotiation): the
 * session's envelope is merged under them, and a request's own `_meta` keys win (connect/envelope.ts).
 */
export function declaringTasks(params: JsonRecord): JsonRecord {
  const meta = asRecord(params._meta) ?? {};
  const capabilities = { ...CLIENT_CAPABILITIES, extensions: { [TASKS_EXTENSION]: {} } };
  return { ...params, _meta: { ...meta, [META_KEYS.clientCapabilities]: capabilities } };
}

/** The result of an outcome when it is a CreateTaskResult (`resultType: "task"`). */
export function taskOf(outcome: Outcome): JsonRecord | undefined {
  if (outcome.kind !== 'result') return undefined;
  const result = asRecord(outcome.result);
  return result?.resultType === 'task' ? result : undefined;
}

export function isTerminal(status: unknown): boolean {
  return typeof status === 'string' && TERMINAL_STATUSES.includes(status);
}

/** The statuses a task was seen in, in order: its CreateTaskResult, then every tasks/get that gave a status. */
export function statusesOf(task: StartedTask): { status: string; at: number | 'created' }[] {
  const seen: { status: string; at: number | 'created' }[] = [];
  if (typeof task.task.status === 'string') seen.push({ status: task.task.status, at: 'created' });
  for (const poll of task.polls) {
    const status = poll.outcome.kind === 'result' ? asRecord(poll.outcome.result)?.status : undefined;
    if (typeof status === 'string') seen.push({ status, at: poll.at });
  }
  return seen;
}

/** The tasks the exercise made: the one followed, and the one cancelled. */
export function startedTasks(exercise: TaskExercise): StartedTask[] {
  const tasks: StartedTask[] = [];
  if (exercise.followed !== undefined) tasks.push(exercise.followed);
  if (exercise.cancelled !== undefined && 'created' in exercise.cancelled) tasks.push(exercise.cancelled);
  return tasks;
}

const EXERCISE = cacheKey<Promise<TaskExercise>>('tasks/exercise');

/** What the tasks calls came to, made on first use; every outcome counts among the answers the asking rule saw. */
export async function taskExercise(context: Pick<ExerciseContext, 'surface' | 'settings' | 'probe' | 'cache'>): Promise<TaskExercise> {
  const exercise = await context.cache.once(EXERCISE, () => run(context));
  for (const outcome of outcomesOf(exercise)) context.probe.saw(outcome);
  return exercise;
}

function outcomesOf(exercise: TaskExercise): Outcome[] {
  const cancel = exercise.cancelled !== undefined && 'cancel' in exercise.cancelled ? [exercise.cancelled.cancel] : [];
  return [
    ...exercise.tried.map((entry) => entry.outcome),
    ...startedTasks(exercise).flatMap((task) => [task.created, ...task.polls.map((poll) => poll.outcome)]),
    ...cancel,
  ];
}

async function run(context: Pick<ExerciseContext, 'surface' | 'settings' | 'probe' | 'cache'>): Promise<TaskExercise> {
  const { surface, probe } = context;
  if (!declaresTasks(surface)) return { tried: [], none: tasksSkip(surface) };
  if (surface.lists.tools.status !== 'ok') return { tried: [], none: 'the tools could not be listed' };
  const plan = toolPlan(context);
  // One call per tool: its first valid example.
  const calls = plan.valid.filter((call, index) => plan.valid.findIndex((other) => other.tool === call.tool) === index).slice(0, TOOLS_TRIED);
  if (calls.length === 0)
    return { tried: [], none: 'no tool may be called with valid input under the safe-call policy (docs/tools.md), so no task could be started' };
  const tried: TaskExercise['tried'] = [];
  for (const call of calls) {
    const params = asRecord(call.params);
    if (params === undefined || call.tool === undefined) continue;
    const sent = declaringTasks(params);
    const started = performance.now();
    const outcome = await probe.request('tools/call', sent);
    const task = taskOf(outcome);
    if (task === undefined || outcome.kind !== 'result') {
      tried.push({ tool: call.tool, outcome });
      continue;
    }
    const first: StartedTask = { tool: call.tool, call, created: outcome, task, polls: [], ...taskIdOf(task) };
    const [followed, cancelled] = await Promise.all([follow(context, first, started), cancelAnother(context, call, sent)]);
    return { tried, followed, cancelled };
  }
  const tools = tried.map((entry) => quote(entry.tool, 60)).join(', ');
  return { tried, none: `no tools/call that declared the extension came back as a task (tried: ${tools})` };
}

/** The longest taskId mcpact sends back (in the body, and over HTTP in the Mcp-Name header). */
export const MAX_TASK_ID = 1_000;

function taskIdOf(task: JsonRecord): { taskId?: string } {
  const id = task.taskId;
  return typeof id === 'string' && id !== '' && id.length <= MAX_TASK_ID ? { taskId: id } : {};
}

/**
 * Polls a task until a terminal status was seen twice (the second poll shows whether it stays), or until mcpact
 * stops waiting. Each poll waits the task's last pollIntervalMs first ("Clients SHOULD respect the pollIntervalMs").
 */
async function follow({ probe }: Pick<ExerciseContext, 'probe'>, task: StartedTask, started: number): Promise<FollowedTask> {
  if (task.taskId === undefined) return { ...task, end: 'no-id' };
  const until = started + LATE_GRACE_FACTOR * probe.options.callMs;
  let interval = pollInterval(task.task);
  let terminalSeen = isTerminal(task.task.status) ? 1 : 0;
  for (let poll = 0; poll < MAX_POLLS; poll++) {
    if (performance.now() + interval > until || !(await pause(interval, probe.options.signal))) return { ...task, end: 'waited' };
    const at = Math.round(performance.now() - started);
    const outcome = await probe.request('tasks/get', declaringTasks({ taskId: task.taskId }));
    task.polls.push({ outcome, at });
    if (outcome.kind === 'error') return { ...task, end: 'error' };
    if (outcome.kind !== 'result') return { ...task, end: 'no-answer' };
    const result = asRecord(outcome.result) ?? {};
    interval = pollInterval(result, interval);
    if (isTerminal(result.status) && ++terminalSeen >= 2) return { ...task, end: 'terminal' };
  }
  return { ...task, end: 'polls' };
}

/** The same call once more; its task, if it makes one, is cancelled at once and then polled once. */
async function cancelAnother({ probe }: Pick<ExerciseContext, 'probe'>, call: PlannedCall, sent: JsonRecord): Promise<TaskExercise['cancelled']> {
  const tool = call.tool ?? '';
  const started = performance.now();
  const outcome = await probe.request('tools/call', sent);
  const task = taskOf(outcome);
  if (task === undefined || outcome.kind !== 'result')
    return { none: `the second call of ${quote(tool, 60)} came back without a task, so none could be cancelled` };
  const { taskId } = taskIdOf(task);
  if (taskId === undefined) return { none: `the second task has no taskId mcpact could use (a non-empty string of at most ${MAX_TASK_ID} characters)` };
  const cancel = await probe.request('tasks/cancel', declaringTasks({ taskId }));
  const polls: TaskPoll[] = [];
  const interval = pollInterval(task);
  if (
    cancel.kind === 'result' &&
    performance.now() + interval <= started + LATE_GRACE_FACTOR * probe.options.callMs &&
    (await pause(interval, probe.options.signal))
  ) {
    const at = Math.round(performance.now() - started);
    polls.push({ outcome: await probe.request('tasks/get', declaringTasks({ taskId })), at });
  }
  return { tool, call, created: outcome, task, taskId, polls, cancel };
}

/** The wait before the next poll: the server's pollIntervalMs when it gives a usable one, else what applied before. */
function pollInterval(task: JsonRecord, before = DEFAULT_POLL_GAP_MS): number {
  const given = task.pollIntervalMs;
  return typeof given === 'number' && Number.isFinite(given) && given >= 0 ? given : before;
}

/** Waits `ms`, or less when the run's deadline passes first: false then. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted === true) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      resolve(value);
    };
    const aborted = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
