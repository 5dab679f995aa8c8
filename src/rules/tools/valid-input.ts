import { defineRule } from '../../engine/rule.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { levelLabel, since } from '../../model/spec.js';
import { callData, describeSkipped, optInHint, outcomesOf, toolLocation, toolPlan } from '../../exercise/tools.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';

export const validInput = defineRule({
  id: 'tools/valid-input',
  family: 'tools',
  needs: ['tools'],
  description: "Input that the tool's inputSchema accepts never gets a JSON-RPC error; failures are isError results.",
  defaultSeverity: 'warning',
  spec: {
    checklist: 'T6',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#error-handling',
        quote: 'Tool Execution Errors: Reported in tool results with `isError: true`: API failures … Business logic errors',
        note: 'The section states no requirement level.',
      },
      {
        '2026-07-28': {
          quote:
            'Tool Execution Errors contain actionable feedback that language models can use to self-correct and retry with adjusted parameters: API failures … Business logic errors … They are reported in tool results with `isError: true`:',
        },
      },
    ),
  },
  docs:
    'mcpact calls each tool that the safe-call policy allows (by default: annotated `readOnlyHint: true` and not ' +
    'destructive, plus `calls.allow`) with up to two inputs generated from its inputSchema and accepted by it (Ajv ' +
    'checks). Values are small on purpose: numbers near their lower bound, short strings, URLs on example.com. A ' +
    'tool may still fail on them (a generated id that does not exist): that is a tool execution error, a result ' +
    'with `isError: true`, and passes. A JSON-RPC error means the server rejects input its own schema allows, or ' +
    "reports execution failures on the wrong layer, so the model never sees them. The rule's note lists the tools " +
    'not called and why, and the calls that did not answer within `timeouts.call_ms` (slow tools are not ' +
    'findings; raise the deadline to cover them).',
  async check({ surface, probe, settings, cache, spec, report, skip, note, inconclusive }) {
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    if (plan.policy.unknownNames.length > 0) {
      note(
        `calls.allow/calls.deny name tools this server does not declare: ${plan.policy.unknownNames
          .slice(0, 10)
          .map((name) => quote(name, 40))
          .join(', ')}`,
      );
    }
    if (plan.validSkipped.length > 0) note(`not called with valid input${optInHint(plan.validSkipped)}: ${describeSkipped(plan.validSkipped)}`);
    if (plan.valid.length === 0)
      return skip(
        plan.policy.tools.length === 0 ? 'the server has no tools' : `no tool may be called under the safe-call policy: ${describeSkipped(plan.validSkipped)}`,
      );
    const { revision, level } = spec!;
    const slow: string[] = [];
    const reported = new Set<string | undefined>();
    for (const { call, outcome } of await outcomesOf({ surface, probe, cache }, plan.valid)) {
      if (outcome.kind === 'timeout') slow.push(quote(call.tool, 60));
      if (outcome.kind !== 'error') continue;
      // One finding per tool: its second example would only repeat the first.
      if (reported.has(call.tool)) continue;
      reported.add(call.tool);
      report({
        message: `${quote(call.tool, 60)} with schema-valid input got ${describeOutcome(outcome)}; execution failures are results with isError: true (revision ${revision}, ${levelLabel(level)})`,
        location: toolLocation(call.tool),
        answer: answerOf(outcome),
        data: { ...callData(call), negotiated: surface.protocolVersion ?? null, level, code: outcome.code, said: wordsOf(outcome) },
        // The defect is the layer: a failure of a valid call sent as a JSON-RPC error. One code is one error path of
        // the server, whatever each failure's words (a catch-all around a backend answers each tool in its own words).
        cause: `error ${String(outcome.code).slice(0, 20)}`,
      });
    }
    if (slow.length > 0) inconclusive(`no answer within timeouts.call_ms, so no verdict for: ${[...new Set(slow)].slice(0, 10).join(', ')}`);
  },
});
