/**
 * Runs the prompt-argument matrix once per server and shares the outcomes with every prompt rule: the rules
 * only judge. Per prompt: ask completions, find an argument map the server accepts, then send each case in turn
 * (prompts run side by side, bounded by the Probe). A prompt with no accepted map is skipped with a reason, never
 * failed: a domain validation error on a made-up value is not the server's fault.
 */
import type { Outcome } from '../../connect/rpc.js';
import type { Probe } from '../../connect/probe.js';
import type { ExerciseContext } from '../context.js';
import { cacheKey } from '../../util/run-cache.js';
import { evenSample } from '../../util/sample.js';
import { promptEntry } from '../../config/prompts.js';
import { askCompletions, candidateLists, describeRejection, searchArgumentMap } from './accepted-map.js';
import { declaredPrompts, type DeclaredPrompt } from './declared.js';
import { promptCases, serverCases, type ArgumentMap, type Expectation, type MatrixCase } from './matrix.js';
import { render } from './render.js';
import { keptRendering, type KeptRendering } from './kept-rendering.js';
import { keptOutcome } from '../kept-outcome.js';
import { classifyAnswer, type Classified } from '../answers.js';
import { followInputRequired, inputRequiredOf, MAX_INPUT_ROUNDS, type InputRound } from './input-required.js';

/**
 * How the server's answer compares with what the case expects. `input-required`: in 2026-07-28 the server still
 * asked for input when mcpact stopped following its input-required answers, so nothing was rendered to judge.
 */
export type Verdict = 'correct' | 'accepted' | 'rejected' | 'wrong-code' | 'unreachable' | 'crash' | 'hang' | 'malformed' | 'not-run' | 'input-required';

export interface CaseResult extends MatrixCase {
  /** The answer, as kept once judged (exercise/kept-outcome.ts): what the rules read of it, bounded. */
  outcome: Outcome;
  verdict: Verdict;
  /** What the answer was, for a result or an error (exercise/answers.ts). */
  answer?: Classified;
  /** What the rules judge of the rendering, for every result (kept-rendering.ts). */
  rendered?: KeptRendering;
  /**
   * In 2026-07-28, the input-required answers the case got before `outcome`, each with the retry mcpact sent
   * (exercise/prompts/input-required.ts): `outcome` is the answer to the last retry.
   */
  rounds?: InputRound[];
}

export interface PromptExercise {
  prompt: DeclaredPrompt;
  /** Why the matrix did not run for this prompt. */
  skipped?: string;
  /** Why the matrix did not run for this prompt although the server took its arguments: it never rendered (input required). */
  pending?: string;
  /** Every call of the search for an accepted argument map (case `complete`), the accepted one last. */
  attempts: CaseResult[];
  /** The complete argument map the server accepted. */
  accepted?: ArgumentMap;
  results: CaseResult[];
  /** completion/complete outcome per argument, when the server declares completions. */
  completions: Map<string, Outcome>;
}

export interface PromptsExercise {
  prompts: PromptExercise[];
  /** Prompts left out of the matrix: the server has more than `prompts.max_prompts`. */
  sampledOut: number;
  /** Cases about prompts/get itself (unknown prompt, malformed params). */
  server: CaseResult[];
  /** completion/complete for a prompt that does not exist, when completions are declared. */
  completionForUnknownPrompt?: Outcome;
  completionsDeclared: boolean;
}

const MATRIX = cacheKey<Promise<PromptsExercise>>('prompts/matrix');

/** Prompts the matrix exercises at most (`prompts.max_prompts`). */
export const DEFAULT_MAX_PROMPTS = 500;

export function exercisePrompts(context: ExerciseContext): Promise<PromptsExercise> {
  return context.cache.once(MATRIX, () => run(context));
}

/**
 * The verdict on one case, from the classified answer: an error whose words show the server's backend was
 * unreachable is no verdict at all (`unreachable`), whatever the case expected.
 */
export function judge(outcome: Outcome, expected: Expectation, argument?: string): { verdict: Verdict; answer?: Classified } {
  switch (outcome.kind) {
    case 'closed':
      return { verdict: 'crash' };
    case 'timeout':
      return { verdict: 'hang' };
    case 'malformed':
      return { verdict: 'malformed' };
    case 'result': {
      if (expected !== 'invalid-params') return { verdict: 'correct' };
      return { verdict: 'accepted', answer: classifyAnswer(outcome, { correct: false, names: [argument] }) };
    }
    case 'error': {
      const answer = classifyAnswer(outcome, { correct: expected !== 'success' && outcome.code === -32602, names: [argument] });
      if (answer.class === 'backend-unreachable') return { verdict: 'unreachable', answer };
      if (expected === 'success') return { verdict: 'rejected', answer };
      return { verdict: answer.class === 'rejected-correctly' ? 'correct' : 'wrong-code', answer };
    }
  }
}

