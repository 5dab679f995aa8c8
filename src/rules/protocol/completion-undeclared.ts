import { defineRule } from '../../engine/rule.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';
import { ABSENT, isKnownRevision, since } from '../../model/spec.js';
import { describeOutcome } from '../outcome.js';
import { undeclaredAnswer } from './capability-consistency.js';

export const completionUndeclared = defineRule({
  id: 'protocol/completion-undeclared',
  family: 'protocol',
  description: 'Without the `completions` capability, completion/complete answers -32601 (capability not supported).',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'C1',
    texts: since('2025-03-26', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/utilities/completion#error-handling',
      quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Method not found: `-32601` (Capability not supported)',
    }),
  },
  docs:
    'A server that does not declare `completions` is asked `completion/complete` for a prompt that does not exist ' +
    '(the same one request protocol/capability-consistency sends). The completion page lists the answer for a ' +
    'capability the server does not support: -32601. Another error (a -32603 "Unknown prompt", a -32602) shows a ' +
    'completion handler the server runs without declaring it, which a client that trusts the declaration never ' +
    'calls: declare `completions`, or drop the handler. A result is protocol/capability-consistency (an error: the ' +
    'server supports completions without declaring them). Before 2025-03-26 completions had no capability: the rule ' +
    'does not apply.',
  async check(context) {
    const { surface, report, skip } = context;
    // Declared: nothing to check here (the completion rules of the prompts and resources families take over).
    if (surface.capabilities.completions !== undefined) return;
    const negotiated = surface.protocolVersion;
    if (negotiated !== undefined && isKnownRevision(negotiated) && completionUndeclared.spec!.texts[negotiated] === ABSENT)
      return skip(`completions had no capability in ${negotiated}`);
    const outcome = await undeclaredAnswer(context, 'completions');
    // A result is protocol/capability-consistency's finding; no answer is protocol/stays-available's concern.
    if (outcome.kind !== 'error' || outcome.code === -32601) return;
    report({
      message: `completion/complete answers ${describeOutcome(outcome)}, but capability "completions" is not declared; expected JSON-RPC error -32601 (capability not supported)`,
      location: { kind: 'server', pointer: '/capabilities/completions' },
      answer: answerOf(outcome),
      data: { method: 'completion/complete', code: outcome.code, said: wordsOf(outcome), expected: -32601 },
    });
  },
});
