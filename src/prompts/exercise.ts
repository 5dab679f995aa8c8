/**
 * Runs the prompt-argument matrix once per server and shares the outcomes with every prompt rule: the rules
 * only judge. Per prompt: ask completions, find an argument map the server accepts, then send each case in turn
 * (prompts run side by side, bounded by the Probe). A prompt with no accepted map is skipped with a reason, never
 * failed: a domain validation error on a made-up value is not the server's fault.
 */
import type { Outcome } from '../connect/rpc.js';
import type { Probe } from '../engine/probe.js';
import type { RuleContext } from '../engine/rule.js';
import { promptEntry } from '../config/prompts.js';
import { asRecord } from '../util/json.js';
import { candidates } from './candidates.js';
import { declaredPrompts, type DeclaredPrompt } from './declared.js';
import { promptCases, serverCases, type ArgumentMap, type Expectation, type MatrixCase } from './matrix.js';
import { render, type Rendered } from './render.js';

/** How the server's answer compares with what the case expects. */
export type Verdict = 'correct' | 'accepted' | 'rejected' | 'wrong-code' | 'crash' | 'hang' | 'malformed' | 'not-run';

export interface CaseResult extends MatrixCase {
  outcome: Outcome;
  verdict: Verdict;
  /** The rendered messages, for every result. */
  rendered?: Rendered;
}

export interface PromptExercise {
  prompt: DeclaredPrompt;
  /** Why the matrix did not run for this prompt. */
  skipped?: string;
  /** The complete argument map the server accepted. */
  accepted?: ArgumentMap;
  results: CaseResult[];
  /** completion/complete outcome per argument, when the server declares completions. */
  completions: Map<string, Outcome>;
}

export interface PromptsExercise {
  prompts: PromptExercise[];
  /** Cases about prompts/get itself (unknown prompt, malformed params). */
  server: CaseResult[];
  /** completion/complete for a prompt that does not exist, when completions are declared. */
  completionForUnknownPrompt?: Outcome;
  completionsDeclared: boolean;
}

/** Attempts at finding an accepted argument map before the prompt is skipped. */
export const MAX_MAP_ATTEMPTS = 8;

const cache = new WeakMap<Probe, Promise<PromptsExercise>>();

export function exercisePrompts(context: Pick<RuleContext, 'surface' | 'probe' | 'settings'>): Promise<PromptsExercise> {
  let pending = cache.get(context.probe);
  if (!pending) {
    pending = run(context);
    cache.set(context.probe, pending);
  }
  return pending;
}

export function judge(outcome: Outcome, expected: Expectation): Verdict {
  switch (outcome.kind) {
    case 'closed':
      return 'crash';
    case 'timeout':
      return 'hang';
    case 'malformed':
      return 'malformed';
    case 'result':
      return expected === 'invalid-params' ? 'accepted' : 'correct';
    case 'error':
      if (expected === 'success') return 'rejected';
      return outcome.code === -32602 ? 'correct' : 'wrong-code';
  }
}

async function run({ surface, probe, settings }: Pick<RuleContext, 'surface' | 'probe' | 'settings'>): Promise<PromptsExercise> {
  const prompts = declaredPrompts(surface);
  const names = new Set(prompts.map((prompt) => prompt.name));
  const completionsDeclared = surface.capabilities.completions !== undefined;
  const send = async (entry: MatrixCase): Promise<CaseResult> => {
    if (probe.lost) return { ...entry, outcome: { kind: 'closed', ms: 0 }, verdict: 'not-run' };
    const outcome = await probe.request('prompts/get', entry.params);
    const result: CaseResult = { ...entry, outcome, verdict: judge(outcome, entry.expected) };
    if (outcome.kind === 'result') result.rendered = render(outcome.result);
    return result;
  };
  const sequence = async (entries: MatrixCase[]) => {
    const results: CaseResult[] = [];
    for (const entry of entries) results.push(await send(entry));
    return results;
  };

  const [exercised, server, completionForUnknownPrompt] = await Promise.all([
    Promise.all(prompts.map((prompt) => exercisePrompt(prompt, names, completionsDeclared, settings, probe, send, sequence))),
    surface.lists.prompts.status === 'ok' ? sequence(serverCases(prompts[0]?.name)) : Promise.resolve([]),
    completionsDeclared
      ? probe.request('completion/complete', { ref: { type: 'ref/prompt', name: 'mcpact-no-such-prompt' }, argument: { name: 'x', value: '' } })
      : Promise.resolve(undefined),
  ]);
  return { prompts: exercised, server, completionForUnknownPrompt, completionsDeclared };
}

async function exercisePrompt(
  prompt: DeclaredPrompt,
  names: ReadonlySet<string>,
  completionsDeclared: boolean,
  settings: RuleContext['settings'],
  probe: Probe,
  send: (entry: MatrixCase) => Promise<CaseResult>,
  sequence: (entries: MatrixCase[]) => Promise<CaseResult[]>,
): Promise<PromptExercise> {
  const completions = new Map<string, Outcome>();
  if (completionsDeclared) {
    for (const argument of prompt.arguments) {
      completions.set(
        argument.name,
        await probe.request('completion/complete', { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: argument.name, value: '' } }),
      );
    }
  }
  const examples = promptEntry(settings.prompts, prompt.name)?.arguments ?? {};
  const lists = prompt.arguments.map((argument) =>
    candidates(argument.name, argument.description, examples[argument.name], completionValues(completions.get(argument.name))),
  );
  const positions = lists.map(() => 0);
  let last: CaseResult | undefined;
  for (let attempt = 0; attempt < MAX_MAP_ATTEMPTS; attempt++) {
    const map: ArgumentMap = Object.fromEntries(prompt.arguments.map((argument, index) => [argument.name, lists[index]![positions[index]!]!]));
    last = await send({ case: 'complete', prompt: prompt.name, params: { name: prompt.name, arguments: map }, expected: 'success' });
    if (last.verdict === 'correct') {
      const results = [last, ...(await sequence(promptCases(prompt, map, names)))];
      return { prompt, accepted: map, results, completions };
    }
    if (last.outcome.kind !== 'error' || !advance(prompt, lists, positions, last.outcome.message, attempt)) break;
  }
  const why = last ? describeRejection(last.outcome) : 'no attempt was made';
  return {
    prompt,
    skipped: `no argument map was accepted (${why}); add example values under prompts.${prompt.name}.arguments in the config`,
    results: [],
    completions,
  };
}

/** Moves to the next candidate of the argument the error names, else of the next argument that has one. */
function advance(prompt: DeclaredPrompt, lists: string[][], positions: number[], message: unknown, attempt: number): boolean {
  const text = typeof message === 'string' ? message : '';
  const canMove = (index: number) => positions[index]! + 1 < lists[index]!.length;
  const named = prompt.arguments.findIndex((argument, index) => canMove(index) && text.includes(argument.name));
  const count = prompt.arguments.length;
  const index = named !== -1 ? named : [...Array(count).keys()].map((offset) => (attempt + offset) % count).find(canMove);
  if (index === undefined || index === -1) return false;
  positions[index]!++;
  return true;
}

function completionValues(outcome: Outcome | undefined): string[] {
  if (outcome?.kind !== 'result') return [];
  const values = asRecord(asRecord(outcome.result)?.completion)?.values;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : [];
}

function describeRejection(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'error':
      return `last answer: JSON-RPC error ${String(outcome.code)}`;
    case 'timeout':
      return 'the server did not answer in time';
    case 'closed':
      return 'the connection closed';
    case 'malformed':
      return 'the answer was neither a result nor an error';
    case 'result':
      return 'the result was not usable';
  }
}