async function run({ surface, probe, settings }: Pick<ExerciseContext, 'surface' | 'probe' | 'settings'>): Promise<PromptsExercise> {
  const declared = declaredPrompts(surface);
  const names = new Set(declared.map((prompt) => prompt.name));
  // A very large contract is sampled (configured prompts always run): the matrix costs a dozen requests per prompt.
  const picked = evenSample(
    declared,
    settings.prompts?.max_prompts ?? DEFAULT_MAX_PROMPTS,
    (prompt) => promptEntry(settings.prompts, prompt.name) !== undefined,
  );
  const prompts = declared.filter((prompt) => picked.has(prompt));
  const completionsDeclared = surface.capabilities.completions !== undefined;
  // prompts/expectations compares the whole rendering of case complete, where the config asks it to.
  const keepWhole = (entry: MatrixCase) => entry.case === 'complete' && promptEntry(settings.prompts, entry.prompt)?.expect !== undefined;
  const send = async (entry: MatrixCase): Promise<CaseResult> => {
    if (probe.lost) return { ...entry, outcome: { kind: 'closed', ms: 0 }, verdict: 'not-run' };
    const first = await probe.request('prompts/get', entry.params);
    // In 2026-07-28 an input-required answer is not the rendering yet: the case is what the retries come to.
    if (surface.era !== 'modern' || inputRequiredOf(first) === undefined) return judged(entry, first, keepWhole(entry));
    const { outcome, rounds } = await followInputRequired(entry.params, first, (params) => probe.request('prompts/get', params));
    if (inputRequiredOf(outcome) !== undefined) return { ...entry, outcome: keptOutcome(outcome), rounds, verdict: 'input-required' };
    return { ...judged(entry, outcome, keepWhole(entry)), rounds };
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
  return { prompts: exercised, sampledOut: declared.length - prompts.length, server, completionForUnknownPrompt, completionsDeclared };
}

/** The case judged on the whole answer, which it then keeps only in part: the answer is dropped here. */
function judged(entry: MatrixCase, outcome: Outcome, keepWhole: boolean): CaseResult {
  const result: CaseResult = { ...entry, outcome: keptOutcome(outcome), ...judge(outcome, entry.expected, entry.argument) };
  if (outcome.kind === 'result') result.rendered = keptRendering(render(outcome.result), entry.params.arguments, keepWhole);
  return result;
}

/** Why a prompt whose `complete` case still answered input_required was not rendered. */
function pendingReason(complete: CaseResult): string {
  const rounds = complete.rounds ?? [];
  if (rounds.length > MAX_INPUT_ROUNDS) return `prompts/get still answered input_required after ${MAX_INPUT_ROUNDS} retries`;
  return 'prompts/get answered input_required with nothing mcpact could send back (neither a requestState string nor an inputRequests map)';
}

async function exercisePrompt(
  prompt: DeclaredPrompt,
  names: ReadonlySet<string>,
  completionsDeclared: boolean,
  settings: ExerciseContext['settings'],
  probe: Probe,
  send: (entry: MatrixCase) => Promise<CaseResult>,
  sequence: (entries: MatrixCase[]) => Promise<CaseResult[]>,
): Promise<PromptExercise> {
  const completions = await askCompletions(prompt, completionsDeclared, (method, params) => probe.request(method, params));
  const examples = promptEntry(settings.prompts, prompt.name)?.arguments ?? {};
  let complete: CaseResult | undefined;
  const attempts: CaseResult[] = [];
  const { map, last } = await searchArgumentMap(prompt, candidateLists(prompt, examples, completions), async (candidate) => {
    complete = await send({ case: 'complete', prompt: prompt.name, params: { name: prompt.name, arguments: candidate }, expected: 'success' });
    attempts.push(complete);
    return complete.outcome;
  });
  if (map && complete?.verdict === 'input-required') return { prompt, pending: pendingReason(complete), results: [], attempts, completions };
  if (map && complete) {
    return { prompt, accepted: map, results: [complete, ...(await sequence(promptCases(prompt, map, names)))], attempts, completions };
  }
  const after = complete?.rounds !== undefined ? ', after an input-required round trip' : '';
  return {
    prompt,
    skipped: `no argument map was accepted (${describeRejection(last)}${after}); add example values under prompts.${prompt.name}.arguments in the config`,
    results: [],
    attempts,
    completions,
  };
}
