/**
 * Runs the prompt-argument matrix once per server and shares the outcomes with every prompt rule: the rules
 * only judge. Per prompt: ask completions, find an argument map the server accepts, then send each case in turn
 * (prompts run side by side, bounded by the Probe). A prompt with no accepted map is skipped with a reason, never
 * failed: a domain validation error on a made-up value is not the server's fault.
 */
import { refusedAtHeaders } from '../../connect/envelope.js';
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
import { classifyAnswer, wordsOf, type Classified } from '../answers.js';
import { INJECTED_NAME, UNKNOWN_PROMPT } from '../injected.js';
import { listedResources } from '../resources.js';
import { followInputRequired, inputRequiredOf, MAX_INPUT_ROUNDS, type InputRound } from '../input-required.js';

/**
 * How the server's answer compares with what the case expects. `input-required`: in 2026-07-28 the server still
 * asked for input when mcpact stopped following its input-required answers, so nothing was rendered to judge.
 */
export type Verdict =
  'correct' | 'accepted' | 'rejected' | 'wrong-code' | 'unreachable' | 'own-value' | 'crash' | 'hang' | 'malformed' | 'not-run' | 'input-required';

export interface CaseResult extends MatrixCase {
  /** The answer, as kept once judged (exercise/kept-outcome.ts): what the rules read of it, bounded. */
  outcome: Outcome;
  verdict: Verdict;
  /** What the answer was, for a result or an error (exercise/answers.ts). */
  answer?: Classified;
  /** For verdict `own-value`: the argument mcpact filled with a value of its own, and that value, as the error named it. */
  ownValue?: { argument: string; value: string };
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

const RENDERS = cacheKey<Promise<PromptRenders>>('prompts/renders');
const MATRIX = cacheKey<Promise<PromptsExercise>>('prompts/matrix');

/** Prompts the matrix exercises at most (`prompts.max_prompts`). */
export const DEFAULT_MAX_PROMPTS = 500;

/** The first stage of the matrix: what must render (each prompt's accepted map and the cases that expect success). */
interface PromptRenders {
  prompts: PromptExercise[];
  sampledOut: number;
  completionsDeclared: boolean;
  /** Every prompt name the server declares (the case-variant cases must not hit another prompt). */
  names: ReadonlySet<string>;
}

/**
 * The renders of the matrix: completions, the search for an accepted argument map and the cases that expect a
 * rendering. The runner asks for them first, before any bad input (engine/warm-up.ts), so that they never meet a
 * server that bad input already changed; once per server, counted among the answers the asking rule saw.
 */
export async function promptRenders(context: ExerciseContext): Promise<PromptsExercise> {
  const renders = await context.cache.once(RENDERS, () => renderAll(context));
  const exercise: PromptsExercise = { prompts: renders.prompts, sampledOut: renders.sampledOut, server: [], completionsDeclared: renders.completionsDeclared };
  sawAll(context.probe, exercise);
  return exercise;
}

/** The whole matrix: the renders, then every case of bad input; once per server, counted among the answers the asking rule saw. */
export async function exercisePrompts(context: ExerciseContext): Promise<PromptsExercise> {
  const exercise = await context.cache.once(MATRIX, () => run(context));
  sawAll(context.probe, exercise);
  return exercise;
}

/**
 * The verdict on one case, from the classified answer: an error whose words show the server's backend was
 * unreachable is no verdict at all (`unreachable`), whatever the case expected. Nor is an error that names a value
 * mcpact made up for another argument of the same request (`own-value`: a `timeframe` of "mcpact-sample-timeframe"
 * that the server could not parse): it failed on mcpact's value, not on what the case tries.
 */
export function judge(
  outcome: Outcome,
  expected: Expectation,
  argument?: string,
  name?: unknown,
  sent?: unknown,
): { verdict: Verdict; answer?: Classified; ownValue?: { argument: string; value: string } } {
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
      const ownValue = madeUpValueNamed(outcome, sent, argument);
      if (ownValue !== undefined) return { verdict: 'own-value', ownValue };
      const refused = outcome.code === -32602 || refusedAtHeaders(outcome, name);
      const answer = classifyAnswer(outcome, { correct: expected !== 'success' && refused, names: [argument] });
      if (answer.class === 'backend-unreachable') return { verdict: 'unreachable', answer };
      if (expected === 'success') return { verdict: 'rejected', answer };
      return { verdict: answer.class === 'rejected-correctly' ? 'correct' : 'wrong-code', answer };
    }
  }
}

