/**
 * Timed tools/call requests for latency budgets: which tools may be timed (the safe-call policy decides, never the
 * budget), with which arguments, and what each call took. Durations come from the Probe's Outcome (`ms`, measured
 * from the moment the request is written until its answer arrives), so this file never reads the clock.
 */
import type { ServerSettings } from '../config/schema.js';
import { CALL_REASONS, callPolicy } from './call-policy.js';
import type { Probe } from '../connect/probe.js';
import { items } from '../surface/items.js';
import type { Surface } from '../surface/types.js';
import { asRecord, type JsonRecord } from '../util/json.js';
import { seedFor, validExamples } from './inputs.js';
import { compileSchema } from '../util/schema-validator.js';
import { isComplete } from './modern-result.js';

/** A tool that times out this often is not called again: each timeout costs a whole call deadline. */
export const MAX_TIMEOUTS = 3;

export interface TimingPlan {
  /** Tools to time, each with the arguments to send and where they come from. */
  tools: { name: string; args: JsonRecord; source: 'latency.args' | 'suite case' | 'generated' }[];
  /** Tools that will not be called, and why. */
  skipped: { name: string; reason: string }[];
  /** Names in latency.tools that the server does not list. */
  unknown: string[];
}

export function timingPlan(surface: Surface, settings: ServerSettings): TimingPlan {
  const latency = settings.latency ?? {};
  const policy = callPolicy(surface, settings.calls);
  const byName = new Map(policy.tools.map((tool) => [tool.name, tool]));
  const wanted = latency.tools ?? policy.tools.filter((tool) => tool.valid.allowed).map((tool) => tool.name);
  const plan: TimingPlan = { tools: [], skipped: [], unknown: [] };
  for (const name of wanted) {
    const permission = byName.get(name)?.valid;
    if (!permission) plan.unknown.push(name);
    else if (!permission.allowed) plan.skipped.push({ name, reason: `not called: ${CALL_REASONS[permission.reason]} (see calls: in docs/tools.md)` });
    else {
      const chosen = argumentsFor(surface, settings, name);
      if (chosen) plan.tools.push({ name, ...chosen });
      else plan.skipped.push({ name, reason: 'no input its inputSchema accepts could be generated; give it latency.args' });
    }
  }
  return plan;
}

/**
 * The arguments of timed calls: latency.args.<tool> when given, else those of the tool's first suite case that
 * expects success, else the first valid example generated from its inputSchema (the one the tools family sends).
 */
function argumentsFor(surface: Surface, settings: ServerSettings, name: string): Pick<TimingPlan['tools'][number], 'args' | 'source'> | undefined {
  // Own keys only: a server may name a tool "constructor".
  const args = settings.latency?.args;
  if (args && Object.hasOwn(args, name)) return { args: args[name]!, source: 'latency.args' };
  for (const suite of settings.suites ?? []) {
    if (suite.tool !== name) continue;
    const succeeding = suite.cases.find((entry) => entry.expect?.error_code === undefined && entry.expect?.is_error !== true);
    if (succeeding) return { args: succeeding.args ?? {}, source: 'suite case' };
  }
  const schema = asRecord(items(surface, 'tools').find((item) => item.record?.name === name)?.record?.inputSchema);
  const compiled = schema && compileSchema(schema);
  const example = schema && compiled ? validExamples(schema, compiled.validate, seedFor(name))[0] : undefined;
  return example ? { args: example, source: 'generated' } : undefined;
}

export interface ToolTiming {
  name: string;
  /**
   * Durations in ms of the calls that succeeded (a complete result without isError): the only ones in the
   * percentiles. An input_required result (2026-07-28) did not do the work yet, so it is not a sample either.
   */
  samples: number[];
  errors: number;
  timeouts: number;
}

export async function timeTool(probe: Probe, name: string, args: JsonRecord, counts: { samples: number; warmup: number }): Promise<ToolTiming> {
  const params = { name, arguments: args };
  const timing: ToolTiming = { name, samples: [], errors: 0, timeouts: 0 };
  // Warm-up calls are not counted: the first call often pays for lazy loading, caches and connections.
  for (let index = 0; index < counts.warmup && !probe.lost; index++) await probe.request('tools/call', params);
  for (let index = 0; index < counts.samples && !probe.lost && timing.timeouts < MAX_TIMEOUTS; index++) {
    const outcome = await probe.request('tools/call', params);
    if (outcome.kind === 'result' && asRecord(outcome.result)?.isError !== true && isComplete(outcome.result)) timing.samples.push(outcome.ms);
    else if (outcome.kind === 'timeout') timing.timeouts++;
    else timing.errors++;
  }
  return timing;
}
