import { defineRule } from '../../engine/rule.js';
import { LISTS } from '../../surface/types.js';
import { MODERN_REVISION, since, type RuleSpec, type SpecText } from '../../model/spec.js';
import { PROBES } from './capability-consistency.js';

/** What a declared capability means, in every legacy revision (basic/lifecycle#capability-negotiation). */
export const CAPABILITIES_QUOTE = 'Client and server capabilities establish which optional protocol features will be available during the session.';

/** What a declared capability means in every legacy revision; 2026-07-28 says it in its discovery result. */
const CAPABILITIES: SpecText = {
  keyword: 'none',
  binds: 'server',
  section: 'basic/lifecycle#capability-negotiation',
  quote: CAPABILITIES_QUOTE,
  note: 'No sentence requires the methods of a declared capability; the capability table describes what each one offers. resources/templates/list is part of the resources feature, but a server without templates may answer an empty list.',
};

export const CAPABILITY_SPEC: RuleSpec = {
  checklist: 'L6',
  texts: since('2024-11-05', CAPABILITIES, {
    '2026-07-28': {
      section: 'server/discover#discoverresult',
      quote: 'A discovery result includes: … `capabilities`: Capabilities the server supports (tools, resources, prompts, etc.)',
      note: 'A declared capability is one the server supports. For tools, prompts and resources this revision adds a MUST on the list method (those findings cite it); completion/complete and resources/templates/list have no such sentence.',
    },
  }),
};

/**
 * 2026-07-28 makes the list method of a declared tools, prompts or resources capability a MUST: a -32601 there cites
 * that sentence (earlier revisions: the rule's own text). The rule's severity stays the target revision's.
 */
function listSpec(capability: 'tools' | 'prompts' | 'resources'): RuleSpec {
  return {
    checklist: 'L6',
    texts: since('2024-11-05', CAPABILITIES, {
      '2026-07-28': {
        keyword: 'MUST',
        section: `server/${capability}#capabilities`,
        quote: `Servers that declare the \`${capability}\` capability MUST respond to \`${capability}/list\` requests with the set of ${capability} currently available to the requesting client.`,
        note: undefined,
      },
    }),
  };
}

export const LIST_SPECS = { tools: listSpec('tools'), prompts: listSpec('prompts'), resources: listSpec('resources') } as const;

export const capabilityImplemented = defineRule({
  id: 'protocol/capability-implemented',
  family: 'protocol',
  description: 'A capability declared in initialize has its methods: none answers -32601 (method not found).',
  defaultSeverity: 'warning',
  spec: CAPABILITY_SPEC,
  alsoQuotes: LIST_SPECS,
  docs:
    'A client that trusts the declaration calls the methods of every capability the server declared; -32601 ' +
    '(method not found) breaks it. For declared lists mcpact reuses the capture; for logging and completions it ' +
    'sends one harmless request (`logging/setLevel` to "warning", except in 2026-07-28, which removed it; ' +
    '`completion/complete` for a prompt that does not exist). Up to 2025-11-25 the text describes what a ' +
    'capability offers but states no requirement level, so this is a warning; 2026-07-28 makes answering the list ' +
    'method of a declared tools, prompts or resources capability a MUST, and those findings cite it. ' +
    'resources/templates/list answering -32601 under a declared `resources` capability is reported too: a server ' +
    'without templates can answer `{ "resourceTemplates": [] }`. When resources/list answers -32601 too, the server ' +
    'has no resources handler at all: one finding names both (`data.alsoMethods`). With the TypeScript SDK low-level `Server`, ' +
    'register a handler for every list method of a capability you declare.',
  async check({ surface, probe, report }) {
    // resources/templates/list belongs to the resources capability too.
    const templates = surface.lists.resourceTemplates;
    const templatesMissing = templates.status === 'error' && templates.error?.code === -32601;
    const resources = surface.lists.resources;
    // No resources handler at all (both lists -32601) is one cause: one finding, on resources/list, naming both.
    const bothMissing = templatesMissing && resources.status === 'error' && resources.error?.code === -32601;
    await Promise.all(
      PROBES.map(async ({ capability, method, params }) => {
        if (surface.capabilities[capability] === undefined) return;
        // 2026-07-28 removed logging/setLevel (the level travels in each request's _meta): nothing to call.
        if (capability === 'logging' && (surface.protocolVersion ?? '') >= MODERN_REVISION) return;
        const captured = LISTS.find((list) => list.method === method);
        const notFound = captured
          ? surface.lists[captured.kind].status === 'error' && surface.lists[captured.kind].error?.code === -32601
          : await probe.request(method, params).then((outcome) => outcome.kind === 'error' && outcome.code === -32601);
        if (!notFound) return;
        const withTemplates = bothMissing && method === 'resources/list';
        report({
          message: `capability "${capability}" is declared but ${method} answers -32601 (method not found)${withTemplates ? ', and so does resources/templates/list' : ''}`,
          location: { kind: 'server', pointer: `/capabilities/${capability}` },
          ...(isListed(capability) && { spec: LIST_SPECS[capability] }),
          data: { capability, method, ...(withTemplates && { alsoMethods: ['resources/templates/list'] }) },
        });
      }),
    );
    if (templatesMissing && !bothMissing) {
      report({
        message:
          'capability "resources" is declared but resources/templates/list answers -32601 (method not found); a server without templates can answer an empty list',
        location: { kind: 'server', pointer: '/capabilities/resources' },
        data: { capability: 'resources', method: 'resources/templates/list' },
      });
    }
  },
});

function isListed(capability: string): capability is keyof typeof LIST_SPECS {
  return Object.hasOwn(LIST_SPECS, capability);
}
