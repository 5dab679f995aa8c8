import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { quote } from '../../util/text.js';
import { describeExchange, exchangeData, freshSession, notHttp } from './shared.js';

export const notificationAccepted = defineRule({
  id: 'http/notification-accepted',
  family: 'http',
  skipIn: { modern: 'its probe is notifications/initialized of an initialize session, which 2026-07-28 does not have' },
  description: 'A POSTed notification is answered 202 Accepted with no body.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'H2',
    texts: since(
      '2025-03-26',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/transports#sending-messages-to-the-server',
        quote:
          'If the input consists solely of (any number of) JSON-RPC responses or notifications: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body.',
      },
      {
        '2025-06-18': {
          quote:
            'If the input is a JSON-RPC response or notification: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body.',
        },
        '2026-07-28': {
          section: 'basic/transports/streamable-http#sending-messages',
          quote: 'If the body is a JSON-RPC notification: If the server accepts it, the server MUST return HTTP status code `202 Accepted` with no body.',
          note: 'This revision defines no client-to-server notification over Streamable HTTP (notifications/cancelled is stdio only), but states how a POSTed one is answered.',
        },
      },
    ),
  },
  docs:
    'When the body of a POST is a notification (or a response) the server accepts, it MUST answer 202 Accepted ' +
    'with no body; one it cannot accept gets an HTTP error status. Anything else (200 with a JSON body, an SSE ' +
    'stream) leaves the client unsure whether the message was taken. On a session of its own, mcpact POSTs ' +
    '`notifications/initialized` after initialize and checks the answer.',
  async check({ transport, report, skip }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    await transport.open(async (client) => {
      const session = await freshSession(client);
      if (typeof session === 'string') return skip(session);
      const answer = session.initialized;
      if (!answer) return skip('notifications/initialized was not sent');
      const location = { kind: 'transport', name: 'POST' } as const;
      if (answer.kind === 'failed' || (answer.status !== 202 && answer.status < 400)) {
        report({
          message: `notifications/initialized was answered with ${describeExchange(answer)}; expected 202 Accepted`,
          location,
          data: { ...exchangeData(answer), expected: 202 },
        });
      } else if (answer.status >= 400) {
        report({
          message: `notifications/initialized, valid on a fresh session, was refused with ${describeExchange(answer)}; expected 202 Accepted`,
          location,
          data: { ...exchangeData(answer), expected: 202 },
        });
      } else if (answer.bodyBytes > 0) {
        report({
          message: `notifications/initialized got 202 with a body (${quote(answer.body)}); expected no body`,
          location,
          data: { ...exchangeData(answer), expected: 202 },
        });
      }
    });
  },
});
