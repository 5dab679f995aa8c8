import { defineRule } from '../../engine/rule.js';
import { levelLabel, revisionAtLeast } from '../../model/spec.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { answerCause, callData, describeSkipped, isErrorResult, outcomesOf, serverSaid, toolLocation, toolPlan } from '../../exercise/tools.js';

export const invalidInput = defineRule({
  id: 'tools/invalid-input',
  family: 'tools',
  needs: ['tools'],
  description: "Input that the tool's inputSchema rejects is rejected: an isError result or JSON-RPC -32602, never a success or -32603.",
  defaultSeverity: 'error',
  spec: {
    checklist: 'T7',
    texts: {
      '2025-11-25': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#security-considerations',
        quote: 'Servers MUST: Validate all tool inputs',
        note: 'Error Handling lists input validation errors among the tool execution errors (a result with `isError: true`).',
      },
      '2025-06-18': { keyword: 'MUST', binds: 'server', section: 'server/tools#security-considerations', quote: 'Servers MUST: Validate all tool inputs' },
      '2025-03-26': { keyword: 'MUST', binds: 'server', section: 'server/tools#security-considerations', quote: 'Servers MUST: Validate all tool inputs' },
      '2024-11-05': { keyword: 'MUST', binds: 'server', section: 'server/tools#security-considerations', quote: 'Servers MUST: Validate all tool inputs' },
    },
  },
  docs:
    'Servers MUST validate all tool inputs. mcpact generates inputs from each inputSchema (fast-check, a fixed ' +
    'seed per tool, so a failure prints the exact arguments and reproduces): each required property missing, each ' +
    'property with a wrong type, a value outside an enum, a bound violated (minLength, maximum, minItems, ...), and ' +
    'an undeclared property when `additionalProperties` is false. Ajv confirms that the schema itself rejects each ' +
    'one. From revision 2025-11-25 on (SEP-1303) input validation failures are tool execution errors, a result with ' +
    '`isError: true`, so the model can correct itself; -32602 is accepted too. For older negotiated revisions ' +
    'either layer passes. A success means the server did not validate; -32603 (or another code) means it failed ' +
    'instead of validating. No answer or a crash is reported by tools/call-answered. Which tools receive these ' +
    "probes is the safe-call policy (docs/tools.md): by default every tool with a required property; the rule's " +
    'note lists the tools that got none and why.',
  async check({ surface, probe, settings, cache, spec, report, skip, note, inconclusive }) {
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    if (plan.invalidSkipped.length > 0) note(`no invalid-input probe (opt in with calls.allow or calls.all) for: ${describeSkipped(plan.invalidSkipped)}`);
    if (plan.invalid.length === 0)
      return skip(
        plan.policy.tools.length === 0
          ? 'the server has no tools'
          : `no tool may receive invalid input under the safe-call policy: ${describeSkipped(plan.invalidSkipped)}`,
      );
    const { revision, level } = spec!;
    const layered = revisionAtLeast(revision, '2025-11-25');
    const expected = layered ? 'a result with isError: true (SEP-1303) or JSON-RPC -32602' : 'JSON-RPC -32602 or a result with isError: true';
    const unjudged: string[] = [];
    for (const { call, outcome } of await outcomesOf({ probe, cache }, plan.invalid)) {
      if (outcome.kind === 'error' && outcome.code === -32602) continue;
      if (outcome.kind === 'result' && isErrorResult(outcome.result)) continue;
      if (outcome.kind !== 'result' && outcome.kind !== 'error') {
        unjudged.push(call.tool ?? '');
        continue;
      }
      const got = outcome.kind === 'result' ? 'a success (the input was not validated)' : describeOutcome(outcome);
      report({
        message: `${quote(call.tool, 60)} with ${call.what} got ${got}; expected ${expected} (revision ${revision}, ${levelLabel(level)} validate inputs)`,
        location: toolLocation(call.tool),
        data: {
          ...callData(call),
          negotiated: surface.protocolVersion ?? null,
          level,
          outcome: outcome.kind,
          ...(outcome.kind === 'error' && { code: outcome.code }),
          said: serverSaid(outcome),
        },
        cause: answerCause(outcome),
      });
    }
    if (unjudged.length > 0) {
      // A hang or a crash is tools/call-answered's finding; here it only means no verdict for those tools.
      inconclusive(
        `no answer to judge for invalid input to ${[...new Set(unjudged)]
          .slice(0, 10)
          .map((name) => quote(name, 60))
          .join(', ')} (see tools/call-answered)`,
      );
    }
  },
});
