import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { answerOf } from '../../exercise/answers.js';
import { INVALID_CURSOR } from '../../exercise/injected.js';
import { LISTS } from '../../surface/types.js';
import { describeOutcome } from '../outcome.js';

/** Not a cursor any server issued: opaque cursors are the server's own tokens. */
export { INVALID_CURSOR };

export const invalidCursor = defineRule({
  id: 'protocol/invalid-cursor',
  family: 'protocol',
  description: 'A list request with a cursor the server never issued gets error -32602.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PG2',
    texts: since('2024-11-05', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/utilities/pagination#error-handling',
      quote: 'Invalid cursors SHOULD result in an error with code -32602 (Invalid params).',
    }),
  },
  docs:
    'Cursors are opaque tokens issued by the server. An invalid cursor SHOULD produce -32602 (invalid params). ' +
    'A server that ignores it and returns the first page again makes a client that resumes from a stale cursor loop ' +
    'or see duplicates. Servers built on SDKs that do not paginate often ignore the cursor: re-level the rule ' +
    'in the config if that is a deliberate choice.',
  async check({ surface, probe, report, skip }) {
    const lists = LISTS.filter((list) => surface.lists[list.kind].status === 'ok');
    if (lists.length === 0) return skip('the server declares no list that answered');
    await Promise.all(
      lists.map(async (list) => {
        const outcome = await probe.request(list.method, { cursor: INVALID_CURSOR }, { bad: `${list.method} with an invalid cursor` });
        if (outcome.kind === 'error' && outcome.code === -32602) return;
        const what = outcome.kind === 'result' ? 'returned a page (the cursor was ignored)' : `answered with ${describeOutcome(outcome)}`;
        report({
          message: `${list.method} with an invalid cursor ${what}; expected JSON-RPC error -32602`,
          location: { kind: 'server' },
          answer: answerOf(outcome),
          data: { method: list.method, outcome: outcome.kind, code: outcome.kind === 'error' ? outcome.code : undefined, expected: -32602 },
        });
      }),
    );
  },
});
