import { describe, expect, it } from 'vitest';
import { argumentDropped, offeredValues } from '../../../src/rules/prompts/argument-dropped.js';
import { ruleTester } from '../../support/rule-tester.js';
import { inputRequiredServer, promptServer, STATE, text, type Args } from './support.js';

/** A report prompt whose `verbose` switch adds a line without echoing its word; `reads` says whether it is read. */
const report = {
  name: 'report',
  description: 'Write a report.',
  arguments: [
    { name: 'topic', description: 'What the report is about.', required: true },
    { name: 'verbose', description: 'Whether to include every detail (true or false).', required: true },
  ],
};
const switchServer = (render: (args: Args) => string | undefined) =>
  promptServer(
    (args, params) => {
      if (params.name !== 'report' || typeof args.topic !== 'string' || typeof args.verbose !== 'string') return undefined;
      const rendered = render(args);
      return rendered === undefined ? { error: { code: -32602, message: 'verbose must be true' } } : text(rendered);
    },
    { prompts: [report] },
  );

/**
 * Two alternatives for one scope, as boondmanager-mcp-server 2.15.2 words them (round D of docs/verdict-truth.md):
 * with both, the agency wins and the manager does not show; sent alone, the manager does.
 */
const scope = {
  name: 'skills_map',
  description: 'Map the skills of a team or an agency.',
  arguments: [
    { name: 'manager_id', description: 'The manager whose team to map.', required: false },
    { name: 'agency_id', description: 'The agency to map (an alternative to manager_id).', required: false },
  ],
};
const scopeServer = promptServer(
  (args, params) =>
    params.name === 'skills_map'
      ? text(
          `Map the skills of ${typeof args.agency_id === 'string' ? `agency ${args.agency_id}` : typeof args.manager_id === 'string' ? `the team of ${args.manager_id}` : 'my team'}.`,
        )
      : undefined,
  { prompts: [scope] },
);

/** A switch whose description offers its words, rendered as yes or no in its own words whatever mcpact sends. */
const offered = {
  name: 'find_profile',
  description: 'Find a profile.',
  arguments: [
    { name: 'skills', description: 'The skills wanted.', required: true },
    {
      name: 'inclure_candidats',
      description: "'oui' (défaut) pour inclure aussi les candidats ; 'non' pour ne chercher que dans les ressources.",
      required: false,
    },
  ],
};
const offeredServer = promptServer(
  (args, params) =>
    params.name === 'find_profile' && typeof args.skills === 'string'
      ? text(`Find a profile with ${args.skills}. Candidates included: ${args.inclure_candidats === 'non' ? 'no' : 'yes'}.`)
      : undefined,
  { prompts: [offered] },
);

/** A search whose `timeframe` filters the notes it lists without showing its value (basic-memory 0.24.1, round G). */
const search = {
  name: 'search_knowledge_base',
  description: 'Search across all content.',
  arguments: [
    { name: 'query', description: 'The search text to look for', required: true },
    { name: 'timeframe', description: "How far back to search (e.g. '1d', '1 week')", required: false },
  ],
};
const searchServer = (filters: boolean) =>
  promptServer(
    (args, params) =>
      params.name === 'search_knowledge_base' && typeof args.query === 'string'
        ? text(`Notes about ${args.query}: ${filters && args.timeframe !== undefined ? 'today.md' : 'today.md, last-year.md'}`)
        : undefined,
    { prompts: [search] },
  );

ruleTester(argumentDropped, {
  valid: [
    // Used, not echoed: without the filter the rendering lists more notes.
    { name: 'a filter that changes the rendering without showing its value', server: searchServer(true) },
    { name: 'strict server', server: promptServer() },
    { name: 'rendered after an input-required round trip', server: inputRequiredServer(), era: 'modern' },
    {
      name: 'HTML-escaped values count',
      server: promptServer((args, params) => (params.name === 'summarize' ? text(`<p>${String(args.text).replace(/-/g, '-')}</p>`) : undefined)),
    },
    // Shown in case optional-omitted (agency_id left out): read under its own name, overridden in case complete.
    { name: 'an argument another one overrides in case complete, shown when sent without it', server: scopeServer },
    {
      name: 'a switch changes the rendering without echoing its word',
      server: switchServer((args) => `Write a report on ${String(args.topic)}.${args.verbose === 'true' ? ' Include every detail.' : ''}`),
    },
  ],
  invalid: [
    {
      name: 'reads a renamed argument',
      server: promptServer((args, params) =>
        params.name === 'code_review' && typeof args.language === 'string'
          ? text(`Review this ${String(args.lang ?? 'code')} change at ${String(args.risk)} risk.`)
          : undefined,
      ),
      findings: [
        { message: 'the value of argument "focus" appears nowhere', location: { name: 'code_review' } },
        { message: 'the value of argument "language" appears nowhere', location: { name: 'code_review' }, data: { argument: 'language', case: 'complete' } },
      ],
    },
    {
      name: 'the rendering after an input-required round trip drops a value',
      server: inputRequiredServer({ only: 'summarize', retry: (params) => (params.requestState === STATE ? text('Summarize the text.') : undefined) }),
      era: 'modern',
      findings: [{ message: 'the value of argument "text" appears nowhere', location: { name: 'summarize' } }],
    },
    // The same filter, ignored: leaving it out renders the same, so its value was dropped.
    {
      name: 'a filter that changes nothing',
      server: searchServer(false),
      findings: [{ message: 'the value of argument "timeframe" appears nowhere', location: { name: 'search_knowledge_base' } }],
    },
    {
      name: 'a switch that changes nothing',
      server: switchServer((args) => `Write a report on ${String(args.topic)}.`),
      findings: [
        {
          message: 'argument "verbose" reads as a switch, but the other value (case switch-flipped) gave the same rendering as case complete',
          location: { name: 'report' },
        },
      ],
    },
  ],
  inconclusive: [
    {
      name: 'a switch with no other rendering to compare (the other word is refused)',
      server: switchServer((args) => (args.verbose === 'true' ? `Write a detailed report on ${String(args.topic)}.` : undefined)),
      reason: 'read as switches',
    },
    {
      name: 'a value the description does not offer (it offers oui and non)',
      server: offeredServer,
      reason: 'its description offers "oui", "non"; mcpact sent another value',
    },
  ],
});

describe('offeredValues', () => {
  it('reads the values a description quotes as the ones it takes', () => {
    expect(offeredValues("'oui' (défaut) pour inclure les candidats; 'non' pour les exclure")).toEqual(['oui', 'non']);
    expect(offeredValues("Sort order: 'asc': ascending, 'desc': descending")).toEqual(['asc', 'desc']);
    expect(offeredValues('The order, “asc” or “desc”.')).toEqual(['asc', 'desc']);
  });

  it('does not read the keys and values of a JSON schema quoted in the text as offered values', () => {
    // fastmcp appends each prompt argument's JSON schema to its description.
    const fastmcp =
      'How to write it: bullets or prose.\n\nProvide a value matching the following JSON schema: {"anyOf":[{"type":"string"},{"type":"null"}],"description":"How to write it"}. Encode non-string values as JSON.';
    expect(offeredValues(fastmcp)).toEqual([]);
    expect(offeredValues('One of {"enum": ["asc", "desc"]}')).toEqual([]);
  });
});
