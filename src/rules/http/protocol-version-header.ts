import { defineRule } from '../../engine/rule.js';
import { revisionAtLeast, since } from '../../model/spec.js';
import { describeExchange, exchangeData, freshSession, notHttp, ping } from './shared.js';

export const UNSUPPORTED_VERSION = '1999-01-01';

export const protocolVersionHeader = defineRule({
  id: 'http/protocol-version-header',
  family: 'http',
  skipIn: { modern: 'its probe is an initialize session; protocol/unsupported-version checks the 2026-07-28 refusal (400 and -32022)' },
  description: 'A request with an unsupported MCP-Protocol-Version header is answered 400 Bad Request.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'H12',
    texts: since(
      '2025-06-18',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/transports#protocol-version-header',
        quote: 'If the server receives a request with an invalid or unsupported `MCP-Protocol-Version`, it MUST respond with `400 Bad Request`.',
      },
      {
        '2026-07-28': {
          section: 'basic/transports/streamable-http#protocol-version-header',
          quote:
            'If the server does not implement the requested protocol version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with `400 Bad Request` and an `UnsupportedProtocolVersionError` listing its supported versions.',
        },
      },
    ),
  },
  docs:
    'From revision 2025-06-18 on, clients send the negotiated version in an `MCP-Protocol-Version` header on every ' +
    'request after initialize, and a server that receives an invalid or unsupported version MUST answer 400 Bad ' +
    'Request rather than guess how to speak. On a session of its own, mcpact sends a ping with ' +
    `\`MCP-Protocol-Version: ${UNSUPPORTED_VERSION}\`. Skipped for servers that negotiated an earlier revision.`,
  async check({ transport, surface, report, skip }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    if (surface.protocolVersion !== undefined && !revisionAtLeast(surface.protocolVersion, '2025-06-18')) {
      return skip(`the server negotiated ${surface.protocolVersion.slice(0, 20)}; the header exists from 2025-06-18 on`);
    }
    await transport.open(async (client) => {
      const session = await freshSession(client);
      if (typeof session === 'string') return skip(session);
      const id = client.nextRequestId();
      const answer = await client.send({ method: 'POST', session, headers: { 'mcp-protocol-version': UNSUPPORTED_VERSION }, body: ping(id), awaitId: id });
      if (answer.kind === 'response' && answer.status === 400) return;
      report({
        message: `a request with MCP-Protocol-Version ${UNSUPPORTED_VERSION} was answered with ${describeExchange(answer)}; expected 400 Bad Request`,
        location: { kind: 'transport', name: 'MCP-Protocol-Version' },
        data: { header: UNSUPPORTED_VERSION, ...exchangeData(answer), expected: 400 },
      });
    });
  },
});
