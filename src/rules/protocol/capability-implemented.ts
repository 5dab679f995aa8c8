import { defineRule } from '../../engine/rule.js';
import { LISTS } from '../../surface/types.js';
import type { RuleSpec, SpecText } from '../../model/spec.js';
import { PROBES } from './capability-consistency.js';

const TEXT = (section: string): SpecText => ({
  keyword: 'none',
  binds: 'server',
  section,
  quote: 'Client and server capabilities establish which optional protocol features will be available during the session.',
  note: 'No sentence requires the methods of a declared capability; the capability table describes what each one offers. resources/templates/list is part of the resources feature, but a server without templates may answer an empty list.',
});

const SPEC: RuleSpec = {
  checklist: 'L6',
  texts: {
    '2025-11-25': TEXT('basic/lifecycle#capability-negotiation'),
    '2025-06-18': TEXT('basic/lifecycle#capability-negotiation'),
    '2025-03-26': TEXT('basic/lifecycle#capability-negotiation'),
    '2024-11-05': TEXT('basic/lifecycle#capability-negotiation'),
  },
};

export const capabilityImplemented = defineRule({
  id: 'protocol/capability-implemented',
  family: 'protocol',
  description: 'A capability declared in initialize has its methods: none answers -32601 (method not found).',
  defaultSeverity: 'warning',
  spec: SPEC,
  docs:
    'A client that trusts the declaration calls the methods of every capability the server declared; -32601 ' +
    '(method not found) breaks it. For declared lists mcpact reuses the capture; for logging and completions it ' +
    'sends one harmless request (`logging/setLevel` to "warning", `completion/complete` for a prompt that does not ' +
    'exist). The text describes what a capability offers but states no requirement level, so this is a warning. ' +
    'resources/templates/list answering -32601 under a declared `resources` capability is reported too: a server ' +
    'without templates can answer `{ "resourceTemplates": [] }`. With the TypeScript SDK low-level `Server`, ' +
    'register a handler for every list method of a capability you declare.',
  async check({ surface, probe, report }) {
    await Promise.all(
      PROBES.map(async ({ capability, method, params }) => {
        if (surface.capabilities[capability] === undefined) return;
        const captured = LISTS.find((list) => list.method === method);
        const notFound = captured
          ? surface.lists[captured.kind].status === 'error' && surface.lists[captured.kind].error?.code === -32601
          : await probe.request(method, params).then((outcome) => outcome.kind === 'error' && outcome.code === -32601);
        if (!notFound) return;
        report({
          message: `capability "${capability}" is declared but ${method} answers -32601 (method not found)`,
          location: { kind: 'server', pointer: `/capabilities/${capability}` },
          data: { capability, method },
        });
      }),
    );
    // resources/templates/list belongs to the resources capability too.
    const templates = surface.lists.resourceTemplates;
    if (templates.status === 'error' && templates.error?.code === -32601) {
      report({
        message:
          'capability "resources" is declared but resources/templates/list answers -32601 (method not found); a server without templates can answer an empty list',
        location: { kind: 'server', pointer: '/capabilities/resources' },
        data: { capability: 'resources', method: 'resources/templates/list' },
      });
    }
  },
});
