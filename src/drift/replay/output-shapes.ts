/**
 * Output-shape observation (opt-in: `drift.output_shapes`). At baseline, each tool without an outputSchema that
 * the safe-call policy clears for valid input is called a few times with inputs generated from its inputSchema
 * (a fixed seed per tool), and the shape of what succeeded is recorded (output-shape.ts). On diff the same kind of
 * calls are made again (as many as the lockfile recorded, same seed) and the two shapes compared (output-diff.ts).
 * A tool the policy forbids is never called; a note says why. Tools with a declared outputSchema are left alone:
 * their schema is diffed as declared.
 */
import type { Outcome } from '../../connect/rpc.js';
import { DEFAULT_OUTPUT_SAMPLES } from '../../config/drift.js';
import type { ServerSettings } from '../../config/schema.js';
import { CALL_REASONS, callPolicy, type Permission } from '../../exercise/call-policy.js';
import type { Probe } from '../../connect/probe.js';
import { items } from '../../surface/items.js';
import type { Surface } from '../../surface/types.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { seedFor, validExamples } from '../../exercise/inputs.js';
import { compileSchema } from '../../util/schema-validator.js';
import { canonicalJson } from '../lockfile/canonical.js';
import { at, type Change } from '../diff/change.js';
import type { Lockfile, ObservedOutput } from '../lockfile/lockfile.js';
import { diffObservedOutput } from '../diff/output-diff.js';
import { replayFailure } from './failure.js';
import { observeOutput } from '../lockfile/output-shape.js';

type Redact = <T>(value: T) => T;

export function outputShapesEnabled(settings: ServerSettings): boolean {
  return settings.drift?.output_shapes === true;
}

/** Records the output shape of every observable tool (for `mcpact baseline`); nothing is called unless opted in. */
export async function recordOutputShapes(
  surface: Surface,
  probe: Probe,
  settings: ServerSettings,
): Promise<{ observed: Map<string, ObservedOutput>; notes: string[] }> {
  const observed = new Map<string, ObservedOutput>();
  if (!outputShapesEnabled(settings)) return { observed, notes: [] };
  const calls = settings.drift?.output_samples ?? DEFAULT_OUTPUT_SAMPLES;
  const permissions = permissionsOf(surface, settings);
  const notes = await Promise.all(
    [...declaredTools(surface)].map(async ([name, tool]): Promise<string[]> => {
      if (tool.outputSchema !== undefined) return [];
      const plan = planCalls(name, tool, permissions.get(name), calls);
      if ('skipped' in plan) return [`${quote(name, 60)}: output shape not recorded: ${plan.skipped}`];
      const { results, failure } = await sample(probe, name, plan.inputs);
      const output = observeOutput(results, calls);
      if (output === undefined) return [`${quote(name, 60)}: output shape not recorded: no call succeeded (${calls} tried; ${failure})`];
      observed.set(name, output);
      return [];
    }),
  );
  return { observed, notes: notes.flat() };
}

/**
 * Observes again the tools whose shape the lockfile holds and compares (for `mcpact diff` and `mcpact run`). The
 * live observation is redacted like the live contract, so both sides hide the same values.
 */