/** A value mcpact made up (it carries the mcpact mark) for an argument other than `argument`, that the error's words name. */
function madeUpValueNamed(outcome: Outcome, sent: unknown, argument: string | undefined): { argument: string; value: string } | undefined {
  const words = wordsOf(outcome);
  if (words === undefined || typeof sent !== 'object' || sent === null || Array.isArray(sent)) return undefined;
  for (const [key, value] of Object.entries(sent)) {
    if (key === argument || typeof value !== 'string' || !new RegExp(INJECTED_NAME.source, 'iu').test(value)) continue;
    if (words.includes(value)) return { argument: key, value };
  }
  return undefined;
}

/** Sends the cases of the matrix through one probe: each case's answer, judged (bad input tagged as such). */
function caseSender({ surface, probe, settings }: Pick<ExerciseContext, 'surface' | 'probe' | 'settings'>) {
  // prompts/expectations compares the whole rendering of case complete, where the config asks it to.
  const keepWhole = (entry: MatrixCase) => entry.case === 'complete' && promptEntry(settings.prompts, entry.prompt)?.expect !== undefined;
  // The part of an answer that is kept stands for the answer on the health timeline: it arrived when the answer did.
  const kept = (outcome: Outcome) => {
    const copy = keptOutcome(outcome);
    probe.relate(copy, outcome);
    return copy;
  };
  const send = async (entry: MatrixCase): Promise<CaseResult> => {
    if (probe.lost) return { ...entry, outcome: { kind: 'closed', ms: 0, lost: true, unsent: true }, verdict: 'not-run' };
    const tag = entry.expected === 'success' ? {} : { bad: `prompts/get ${entry.case} of ${JSON.stringify(entry.prompt || entry.params.name)}` };
    const first = await probe.request('prompts/get', entry.params, tag);
    // In 2026-07-28 an input-required answer is not the rendering yet: the case is what the retries come to.
    if (surface.era !== 'modern' || inputRequiredOf(first) === undefined) return judged(entry, first, keepWhole(entry), kept);
    const { outcome, rounds } = await followInputRequired(entry.params, first, (params) => probe.request('prompts/get', params, tag));
    if (inputRequiredOf(outcome) !== undefined) return { ...entry, outcome: kept(outcome), rounds, verdict: 'input-required' };
    return { ...judged(entry, outcome, keepWhole(entry), kept), rounds };
  };
  const sequence = async (entries: MatrixCase[]) => {
    const results: CaseResult[] = [];
    for (const entry of entries) results.push(await send(entry));
    return results;
  };
  return { send, sequence };
}

async function renderAll(context: Pick<ExerciseContext, 'surface' | 'probe' | 'settings'>): Promise<PromptRenders> {
  const { surface, settings } = context;
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
  const sender = caseSender(context);
  // A URI argument is first given one of the server's own resources (exercise/prompts/candidates.ts).
  const listedUris = listedResources(surface).map((resource) => resource.uri);
  const rendered = await Promise.all(
    prompts.map((prompt) => renderPrompt(prompt, { names, completionsDeclared, listedUris }, settings, context.probe, sender)),
  );
  return { prompts: rendered, sampledOut: declared.length - prompts.length, completionsDeclared, names };
}

