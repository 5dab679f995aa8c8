import { defineRule } from '../../engine/rule.js';
import { LISTS } from '../../surface/types.js';
import { describeOutcome } from '../outcome.js';

/** Methods that prove a capability, with params that are valid whether or not the server has any items. */
const PROBES = [
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
  description: "A feature's methods work if and only if its capability is declared in initialize.",
  defaultSeverity: 'error',
  spec: {
    checklist: 'L6',
    texts: {
      '2025-11-25': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#capabilities',
        quote: 'Servers that support tools MUST declare the `tools` capability:',
        note: 'The prompts, resources and logging pages (and the completion page, from 2025-03-26) say the same of their capability; a declared capability whose methods are missing contradicts what the capability table says it offers.',
      },
      '2025-06-18': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#capabilities',
        quote: 'Servers that support tools MUST declare the `tools` capability:',
        note: 'The prompts, resources and logging pages (and the completion page, from 2025-03-26) say the same of their capability; a declared capability whose methods are missing contradicts what the capability table says it offers.',
      },
      '2025-03-26': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#capabilities',
        quote: 'Servers that support tools MUST declare the `tools` capability:',
        note: 'The prompts, resources and logging pages (and the completion page, from 2025-03-26) say the same of their capability; a declared capability whose methods are missing contradicts what the capability table says it offers.',
      },
      '2024-11-05': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#capabilities',
        quote: 'Servers that support tools MUST declare the `tools` capability:',
        note: 'The prompts, resources and logging pages (and the completion page, from 2025-03-26) say the same of their capability; a declared capability whose methods are missing contradicts what the capability table says it offers.',
      },
    },
  },
  docs:
    'Clients only call what the server declared. A declared capability whose method answers -32601 breaks every ' +
    'client that trusts the declaration; a method that works without its capability is invisible to well-behaved ' +
    'clients. mcpact checks tools, prompts, resources, logging and completions: for declared lists it reuses the ' +
    'capture, for the rest it sends one harmless request (`logging/setLevel` to "warning", `completion/complete` ' +
    'for a prompt that does not exist).',
  async check({ surface, probe, report }) {
    await Promise.all(
      PROBES.map(async ({ capability, method, params }) => {
        const declared = surface.capabilities[capability] !== undefined;
        const captured = LISTS.find((list) => list.method === method);
        const outcome = declared && captured ? undefined : await probe.request(method, params);
        const notFound =
          captured && declared
            ? surface.lists[captured.kind].status === 'error' && surface.lists[captured.kind].error?.code === -32601
            : outcome?.kind === 'error' && outcome.code === -32601;
        if (declared && notFound) {
          report({
            message: `capability "${capability}" is declared but ${method} answers -32601 (method not found)`,
            location: { kind: 'server', pointer: `/capabilities/${capability}` },
            data: { capability, method },
          });
        } else if (!declared && outcome?.kind === 'result') {
          report({
            message: `${method} answers with a result, but capability "${capability}" is not declared`,
            location: { kind: 'server', pointer: `/capabilities/${capability}` },
            data: { capability, method, outcome: describeOutcome(outcome) },
          });
        }
      }),
    );
    // resources/templates/list belongs to the resources capability too.
    const templates = surface.lists.resourceTemplates;
    if (templates.status === 'error' && templates.error?.code === -32601) {
      report({
        message: 'capability "resources" is declared but resources/templates/list answers -32601 (method not found)',
        location: { kind: 'server', pointer: '/capabilities/resources' },
        data: { capability: 'resources', method: 'resources/templates/list' },
      });
    }
  },
});
