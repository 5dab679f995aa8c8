import { defineRule } from '../../engine/rule.js';
import { revisionAtLeast, since } from '../../model/spec.js';
import { describeExchange, exchangeData, notHttp } from './shared.js';

/** A page on another site, as a browser under a DNS-rebinding attack would send it. */
export const FOREIGN_ORIGIN = 'http://evil.example.com';

export const originValidation = defineRule({
  id: 'http/origin-validation',
  family: 'http',
  skipIn: { modern: 'its probe runs in an initialize session; http/header-validation checks the 403 for a foreign Origin in 2026-07-28' },
  description: 'A request with a foreign Origin header is refused with 403 Forbidden (DNS-rebinding protection).',
  defaultSeverity: 'error',
  spec: {
    checklist: 'H13',
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/transports#security-warning',
        quote: 'Servers MUST validate the `Origin` header on all incoming connections to prevent DNS rebinding attacks',
        note: 'Said of the HTTP with SSE transport of this revision; it asks for validation, not for a status code: any 4xx refusal passes.',
      },
      {
        '2025-03-26': { note: 'This revision asks for validation, not for a status code: any 4xx refusal passes.' },
        '2025-11-25': { quote: 'If the `Origin` header is present and invalid, servers MUST respond with HTTP 403 Forbidden.', note: undefined },
        '2026-07-28': { section: 'basic/transports/streamable-http#security-endpoint' },
      },
    ),
  },
  docs:
    'Servers MUST validate the `Origin` header of every incoming connection: a web page can make a browser send ' +
    'requests to a server on localhost or the local network (DNS rebinding) and drive its tools. When the Origin ' +
    'is present and invalid, revision 2025-11-25 says the server MUST answer 403 Forbidden. mcpact POSTs an ' +
    `initialize with \`Origin: ${FOREIGN_ORIGIN}\` on a connection of its own: 403 passes; any other 4xx passes ` +
    'for servers that negotiated an earlier revision (which asked for validation, not for a status); an accepted ' +
    'request is a finding (its session is deleted at once). The shared session sends no Origin, as a non-browser ' +
    'client does, so a server that validates Origin still serves mcpact.',
  async check({ transport, surface, report, skip }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    const strict = surface.protocolVersion === undefined || revisionAtLeast(surface.protocolVersion, '2025-11-25');
    await transport.open(async (client) => {
      const session = await client.initialize(undefined, { origin: FOREIGN_ORIGIN });
      const answer = session.exchange;
      if (answer.kind === 'response' && (answer.status === 403 || (!strict && answer.status >= 400 && answer.status < 500))) return;
      const accepted = answer.kind === 'response' && answer.status < 300;
      report({
        message: `a request with Origin ${FOREIGN_ORIGIN} was ${accepted ? 'accepted' : 'answered'} with ${describeExchange(answer)}; expected 403 Forbidden`,
        location: { kind: 'transport', name: 'Origin' },
        data: { origin: FOREIGN_ORIGIN, ...exchangeData(answer), expected: 403 },
      });
    });
  },
});
