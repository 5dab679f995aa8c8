import { defineRule } from '../../engine/rule.js';
import { answerOf, classifyAnswer, wordsOf } from '../../exercise/answers.js';
import { ABSENT, since } from '../../model/spec.js';
import { describeOutcome } from '../outcome.js';

/** Not a LoggingLevel: syslog has it, MCP does not. */
export const INVALID_LEVEL = 'verbose';

export const loggingInvalidLevel = defineRule({
  id: 'protocol/logging-invalid-level',
  family: 'protocol',
  skipIn: { modern: '2026-07-28 removed logging/setLevel (the level travels in the _meta of each request)' },
  description: 'With logging declared, logging/setLevel with a level that is not a LoggingLevel gets -32602.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'G2',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/utilities/logging#error-handling',
        quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid log level: `-32602` (Invalid params)',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  docs:
    'mcpact sends `logging/setLevel` with level `verbose`, which is not one of the eight levels. The server should ' +
    'refuse it with -32602 (invalid params). Accepting it (a result) leaves the client believing a level was set; ' +
    '-32603 says the server failed on input it should have validated.',
  async check(context) {
    if (context.surface.capabilities.logging === undefined) return context.skip('the server does not declare logging');
    if ((context.surface.protocolVersion ?? '') >= '2026-07-28') return context.skip('2026-07-28 has no logging/setLevel');
    const outcome = await context.probe.request('logging/setLevel', { level: INVALID_LEVEL }, { bad: 'logging/setLevel with an invalid level' });
    if (outcome.kind === 'error' && outcome.code === -32602) return;
    if (outcome.kind === 'timeout') return context.inconclusive(`logging/setLevel "${INVALID_LEVEL}" got ${describeOutcome(outcome)}`);
    const classified = outcome.kind === 'error' ? classifyAnswer(outcome, { correct: false, names: ['level'] }) : undefined;
    context.report({
      message:
        outcome.kind === 'result'
          ? `logging/setLevel with the invalid level "${INVALID_LEVEL}" was accepted; expected JSON-RPC error -32602`
          : `logging/setLevel with the invalid level "${INVALID_LEVEL}" got ${describeOutcome(outcome)}; expected JSON-RPC error -32602`,
      location: { kind: 'server', pointer: '/capabilities/logging' },
      answer: answerOf(outcome, classified),
      data: {
        level: INVALID_LEVEL,
        outcome: outcome.kind,
        ...(outcome.kind === 'error' && { code: outcome.code, said: wordsOf(outcome) }),
        expected: -32602,
      },
    });
  },
});
