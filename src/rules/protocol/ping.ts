import { defineRule } from '../../engine/rule.js';
import { ABSENT, since } from '../../model/spec.js';
import { describeOutcome } from '../outcome.js';

export const ping = defineRule({
  id: 'protocol/ping',
  family: 'protocol',
  skipIn: { modern: '2026-07-28 removed ping (changelog, major change 5)' },
  description: 'The server answers ping with an empty result.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'P1',
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'receiver',
        section: 'basic/utilities/ping#behavior-requirements',
        quote: 'The receiver MUST respond promptly with an empty response:',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  docs:
    'Either side may send `ping` at any time to check the other is alive; the receiver MUST respond promptly with ' +
    'an empty result `{}`. Clients use it to decide whether to drop a connection.',
  async check({ probe, report }) {
    const outcome = await probe.request('ping');
    if (outcome.kind === 'result') {
      const result = outcome.result;
      const empty =
        typeof result === 'object' && result !== null && !Array.isArray(result) && Object.keys(result).filter((key) => key !== '_meta').length === 0;
      if (!empty) report({ message: `ping result must be an empty object, got ${JSON.stringify(result)?.slice(0, 80)}`, location: { kind: 'server' } });
      return;
    }
    report({ message: `ping was not answered with a result: ${describeOutcome(outcome)}`, location: { kind: 'server' }, data: { outcome: outcome.kind } });
  },
});
