/**
 * The compatibility replay. At baseline, each prompt's accepted argument maps (complete, and minimum when it
 * differs) are recorded in the lockfile, with the arguments whose values the rendering carried; on diff they are
 * sent again. A map that worked then and is rejected now, or now renders without a value it carried then, is
 * `prompt-invocation-broken`, naming the argument. This catches the
 * renamed argument that the declaration diff alone calls compatible when the old name is merely dropped.
 *
 * Values that came from the config's examples (user data, maybe secret) are written as `<config:NAME>` and resolved
 * from the config at replay; generated samples, enumerated and completion values are written as they are.
 *
 * In 2026-07-28 a prompt may answer input_required before it renders: both sides follow the round trip the way a
 * client does (exercise/input-required.ts), so what is recorded and compared is what the completed round trip rendered.
 */
import type { Outcome } from '../../connect/rpc.js';
import type { ServerSettings } from '../../config/schema.js';
import { promptEntry } from '../../config/prompts.js';
import type { Probe } from '../../connect/probe.js';
import { askCompletions, candidateLists, searchArgumentMap } from '../../exercise/prompts/accepted-map.js';
import { declaredPrompts, type DeclaredPrompt } from '../../exercise/prompts/declared.js';
import type { ArgumentMap } from '../../exercise/prompts/matrix.js';
import { render } from '../../exercise/prompts/render.js';
import { requestFollowing } from '../../exercise/input-required.js';
import { valueAppears } from '../../exercise/prompts/value-forms.js';
import { listedResources } from '../../exercise/resources.js';
import type { Surface } from '../../surface/types.js';
import { nameRecord, ownValue } from '../../util/json.js';
import { at, type Change } from '../diff/change.js';
import type { Lockfile } from '../lockfile/lockfile.js';

export type Invocation = { kind: 'minimum' | 'complete'; arguments: Record<string, string>; rendered?: string[] };

const PLACEHOLDER = /^<config:(.+)>$/;

/** Records, per prompt name, the invocations that succeeded now (for `mcpact baseline`, and `mcpact record`, which keeps the answers). */
export async function recordInvocations(surface: Surface, probe: Pick<Probe, 'request'>, settings: ServerSettings): Promise<Map<string, Invocation[]>> {
  const recorded = new Map<string, Invocation[]>();
  const completionsDeclared = surface.capabilities.completions !== undefined;
  const listedUris = listedResources(surface).map((resource) => resource.uri);
  await Promise.all(
    declaredPrompts(surface).map(async (prompt) => {
      const examples = promptEntry(settings.prompts, prompt.name)?.arguments ?? {};
      const completions = await askCompletions(prompt, completionsDeclared, (method, params) => probe.request(method, params));
      // An input-required prompt (2026-07-28) is recorded as what its completed round trip rendered.
      const get = (map: ArgumentMap) => requestFollowing({ name: prompt.name, arguments: map }, (params) => probe.request('prompts/get', params), surface.era);
      const { map, last } = await searchArgumentMap(prompt, candidateLists(prompt, examples, completions, listedUris), get);
      if (!map || !last) return;
      const invocations: Invocation[] = [{ kind: 'complete', arguments: placeholders(map, examples), rendered: renderedArguments(last, map) }];
      const minimum = Object.fromEntries(prompt.arguments.filter((argument) => argument.required).map((argument) => [argument.name, map[argument.name]!]));
      if (Object.keys(minimum).length < Object.keys(map).length) {
        const outcome = await get(minimum);
        if (outcome.kind === 'result')
          invocations.push({ kind: 'minimum', arguments: placeholders(minimum, examples), rendered: renderedArguments(outcome, minimum) });
      }
      recorded.set(
        prompt.name,
        invocations.sort((a, b) => (a.kind < b.kind ? -1 : 1)),
      );
    }),
  );
  return recorded;
}

/**
 * The arguments whose values the rendered messages carry, sorted. A server may use an argument without echoing it
 * (a filter, a flag), so only what was carried at baseline can be missed at replay.
 */
function renderedArguments(outcome: Outcome, map: ArgumentMap): string[] {
  if (outcome.kind !== 'result') return [];
  const text = render(outcome.result).text;
  return Object.entries(map)
    .filter(([, value]) => value.trim() !== '' && valueAppears(text, value))
    .map(([name]) => name)
    .sort();
}

