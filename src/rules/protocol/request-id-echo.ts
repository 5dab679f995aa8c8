import { defineRule, type RuleContext } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { asRecord } from '../../util/json.js';
import { describeOutcome } from '../outcome.js';
import { judgedAnswers } from './judged-answers.js';

/** Ids that SDKs are known to mangle: a string that looks numeric-ish with non-ASCII, and the largest exact integer. */
const PROBE_IDS: readonly (string | number)[] = ['mcpact-id-ü-007', Number.MAX_SAFE_INTEGER];
/** Asked only when a string id got no answer and a number id did: a plain ASCII string, to tell the two causes apart. */
const PLAIN_STRING_ID = 'mcpact-plain-id';

export const requestIdEcho = defineRule({
  id: 'protocol/request-id-echo',
  family: 'protocol',
  description: 'Responses carry the request id exactly as sent (string ids and large integers too).',
  defaultSeverity: 'error',
  spec: {
    checklist: 'J1',
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/messages#responses',
        quote: 'Responses MUST include the same ID as the request they correspond to.',
      },
      {
        '2025-03-26': { section: 'basic/index#responses' },
        '2025-11-25': { section: 'basic/index#result-responses', quote: 'Result responses MUST include the same ID as the request they correspond to.' },
        '2026-07-28': {
          section: 'basic/index#error-responses',
          quote: 'Error responses MUST include the same ID as the request they correspond to',
          note: 'The probe is a ping, which 2026-07-28 removed, so a modern server answers it with an error; one that still answers with a result owes the same id (basic/index#result-responses: "Result responses MUST include the same ID as the request they correspond to.").',
        },
      },
    ),
  },
  docs:
    'A response MUST carry the same id as the request it answers. mcpact sends `ping` with a non-ASCII string id ' +
    'and with 2^53-1, and compares the raw ids. A server that converts string ids to numbers, or loses integer ' +
    'precision, leaves clients waiting for answers that never match. No answer at all within call_ms (and no ' +
    'answer with an id mcpact never sent) leaves the rule inconclusive, unless a ping with a number id sent after ' +
    'it was answered: then a ping with a plain ASCII string id follows, and the server that answers neither string ' +
    'id (or only the plain one) is reported, since a request with a string id went without the response it is owed.',
  async check({ probe, cache, report, inconclusive }) {
    const silent: string[] = [];
    let numberAnswered = false;
    for (const id of PROBE_IDS) {
      const before = probe.unmatchedResponses.length;
      const { outcome, response } = await probe.raw({ jsonrpc: '2.0', id, method: 'ping' });
      if (response !== undefined && response.id === id) {
        if (typeof id === 'number') numberAnswered = true;
        continue;
      }
      // Late and repeated answers to other requests are not unmatched (connect/rpc.ts): these are ids nobody sent.
      const strays = probe.unmatchedResponses.slice(before);
      for (const message of strays) judgedAnswers(cache).add(message);
      const stray = strays.map((message) => asRecord(message)?.id);
      if (stray.length === 0 && outcome.kind === 'timeout') {
        // Silence is not a wrong id: the answer may just be slow (the request cannot be sent again with its id).
        if (typeof id === 'string') silent.push(id);
        else inconclusive(`ping with id ${JSON.stringify(id)} got ${describeOutcome(outcome)}`);
        continue;
      }
      const seen = stray.length > 0 ? `a response with id ${JSON.stringify(stray[0])?.slice(0, 60)}` : describeOutcome(outcome);
      report({
        message: `ping with id ${JSON.stringify(id)} got ${seen} instead of a response with the same id`,
        location: { kind: 'server' },
        data: { sentId: id, receivedIds: stray.slice(0, 3), outcome: outcome.kind },
      });
    }
    if (silent.length > 0) await judgeSilence(silent, numberAnswered, { probe, report, inconclusive });
  },
});

/**
 * A string id that got no answer is slowness only while nothing says otherwise. When a ping with a number id, sent
 * after it, was answered with its id, a plain ASCII string id is tried too: silent as well, the server drops
 * requests with string ids (which JSON-RPC allows and MCP uses); answered, it drops this string (its non-ASCII
 * characters). Either way a request went without the response it is owed. Anything else stays inconclusive.
 */
async function judgeSilence(
  silent: string[],
  numberAnswered: boolean,
  { probe, report, inconclusive }: Pick<RuleContext, 'probe' | 'report' | 'inconclusive'>,
): Promise<void> {
  const ids = silent.map((id) => JSON.stringify(id)).join(', ');
  if (!numberAnswered) return inconclusive(`ping with id ${ids} got no answer, and no ping with a number id was answered either`);
  const { response } = await probe.raw({ jsonrpc: '2.0', id: PLAIN_STRING_ID, method: 'ping' });
  const plainAnswered = response !== undefined && response.id === PLAIN_STRING_ID;
  report({
    message: plainAnswered
      ? `ping with id ${ids} got no answer, while pings with a number id and with the ASCII string id ${JSON.stringify(PLAIN_STRING_ID)} were answered: the server drops that id`
      : `pings with the string ids ${ids} and ${JSON.stringify(PLAIN_STRING_ID)} got no answer, while a ping with a number id was answered: the server drops requests with string ids`,
    location: { kind: 'server' },
    data: { sentIds: [...silent, PLAIN_STRING_ID], unanswered: plainAnswered ? silent : [...silent, PLAIN_STRING_ID] },
  });
}