export async function replayOutputShapes(
  lock: Lockfile,
  surface: Surface,
  probe: Probe,
  settings: ServerSettings,
  redact: Redact = (value) => value,
): Promise<{ changes: Change[]; notes: string[] }> {
  const locked = lock.tools.filter((tool) => tool.observedOutput !== undefined);
  if (!outputShapesEnabled(settings)) {
    return { changes: [], notes: locked.length > 0 ? ['the lockfile holds observed output shapes, but drift.output_shapes is off: not compared'] : [] };
  }
  if (locked.length === 0) {
    const observable = lock.tools.some((tool) => tool.outputSchema === undefined);
    return {
      changes: [],
      notes: observable ? ['drift.output_shapes is on, but the lockfile holds no observed output shape: refresh it with mcpact baseline'] : [],
    };
  }
  const live = declaredTools(surface);
  const permissions = permissionsOf(surface, settings);
  const outcomes = await Promise.all(
    locked.map(async ({ name, observedOutput: before }): Promise<{ changes: Change[]; notes: string[] }> => {
      const tool = live.get(name);
      // A removed tool is tool-removed; a newly declared outputSchema is diffed as declared (tool-output-compatible).
      if (before === undefined || tool === undefined || tool.outputSchema !== undefined) return { changes: [], notes: [] };
      const plan = planCalls(name, tool, permissions.get(name), before.calls);
      if ('skipped' in plan) return { changes: [], notes: [`${quote(name, 60)}: output shape not compared: ${plan.skipped}`] };
      const { results, failure } = await sample(probe, name, plan.inputs);
      const observation = observeOutput(results, before.calls);
      if (observation === undefined) {
        const change: Change = {
          id: 'tool-output-breaking',
          location: at('tool', name, '/observedOutput'),
          reason: `no call succeeded any more (${before.calls} tried; ${failure}): the output shape seen at baseline is gone`,
          data: { observed: true, calls: before.calls, outcome: failure },
        };
        return { changes: [change], notes: [] };
      }
      // The baseline wrote its observation redacted (a field name can be a token the server echoes).
      return { changes: diffObservedOutput(name, before, redact(observation)), notes: [] };
    }),
  );
  return { changes: outcomes.flatMap((outcome) => outcome.changes), notes: outcomes.flatMap((outcome) => outcome.notes) };
}

/** The tools by name, the first of each name (as the lockfile pins them), in list order. */
function declaredTools(surface: Surface): Map<string, JsonRecord> {
  const tools = new Map<string, JsonRecord>();
  for (const item of items(surface, 'tools')) {
    const name = item.record?.name;
    if (item.record && typeof name === 'string' && !tools.has(name)) tools.set(name, item.record);
  }
  return tools;
}

function permissionsOf(surface: Surface, settings: ServerSettings): Map<string, Permission> {
  return new Map(callPolicy(surface, settings.calls).tools.map((tool) => [tool.name, tool.valid]));
}

/**
 * `calls` inputs the tool's inputSchema accepts, as varied as generation allows (fixed seeds, so a later diff
 * sends the same ones), repeated in turn when fewer distinct ones exist; or why the tool is not called.
 */
function planCalls(name: string, tool: JsonRecord, permission: Permission | undefined, calls: number): { inputs: JsonRecord[] } | { skipped: string } {
  if (permission === undefined || !permission.allowed)
    return { skipped: `not called, ${permission ? CALL_REASONS[permission.reason] : 'not in the call policy'}` };
  const schema = asRecord(tool.inputSchema);
  const compiled = schema && compileSchema(schema);
  if (!schema || !compiled) return { skipped: 'not called, its inputSchema does not compile (see schema/tool-input-schema)' };
  const seed = seedFor(name);
  const distinct = new Map<string, JsonRecord>();
  // validExamples draws from `seed` and `seed + 1`; each round moves past both.
  for (let round = 0; round < calls && distinct.size < calls; round++) {
    for (const example of validExamples(schema, compiled.validate, seed + 2 * round)) distinct.set(canonicalJson(example), example);
  }
  const inputs = [...distinct.values()].slice(0, calls);
  if (inputs.length === 0) return { skipped: 'not called, no input its inputSchema accepts could be generated' };
  return { inputs: Array.from({ length: calls }, (_, index) => inputs[index % inputs.length]!) };
}

/** The results that succeeded, and what the first failure was (for notes). */
async function sample(probe: Probe, name: string, inputs: readonly JsonRecord[]): Promise<{ results: JsonRecord[]; failure: string }> {
  const outcomes = await Promise.all(inputs.map((input) => probe.request('tools/call', { name, arguments: input })));
  const results: JsonRecord[] = [];
  let failure: string | undefined;
  for (const outcome of outcomes) {
    const result = outcome.kind === 'result' ? asRecord(outcome.result) : undefined;
    if (result !== undefined && result.isError !== true) results.push(result);
    else failure ??= failureOf(outcome);
  }
  return { results, failure: failure ?? 'none failed' };
}

function failureOf(outcome: Outcome): string {
  return replayFailure(
    outcome,
    asRecord(outcome.kind === 'result' ? outcome.result : undefined)?.isError === true ? 'a result with isError: true' : 'a result that is not an object',
  );
}
