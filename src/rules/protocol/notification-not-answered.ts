import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { asRecord } from '../../util/json.js';
import { judgedAnswers } from './judged-answers.js';
import { isAnonymousError } from '../../connect/rpc.js';

/** A cancellation for a request that was never sent: a real notification that a server may safely ignore. */
const PROBE_REQUEST_ID = 'mcpact-never-sent';

export const notificationNotAnswered = defineRule({
  id: 'protocol/notification-not-answered',
  family: 'protocol',
  description: 'The server never answers a notification.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'J3',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'receiver',
        section: 'basic/messages#notifications',
        quote: 'Notifications are sent from the client to the server or vice versa. They do not expect a response.',
        note: 'This revision states no level; JSON-RPC 2.0 says the Server MUST NOT reply to a Notification.',
      },
      { '2025-03-26': { keyword: 'MUST NOT', section: 'basic/index#notifications', quote: 'The receiver MUST NOT send a response.', note: undefined } },
    ),
  },
  docs:
    'Notifications carry no id and the receiver MUST NOT send a response. mcpact sends `notifications/cancelled` ' +
    'for a request id it never used, then a ping, and reports any response without an id (or with the id named ' +
    'in the notification) that arrives before the ping is answered. No request with a string id is in flight ' +
    'meanwhile, so an `id: null` answer to one (a server that cannot read string ids) is never taken for an ' +
    'answer to the notification; one that comes after the ping answer is not seen. An error with id null that comes ' +
    'while other requests are in flight may be one of their answers without its id: then no verdict here, and ' +
    "protocol/error-response-id judges it. Unless it is known to be a notification's: an `id: null` error that " +
    'came before the server had answered any request sent after a notification of mcpact (notifications/initialized ' +
    'included), while every request in flight then got an answer with its own id, answered that notification.',
  async check({ probe, cache, report, skip, inconclusive }) {
    const { barrier, answers, overlapped } = await probe.alone(async () => {
      const before = probe.unmatchedResponses.length;
      const { started, inFlight } = probe.requests;
      await probe.notify('notifications/cancelled', { requestId: PROBE_REQUEST_ID, reason: 'mcpact probe' });
      const barrier = await probe.raw({ jsonrpc: '2.0', method: 'ping' });
      const answers = probe.unmatchedResponses.slice(before).filter((message) => {
        const id = asRecord(message)?.id;
        return id === undefined || id === null || id === PROBE_REQUEST_ID;
      });
      // Besides the ping, did any request go out or wait for its answer while the window was open?
      return { barrier, answers, overlapped: inFlight > 0 || probe.requests.started - started > 1 };
    });
    if (barrier.outcome.kind !== 'result' && barrier.outcome.kind !== 'error') {
      return skip('the ping sent after the notification was not answered, so silence cannot be judged');
    }
    // An error with id null while other requests were in flight may be one of their answers, without its id: that
    // is protocol/error-response-id's finding, and no proof that the notification was answered.
    const windowed = overlapped ? answers.filter((answer) => !isAnonymousError(answer)) : answers;
    // Errors with id null that came while a notification was unread and every request then in flight got an answer
    // of its own can only be the notification's (this one's, or notifications/initialized's).
    const own = windowed.length > 0 ? windowed : probe.notificationAnswers;
    if (own.length === 0 && answers.length > 0) {
      return inconclusive(
        `${answers.length} error response(s) with id null came while other requests were in flight: they may answer those (protocol/error-response-id), not the notification`,
      );
    }
    if (own.length > 0) {
      for (const answer of own) judgedAnswers(cache).add(answer);
      report({
        message:
          windowed.length > 0
            ? `server answered a notification (notifications/cancelled) with ${own.length} response(s)`
            : `server answered notifications with ${own.length} error response(s) with id null, each before it answered a request sent after the notification`,
        location: { kind: 'server' },
        data: { responses: own.slice(0, 3) },
      });
    }
  },
});