function placeholders(map: ArgumentMap, examples: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, ownValue(examples, name) === value ? `<config:${name}>` : value]));
}

/** Replays the lockfile's invocations against the live server (for `mcpact diff` and `mcpact run`). */
export async function replayInvocations(
  lock: Lockfile,
  surface: Surface,
  probe: Probe,
  settings: ServerSettings,
): Promise<{ changes: Change[]; notes: string[] }> {
  const live = new Map(declaredPrompts(surface).map((prompt) => [prompt.name, prompt]));
  const changes: Change[] = [];
  const notes: string[] = [];
  for (const locked of lock.prompts) {
    const prompt = live.get(locked.name);
    if (!prompt) continue; // prompt-removed says it already
    const examples = promptEntry(settings.prompts, locked.name)?.arguments ?? {};
    for (const [index, invocation] of (locked.invocations ?? []).entries()) {
      const map = resolve(invocation.arguments, examples);
      if (!map) {
        notes.push(`${locked.name}: the ${invocation.kind} invocation uses config examples that are no longer in the config; not replayed`);
        continue;
      }
      const outcome = await requestFollowing({ name: locked.name, arguments: map }, (params) => probe.request('prompts/get', params), surface.era);
      const broken = verdict(outcome, map, prompt, invocation.rendered ?? []);
      if (broken) {
        changes.push({
          id: 'prompt-invocation-broken',
          location: at('prompt', locked.name, `/invocations/${index}`),
          reason: `the ${invocation.kind} argument map that worked at baseline ${broken.reason}`,
          data: {
            invocation: invocation.kind,
            ...(broken.argument !== undefined ? { argument: broken.argument } : {}),
            outcome: outcome.kind,
            ...(outcome.kind === 'error' ? { code: outcome.code } : {}),
          },
        });
      }
    }
  }
  return { changes, notes };
}

function resolve(args: Record<string, string>, examples: Record<string, string>): ArgumentMap | undefined {
  // Keyed by the prompt's argument names, which may be `__proto__`.
  const map = nameRecord<string>();
  for (const [name, value] of Object.entries(args)) {
    const key = PLACEHOLDER.exec(value)?.[1];
    const example = key === undefined ? value : ownValue(examples, key);
    if (example === undefined) return undefined;
    map[name] = example;
  }
  return map;
}

/** Why the replayed call counts as broken, naming the argument when one can be named; undefined when it still works. */
function verdict(outcome: Outcome, map: ArgumentMap, prompt: DeclaredPrompt, rendered: readonly string[]): { reason: string; argument?: string } | undefined {
  if (outcome.kind === 'result') {
    const text = render(outcome.result).text;
    // Only a value the baseline rendering carried can be dropped (a lockfile without `rendered` judges none).
    const dropped = Object.entries(map).find(([name, value]) => rendered.includes(name) && value.trim() !== '' && !valueAppears(text, value));
    return dropped ? { reason: `now renders without the value of argument "${dropped[0]}"`, argument: dropped[0] } : undefined;
  }
  if (outcome.kind !== 'error')
    return {
      reason: outcome.kind === 'timeout' ? 'now gets no answer' : outcome.kind === 'closed' ? 'now closes the connection' : 'now gets a malformed answer',
    };
  const message = typeof outcome.message === 'string' ? outcome.message : '';
  const newRequired = prompt.arguments.find((argument) => argument.required && !Object.hasOwn(map, argument.name));
  const unknown = Object.keys(map).find((name) => !prompt.arguments.some((argument) => argument.name === name));
  const named = [...Object.keys(map), ...prompt.arguments.map((argument) => argument.name)].find((name) => message.includes(name));
  const argument = unknown ?? newRequired?.name ?? named;
  const why =
    unknown !== undefined
      ? `: argument "${unknown}" is no longer declared`
      : newRequired
        ? `: argument "${newRequired.name}" is now required`
        : named
          ? ` (the error names "${named}")`
          : '';
  return { reason: `is now rejected with JSON-RPC error ${String(outcome.code)}${why}`, ...(argument !== undefined ? { argument } : {}) };
}