async function run(context: ExerciseContext): Promise<PromptsExercise> {
  const { surface, probe } = context;
  const renders = await context.cache.once(RENDERS, () => renderAll(context));
  const { sequence } = caseSender(context);
  const [exercised, server, completionForUnknownPrompt] = await Promise.all([
    Promise.all(
      renders.prompts.map(async (prompt): Promise<PromptExercise> => {
        if (prompt.accepted === undefined) return prompt;
        const bad = promptCases(prompt.prompt, prompt.accepted, renders.names).filter((entry) => entry.expected !== 'success');
        return { ...prompt, results: [...prompt.results, ...(await sequence(bad))] };
      }),
    ),
    surface.lists.prompts.status === 'ok' ? sequence(serverCases(renders.prompts[0]?.prompt.name)) : Promise.resolve([]),
    renders.completionsDeclared
      ? probe.request(
          'completion/complete',
          { ref: { type: 'ref/prompt', name: UNKNOWN_PROMPT }, argument: { name: 'x', value: '' } },
          { bad: 'completion/complete for a prompt that does not exist' },
        )
      : Promise.resolve(undefined),
  ]);
  return { prompts: exercised, sampledOut: renders.sampledOut, server, completionForUnknownPrompt, completionsDeclared: renders.completionsDeclared };
}

/** Counts every answer of the matrix among the answers the asking rule saw (connect/probe.ts `saw`). */
function sawAll(probe: Probe, exercise: PromptsExercise): void {
  const results = [...exercise.server, ...exercise.prompts.flatMap((prompt) => [...prompt.attempts, ...prompt.results])];
  // An input-required chain is judged by its last answer, the one kept.
  for (const result of results) probe.saw(result.outcome);
  for (const prompt of exercise.prompts) for (const outcome of prompt.completions.values()) probe.saw(outcome);
  if (exercise.completionForUnknownPrompt !== undefined) probe.saw(exercise.completionForUnknownPrompt);
}

/** The case judged on the whole answer, which it then keeps only in part: the answer is dropped here. */
function judged(entry: MatrixCase, outcome: Outcome, keepWhole: boolean, kept: (outcome: Outcome) => Outcome): CaseResult {
  const result: CaseResult = {
    ...entry,
    outcome: kept(outcome),
    ...judge(outcome, entry.expected, entry.argument, entry.params.name, entry.params.arguments),
  };
  if (outcome.kind === 'result') result.rendered = keptRendering(render(outcome.result), entry.params.arguments, keepWhole);
  return result;
}

/** Why a prompt whose `complete` case still answered input_required was not rendered. */
function pendingReason(complete: CaseResult): string {
  const rounds = complete.rounds ?? [];
  if (rounds.length > MAX_INPUT_ROUNDS) return `prompts/get still answered input_required after ${MAX_INPUT_ROUNDS} retries`;
  return 'prompts/get answered input_required with nothing mcpact could send back (neither a requestState string nor an inputRequests map)';
}

/** One prompt's renders: completions, the search for an accepted argument map, then the cases that expect success. */
async function renderPrompt(
  prompt: DeclaredPrompt,
  { names, completionsDeclared, listedUris }: { names: ReadonlySet<string>; completionsDeclared: boolean; listedUris: readonly string[] },
  settings: ExerciseContext['settings'],
  probe: Probe,
  { send, sequence }: ReturnType<typeof caseSender>,
): Promise<PromptExercise> {
  const completions = await askCompletions(prompt, completionsDeclared, (method, params) => probe.request(method, params));
  const examples = promptEntry(settings.prompts, prompt.name)?.arguments ?? {};
  let complete: CaseResult | undefined;
  const attempts: CaseResult[] = [];
  const { map, last } = await searchArgumentMap(prompt, candidateLists(prompt, examples, completions, listedUris), async (candidate) => {
    complete = await send({ case: 'complete', prompt: prompt.name, params: { name: prompt.name, arguments: candidate }, expected: 'success' });
    attempts.push(complete);
    return complete.outcome;
  });
  if (map && complete?.verdict === 'input-required') return { prompt, pending: pendingReason(complete), results: [], attempts, completions };
  if (map && complete) {
    const renders = promptCases(prompt, map, names).filter((entry) => entry.expected === 'success');
    return { prompt, accepted: map, results: [complete, ...(await sequence(renders))], attempts, completions };
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
