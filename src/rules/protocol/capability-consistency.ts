import { defineRule } from '../../engine/rule.js';
import { describeOutcome } from '../outcome.js';
import { UNKNOWN_PROMPT } from '../../exercise/injected.js';
import type { ExerciseContext } from '../../exercise/context.js';
import type { Outcome } from '../../connect/rpc.js';
import { cacheKey } from '../../util/run-cache.js';
import { ABSENT, isKnownRevision, since, type RuleSpec, type SpecText } from '../../model/spec.js';

/** Methods that prove a capability, with params that are valid whether or not the server has any items. */
export const PROBES = [
  { capability: 'tools', method: 'tools/list', params: {} },
  { capability: 'prompts', method: 'prompts/list', params: {} },
  { capability: 'resources', method: 'resources/list', params: {} },
  { capability: 'logging', method: 'logging/setLevel', params: { level: 'warning' } },
  {
    capability: 'completions',
    method: 'completion/complete',
    params: { ref: { type: 'ref/prompt', name: UNKNOWN_PROMPT }, argument: { name: 'x', value: '' } },
  },
] as const;

type UndeclaredCapability = Exclude<(typeof PROBES)[number]['capability'], 'logging'>;

const UNDECLARED = cacheKey<Map<UndeclaredCapability, Promise<Outcome>>>('protocol/undeclared-capability-probes');

/**
 * The answer to the harmless request of a capability the server did not declare, sent once per run: this rule judges
 * a result, protocol/completion-undeclared the code of an error.
 */
export function undeclaredAnswer(context: Pick<ExerciseContext, 'probe' | 'cache'>, capability: UndeclaredCapability): Promise<Outcome> {
  const answers = context.cache.once(UNDECLARED, () => new Map<UndeclaredCapability, Promise<Outcome>>());
  let answer = answers.get(capability);
  if (answer === undefined) {
    const { method, params } = PROBES.find((entry) => entry.capability === capability)!;
    answer = context.probe.request(method, params, { bad: `${method} although capability "${capability}" is not declared` });
    answers.set(capability, answer);
  }
  return answer;
}

/** The sentence each capability's own page says it with, in every revision that has one. */
function declareText(capability: 'tools' | 'prompts' | 'resources' | 'completions'): SpecText {
  const page = capability === 'completions' ? 'server/utilities/completion' : `server/${capability}`;
  const quote =
    capability === 'prompts'
      ? 'Servers that support prompts MUST declare the `prompts` capability'
      : `Servers that support ${capability} MUST declare the \`${capability}\` capability:`;
  return { keyword: 'MUST', binds: 'server', section: `${page}#capabilities`, quote };
}

function declareSpec(capability: 'tools' | 'prompts' | 'resources' | 'completions'): RuleSpec {
  const text = declareText(capability);
  return {
    checklist: 'L6',
    // Completions had no capability before 2025-03-26.
    texts: since(capability === 'completions' ? '2025-03-26' : '2024-11-05', text),
  };
}

/** What each capability's check rests on; logging is not here: its MUST is about emitting notifications. */
export const DECLARE_SPECS = {
  tools: declareSpec('tools'),
  prompts: declareSpec('prompts'),
  resources: declareSpec('resources'),
  completions: declareSpec('completions'),
} as const;

export const capabilityConsistency = defineRule({
  id: 'protocol/capability-consistency',
  family: 'protocol',
  description: "A feature's methods answer only when its capability is declared in initialize.",
  defaultSeverity: 'error',
  spec: {
    checklist: 'L6',
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#capabilities',
        quote: 'Servers that support tools MUST declare the `tools` capability:',
        note: 'The prompts, resources and logging pages (and the completion page, from 2025-03-26) say the same of their capability.',
      },
      {
        '2026-07-28': {
          note: 'The prompts, resources and completion pages say the same of their capability (prompts: "in their DiscoverResult"); schema.ts answers a method gated behind a capability the server did not advertise with -32601 (MethodNotFoundError).',
        },
      },
    ),
  },
  alsoQuotes: DECLARE_SPECS,
  docs:
    'Clients only call what the server declared: a method that works without its capability is invisible to ' +
    'well-behaved clients. mcpact checks tools, prompts, resources and completions: for each capability ' +
    'the server did not declare it sends one harmless request (the list, or `completion/complete` for a prompt ' +
    "that does not exist) and reports a result, citing that capability's own sentence. Completions are checked " +
    'from 2025-03-26 on (the capability did not exist before); logging is not, because its sentence is about ' +
    'emitting log notifications, not about answering `logging/setLevel`. The other direction, a declared ' +
    'capability whose methods answer -32601, is protocol/capability-implemented.',
  async check(context) {
    const { surface, report } = context;
    const negotiated = surface.protocolVersion;
    await Promise.all(
      PROBES.map(async ({ capability, method }) => {
        if (capability === 'logging' || surface.capabilities[capability] !== undefined) return;
        const spec = DECLARE_SPECS[capability];
        // A revision without the capability (completions before 2025-03-26) asks nothing of the server.
        if (negotiated !== undefined && isKnownRevision(negotiated) && spec.texts[negotiated] === ABSENT) return;
        const outcome = await undeclaredAnswer(context, capability);
        if (outcome.kind !== 'result') return;
        report({
          message: `${method} answers with a result, but capability "${capability}" is not declared`,
          location: { kind: 'server', pointer: `/capabilities/${capability}` },
          spec,
          data: { capability, method, outcome: describeOutcome(outcome) },
        });
      }),
    );
  },
});
