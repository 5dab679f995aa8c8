import { defineRule } from '../../engine/rule.js';
import { MAX_INPUT_REQUESTS } from '../../exercise/input-required.js';
import { callData, callLabel, describeSkipped, outcomesOf, toolLocation, toolPlan } from '../../exercise/tools.js';
import { INPUT_REQUIRED_SPEC, INPUT_REQUIRED_SPECS, inputRequiredProblems } from '../input-required.js';

export const inputRequired = defineRule({
  id: 'tools/input-required',
  family: 'tools',
  needs: ['tools'],
  description:
    'In 2026-07-28, an input-required answer to tools/call has inputRequests or requestState, well formed, asking only for what the client declared.',
  defaultSeverity: 'error',
  spec: INPUT_REQUIRED_SPEC,
  alsoQuotes: INPUT_REQUIRED_SPECS,
  docs:
    'In 2026-07-28 a server may answer `tools/call` with `resultType: "input_required"` (multi round-trip ' +
    'requests): the tool runs once the client retries with what was asked for. Every valid-input call mcpact makes ' +
    '(the safe-call policy decides which, see tools/valid-input) follows such answers the way a client does (see ' +
    'tools/request-state), and this rule judges each input-required answer, the retries included, by the same ' +
    'sentences as prompts/input-required: it carries `inputRequests` or `requestState` (MUST); `requestState` is a ' +
    'string and `inputRequests` a map (SCHEMA); each input request is an `elicitation/create`, a ' +
    '`sampling/createMessage` or a `roots/list` with the params the schema requires (MUST); and each asks only for ' +
    'a capability the request declared (MUST NOT). mcpact declares no client capability, so a tool that asks for an ' +
    'elicitation, a sampling or the roots is a finding: a server that needs one answers with a requestState only or ' +
    'refuses with MissingRequiredClientCapability (-32021). Up to 50 input requests of one answer are judged, each ' +
    'problem once per tool. Skipped when no call was answered input_required; not run in the legacy era.',
  async check(context) {
    const { surface, settings, cache, probe, report, skip, note } = context;
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    if (plan.valid.length === 0) return skip(`no tool may be called under the safe-call policy: ${describeSkipped(plan.validSkipped)}`);
    const seen = new Set<string>();
    let judged = 0;
    for (const { call, rounds } of await outcomesOf({ surface, probe, cache }, plan.valid)) {
      (rounds ?? []).forEach((round, index) => {
        judged++;
        for (const problem of inputRequiredProblems(round.result)) {
          const key = `${call.tool}|${problem.basis}|${problem.pointer}|${problem.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          report({
            message: `${problem.message} (tools/call of ${callLabel(call)}${index > 0 ? `, retry ${index}` : ''})`,
            location: toolLocation(call.tool, problem.pointer),
            ...(problem.basis === 'fields' ? {} : { spec: INPUT_REQUIRED_SPECS[problem.basis] }),
            data: { ...callData(call), round: index, ...problem.data },
          });
        }
      });
    }
    if (judged === 0) return skip('no valid-input tools/call was answered input_required');
    if (seen.size === 0) note(`${judged} input-required answer(s) judged, up to ${MAX_INPUT_REQUESTS} input requests of each`);
  },
});
