import { defineRule } from '../../engine/rule.js';
import { MAX_INPUT_REQUESTS } from '../../exercise/input-required.js';
import { INPUT_REQUIRED_SPEC, INPUT_REQUIRED_SPECS, inputRequiredProblems } from '../input-required.js';
import { familyReads, quoteUri } from './shared.js';

export const inputRequired = defineRule({
  id: 'resources/input-required',
  family: 'resources',
  needs: ['resources', 'resourceTemplates'],
  description:
    'In 2026-07-28, an input-required answer to resources/read has inputRequests or requestState, well formed, asking only for what the client declared.',
  defaultSeverity: 'error',
  spec: INPUT_REQUIRED_SPEC,
  alsoQuotes: INPUT_REQUIRED_SPECS,
  docs:
    'In 2026-07-28 a server may answer `resources/read` with `resultType: "input_required"`: the contents come ' +
    'once the client retries with what was asked for. Every read of the family (listed resources, one expansion of ' +
    'each template, the UI resources tools link) follows such answers the way a client does: the exact ' +
    '`requestState` echoed, each elicitation declined, the roots listed as none, a sampling request left out, up to ' +
    '3 retries; the content rules judge what the retries came to. This rule judges each input-required answer by ' +
    'the same sentences as prompts/input-required: `inputRequests` or `requestState` present (MUST), of the schema ' +
    'types (SCHEMA), each input request one of the three kinds (MUST) and only for a capability the request ' +
    'declared (MUST NOT): mcpact declares none, so any input request is a finding. Up to 50 input requests of one ' +
    'answer are judged, each problem once per resource. Skipped when no read was answered input_required; not run ' +
    'in the legacy era.',
  async check(context) {
    if (context.surface.capabilities.resources === undefined) return context.skip('the server does not declare resources');
    const { reads } = await familyReads(context);
    if (reads.length === 0) return context.skip('nothing to read: no listed resources, expandable templates or UI links');
    const seen = new Set<string>();
    let judged = 0;
    for (const entry of reads) {
      (entry.read.rounds ?? []).forEach((round, index) => {
        judged++;
        for (const problem of inputRequiredProblems(round.result)) {
          const key = `${entry.uri}|${problem.basis}|${problem.pointer}|${problem.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          context.report({
            message: `${problem.message} (resources/read of ${quoteUri(entry.uri)}, ${entry.origin}${index > 0 ? `, retry ${index}` : ''})`,
            location: { ...entry.location, pointer: entry.location.kind === 'tool' ? entry.location.pointer : problem.pointer },
            ...(problem.basis === 'fields' ? {} : { spec: INPUT_REQUIRED_SPECS[problem.basis] }),
            data: { uri: entry.uri, round: index, ...problem.data },
          });
        }
      });
    }
    if (judged === 0) return context.skip('no resources/read was answered input_required');
    if (seen.size === 0) context.note(`${judged} input-required answer(s) judged, up to ${MAX_INPUT_REQUESTS} input requests of each`);
  },
});
