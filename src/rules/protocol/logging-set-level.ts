import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { ABSENT, since } from '../../model/spec.js';
import { asRecord } from '../../util/json.js';
import { describeOutcome } from '../outcome.js';

/** The levels of LoggingLevel, in the order of the schema. */
export const LOGGING_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export const loggingSetLevel = defineRule({
  id: 'protocol/logging-set-level',
  family: 'protocol',
  skipIn: { modern: '2026-07-28 removed logging/setLevel (the level travels in the _meta of each request)' },
  description: 'With logging declared, logging/setLevel with each of the eight levels answers {}.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'G2',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/utilities/logging#log-levels',
        quote: 'LoggingLevel: The severity of a log message.',
        note: 'SetLevelRequest takes any LoggingLevel and its result is an EmptyResult: each of the eight levels is a valid request.',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  docs:
    'A client sets the lowest level of `notifications/message` it wants with `logging/setLevel`. mcpact sends each ' +
    'level of the schema in turn (debug, info, notice, warning, error, critical, alert, emergency); each must ' +
    'answer with a result object (`{}`). A level refused (-32602 for "notice", say) is a finding naming it. ' +
    "2026-07-28 has no logging/setLevel (the level travels in each request's `_meta`), so the rule does not " +
    'apply there. Without `logging` declared the method must be -32601: protocol/capability-consistency.',
  async check(context) {
    if (context.surface.capabilities.logging === undefined) return context.skip('the server does not declare logging');
    if ((context.surface.protocolVersion ?? '') >= '2026-07-28') return context.skip('2026-07-28 has no logging/setLevel');
    for (const level of LOGGING_LEVELS) {
      const outcome = await context.probe.request('logging/setLevel', { level });
      if (outcome.kind === 'result' && asRecord(outcome.result) !== undefined) continue;
      if (outcome.kind === 'timeout') {
        context.inconclusive(`logging/setLevel "${level}" got ${describeOutcome(outcome)}`);
        continue;
      }
      context.report({
        message: `logging/setLevel with level "${level}" got ${outcome.kind === 'result' ? 'a result that is not an object' : describeOutcome(outcome)}; expected {}`,
        location: { kind: 'server', pointer: '/capabilities/logging' },
        answer: answerOf(outcome),
        data: { level, outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code }) },
      });
    }
  },
});
