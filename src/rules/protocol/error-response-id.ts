import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { judgedAnswers } from './judged-answers.js';
import { isAnonymousError } from '../../connect/rpc.js';

/** Error answers beyond the first few are counted, not quoted. */
const QUOTED = 3;

export const errorResponseId = defineRule({
  id: 'protocol/error-response-id',
  family: 'protocol',
  description: 'An error response carries the id of the request it answers: `id: null` only where the id could not be read.',
  defaultSeverity: 'error',
  // Every answer of the run is in: judged once every other rule has sent what it sends.
  afterOthers: true,
  spec: {
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/messages#responses',
        quote: 'Responses MUST include the same ID as the request they correspond to.',
        note: 'JSON-RPC 2.0 (section 5): the id of a response "MUST be Null" only "If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request)".',
      },
      {
        '2025-03-26': { section: 'basic/index#responses' },
        '2025-11-25': {
          section: 'basic/index#error-responses',
          quote:
            'Error responses MUST include the same ID as the request they correspond to (except in error cases where the ID could not be read due a malformed request).',
          note: undefined,
        },
      },
    ),
  },
  docs:
    "Every request mcpact sends on the run's session and on the connection bad input goes on is valid JSON with a " +
    'string or number id, bad params or not, so the server can always read its id, and every error it answers ' +
    'with MUST carry that id. An error response with `id: null` (or none) answers none of them: the client never ' +
    'learns which request failed, and waits for it until its deadline. The rule reads every answer of the run that ' +
    'matched no request, once the other rules are done, and reports the `id: null` errors as one finding, with how ' +
    'many came and the first few (code and message). Answers another rule already judged are left out: a response ' +
    "to a notification is protocol/notification-not-answered's, one to request-id-echo's odd ids is that rule's, " +
    "and so is one that came before the server had read past a notification of mcpact's (before a request sent " +
    "after it was answered), since it may be the notification's answer. " +
    'The stdio probes that send lines without a readable id run on processes of their own and are not read here. ' +
    'Only the first 100 unmatched answers of a run are kept, so the count is a lower bound past that.',
  check({ probe, cache, report }) {
    const judged = judgedAnswers(cache);
    const anonymous = probe.unmatchedResponses
      // One that came while a notification of ours could still draw an answer may be that answer (a server that
      // takes every message for a request): protocol/notification-not-answered's to judge, not this rule's.
      .filter((message) => isAnonymousError(message) && !judged.has(message) && !probe.nearNotification(message))
      .map((message) => message as Record<string, unknown>);
    if (anonymous.length === 0) return;
    const shown = anonymous.slice(0, QUOTED).map((message) => {
      const error = asRecord(message.error);
      return { code: error?.code, message: typeof error?.message === 'string' ? error.message.slice(0, 200) : undefined };
    });
    const first = shown[0]!;
    report({
      message: `${anonymous.length} error response(s) came with id null, although every request mcpact sent had a readable id (the first: error ${String(first.code).slice(0, 20)} ${quote(first.message ?? '', 120)})`,
      location: { kind: 'server' },
      data: { count: anonymous.length, errors: shown },
    });
  },
});
