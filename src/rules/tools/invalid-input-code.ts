import { defineRule } from '../../engine/rule.js';
import { levelLabel, revisionAtLeast, since } from '../../model/spec.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import {
  answerCause,
  answeredAsValid,
  callData,
  judgedInvalidCalls,
  toolLocation,
  toolPlan,
  unreachableReason,
  type JudgedCall,
} from '../../exercise/tools.js';
import { validInput } from './valid-input.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';

export const invalidInputCode = defineRule({
  id: 'tools/invalid-input-code',
  family: 'tools',
  needs: ['tools'],
  description: 'A tool that rejects invalid input says so on the layer the revision describes: an isError result (or JSON-RPC -32602), not -32603.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'T7',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#error-handling',
        quote: 'Protocol Errors: Standard JSON-RPC errors for issues like: … Invalid arguments',
        note: 'The section states no requirement level; it also lists "Invalid input data" among the tool execution errors, and its example protocol error has code -32602.',
      },
      {
        '2025-11-25': {
          quote:
            'Tool Execution Errors: Reported in tool results with `isError: true`: … Input validation errors (e.g., date in wrong format, value out of range)',
          note: 'The section states no requirement level for servers (SEP-1303 moved input validation errors to the tool execution errors).',
        },
        '2026-07-28': {
          quote:
            'Tool Execution Errors contain actionable feedback that language models can use to self-correct and retry with adjusted parameters: … Input validation errors (e.g., date in wrong format, value out of range) … They are reported in tool results with `isError: true`:',
          note: 'The section states no requirement level for servers; schema.ts lists "invalid tool arguments" under InvalidParamsError (-32602) as well.',
        },
      },
    ),
  },
  docs:
    'The invalid-input probes of tools/invalid-input, judged for the layer of the rejection: answers of the class ' +
    '*validated, wrong code or layer* (see [answer classes](#answer-classes)). The server checked the input, ' +
    'typically naming the bad argument, but answered with -32603 or another code where the revision describes an ' +
    'isError result (2025-11-25, SEP-1303: the model can read it and retry) or -32602 (older revisions: invalid ' +
    'arguments). The text states no requirement level, so it is a warning. A wrong code whose words show no sign of ' +
    "reaching the tool's logic counts here too: the code is wrong either way, and mcpact does not claim a missing " +
    'validation without evidence. Unless the tool gave its valid call the same answer, code and words (a catch-all ' +
    'around a backend that is not set up): then the answer does not depend on the input and says nothing of a ' +
    'check, and the case is inconclusive. Fix: return `{ isError: true, content: [{ type: "text", text: "<what is wrong>" }] }`.',
  async check(context) {
    const { surface, settings, cache, spec, report, skip, inconclusive } = context;
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    if (toolPlan({ surface, settings, cache }).invalid.length === 0) return skip('no invalid-input probe was sent (see tools/invalid-input)');
    const { revision, level } = spec!;
    const expected = revisionAtLeast(revision, '2025-11-25')
      ? 'input validation errors are results with isError: true (SEP-1303), or JSON-RPC -32602'
      : 'invalid arguments are JSON-RPC -32602, or a result with isError: true';
    const compareValid = context.running.has(validInput.id);
    const judged = await judgedInvalidCalls(context, { compareValid });
    // Words that show no validation, the same as the tool's answer to valid input: the failure's, not a rejection.
    const asValid = compareValid ? await answeredAsValid(context, judged) : new Set<JudgedCall>();
    const unjudged: string[] = [];
    for (const entry of judged) {
      const { call, outcome, classified } = entry;
      if (classified.class !== 'validated-wrong-code') continue;
      if (classified.showsValidation !== true && asValid.has(entry)) {
        unjudged.push(`${quote(call.tool, 60)} (${call.what})`);
        continue;
      }
      report({
        message: `${quote(call.tool, 60)} with ${call.what} was rejected with ${describeOutcome(outcome)} (${classified.evidence}); ${expected} (revision ${revision}, ${levelLabel(level)})`,
        location: toolLocation(call.tool),
        answer: answerOf(outcome, classified),
        data: {
          ...callData(call),
          negotiated: surface.protocolVersion ?? null,
          level,
          outcome: outcome.kind,
          ...(outcome.kind === 'error' && { code: outcome.code }),
          said: wordsOf(outcome),
        },
        cause: answerCause(outcome),
      });
    }
    if (unjudged.length > 0)
      inconclusive(
        `answered invalid input with the code and words of the same tool's answer to valid input, so the answer says nothing of a check: ${[...new Set(unjudged)].slice(0, 10).join(', ')}`,
      );
    const unreachable = unreachableReason(judged, 'invalid-input probe(s)');
    if (unreachable) inconclusive(unreachable);
    if (judged.every((entry) => entry.classified.class === 'no-answer'))
      inconclusive('no invalid-input probe got an answer to judge (see tools/call-answered)');
  },
});
