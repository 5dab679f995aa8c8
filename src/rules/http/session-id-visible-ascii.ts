import { defineRule } from '../../engine/rule.js';
import { ABSENT, since } from '../../model/spec.js';
import { quote } from '../../util/text.js';
import { freshSession, notHttp } from './shared.js';

export const sessionIdVisibleAscii = defineRule({
  id: 'http/session-id-visible-ascii',
  family: 'http',
  skipIn: { modern: '2026-07-28 has no sessions (no Mcp-Session-Id)' },
  description: 'An Mcp-Session-Id contains only visible ASCII characters (0x21 to 0x7E).',
  defaultSeverity: 'error',
  spec: {
    checklist: 'H8',
    texts: since(
      '2025-03-26',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/transports#session-management',
        quote: 'The session ID MUST only contain visible ASCII characters (ranging from 0x21 to 0x7E).',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  docs:
    'A session id travels in an HTTP header on every request, so it MUST only contain visible ASCII (0x21 to ' +
    '0x7E): no spaces, control characters or non-ASCII bytes, which clients and proxies reject or mangle. It ' +
    'SHOULD also be unguessable (a secure UUID, a JWT, a hash), which a black-box test cannot prove. mcpact reads ' +
    'the id the server assigns to a session of its own. Servers that issue no session id are skipped.',
  async check({ transport, report, skip }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    await transport.open(async (client) => {
      const session = await freshSession(client);
      if (typeof session === 'string') return skip(session);
      const id = session.sessionId;
      if (id === undefined) return skip('the server issues no Mcp-Session-Id (no sessions)');
      const bad = [...id].filter((char) => char.charCodeAt(0) < 0x21 || char.charCodeAt(0) > 0x7e);
      if (id.length > 0 && bad.length === 0) return;
      report({
        message: id.length === 0 ? 'the server assigned an empty Mcp-Session-Id' : `Mcp-Session-Id ${quote(id)} contains characters outside 0x21-0x7E`,
        location: { kind: 'transport', name: 'Mcp-Session-Id' },
        data: { sessionId: id, characters: [...new Set(bad)].map((char) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`) },
      });
    });
  },
});
