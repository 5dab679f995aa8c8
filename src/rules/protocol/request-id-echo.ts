import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { asRecord } from '../../util/json.js';
import { describeOutcome } from '../outcome.js';

/** Ids that SDKs are known to mangle: a string that looks numeric-ish with non-ASCII, and the largest exact integer. */
const PROBE_IDS: readonly (string | number)[] = ['mcpact-id-ü-007', Number.MAX_SAFE_INTEGER];

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
    'answer with an id mcpact never sent) leaves the rule inconclusive.',
  async check({ probe, report, inconclusive }) {
    for (const id of PROBE_IDS) {
      const before = probe.unmatchedResponses.length;
      const { outcome, response } = await probe.raw({ jsonrpc: '2.0', id, method: 'ping' });
      if (response !== undefined && response.id === id) continue;
      // Late and repeated answers to other requests are not unmatched (connect/rpc.ts): these are ids nobody sent.
      const stray = probe.unmatchedResponses.slice(before).map((message) => asRecord(message)?.id);
      if (stray.length === 0 && outcome.kind === 'timeout') {
        // Silence is not a wrong id: the answer may just be slow (the request cannot be sent again with its id).
        inconclusive(`ping with id ${JSON.stringify(id)} got ${describeOutcome(outcome)}`);
        continue;
      }
      const seen = stray.length > 0 ? `a response with id ${JSON.stringify(stray[0])?.slice(0, 60)}` : describeOutcome(outcome);
      report({
        message: `ping with id ${JSON.stringify(id)} got ${seen} instead of a response with the same id`,
        location: { kind: 'server' },
        data: { sentId: id, receivedIds: stray.slice(0, 3), outcome: outcome.kind },
      });
    }
  },
});
