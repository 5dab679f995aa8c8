import { defineRule } from '../../engine/rule.js';
import { describeOutcome } from '../outcome.js';

/** Methods that prove a capability, with params that are valid whether or not the server has any items. */
export const PROBES = [
  { capability: 'tools', method: 'tools/list', params: {} },
  { capability: 'prompts', method: 'prompts/list', params: {} },
  { capability: 'resources', method: 'resources/list', params: {} },
  { capability: 'logging', method: 'logging/setLevel', params: { level: 'warning' } },
  {
    capability: 'completions',
    method: 'completion/complete',
    params: { ref: { type: 'ref/prompt', name: 'mcpact-no-such-prompt' }, argument: { name: 'x', value: '' } },
  },
] as const;

export const capabilityConsistency = defineRule({
  id: 'protocol/capability-consistency',
  family: 'protocol',
  description: "A feature's methods answer only when its capability is declared in initialize.",
  defaultSeverity: 'error',
  spec: {
    checklist: 'L6',
    texts: {
      '2025-11-25': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#capabilities',
        quote: 'Servers that support tools MUST declare the `tools` capability:',
        note: 'The prompts, resources and logging pages (and the completion page, from 2025-03-26) say the same of their capability.',
      },
      '2025-06-18': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#capabilities',
        quote: 'Servers that support tools MUST declare the `tools` capability:',
        note: 'The prompts, resources and logging pages (and the completion page, from 2025-03-26) say the same of their capability.',
      },
      '2025-03-26': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#capabilities',
        quote: 'Servers that support tools MUST declare the `tools` capability:',
        note: 'The prompts, resources and logging pages (and the completion page, from 2025-03-26) say the same of their capability.',
      },
      '2024-11-05': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#capabilities',
        quote: 'Servers that support tools MUST declare the `tools` capability:',
        note: 'The prompts, resources and logging pages (and the completion page, from 2025-03-26) say the same of their capability.',
      },
    },
  },
  docs:
    'Clients only call what the server declared: a method that works without its capability is invisible to ' +
    'well-behaved clients. mcpact checks tools, prompts, resources, logging and completions: for each capability ' +
    'the server did not declare it sends one harmless request (the list, `logging/setLevel` to "warning", ' +
    '`completion/complete` for a prompt that does not exist) and reports a result. The other direction, a declared ' +
    'capability whose methods answer -32601, is protocol/capability-implemented.',
  async check({ surface, probe, report }) {
    await Promise.all(
      PROBES.map(async ({ capability, method, params }) => {
        if (surface.capabilities[capability] !== undefined) return;
        const outcome = await probe.request(method, params);
        if (outcome.kind !== 'result') return;
        report({
          message: `${method} answers with a result, but capability "${capability}" is not declared`,
          location: { kind: 'server', pointer: `/capabilities/${capability}` },
          data: { capability, method, outcome: describeOutcome(outcome) },
        });
      }),
    );
  },
});
