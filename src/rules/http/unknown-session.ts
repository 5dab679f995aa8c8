import { defineRule } from '../../engine/rule.js';
import { ABSENT, since, type RuleSpec } from '../../model/spec.js';
import { describeExchange, exchangeData, freshSession, notHttp, ping } from './shared.js';

/** A session id no server issued (fixed, so runs stay deterministic). */
export const UNKNOWN_SESSION_ID = 'mcpact-unknown-session-00000000';

/** A session the server terminated: the MUST names this case. */
const TERMINATED = {
  checklist: 'H10',
  texts: since(
    '2025-03-26',
    {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/transports#session-management',
      quote: 'The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found.',
      note: 'Said of a session the server terminated; mcpact also sends an id the server never issued, which the text does not name.',
    },
    { '2026-07-28': ABSENT },
  ),
} satisfies RuleSpec;

/**
 * A session id the server never issued: the text names only sessions the server terminated, so 404 for this one is
 * mcpact's policy, and a server that serves the request anyway is lenient in a way the text permits.
 */
const NEVER_ISSUED: RuleSpec = {
  ...TERMINATED,
  basis: 'policy',
  policy:
    'A request with a session id the server never issued is answered 404 Not Found, as one with a terminated session is: that status tells a client to start a new session. The text names only sessions the server terminated.',
};

export const unknownSession = defineRule({
  id: 'http/unknown-session',
  family: 'http',
  skipIn: { modern: '2026-07-28 has no sessions (no Mcp-Session-Id)' },
  description: 'A request with an unknown or terminated Mcp-Session-Id is answered 404 Not Found.',
  defaultSeverity: 'error',
  spec: TERMINATED,
  alsoQuotes: { 'session ids never issued': NEVER_ISSUED },
  docs:
    'A server that issues session ids MUST answer requests carrying the id of a session it terminated with 404 Not ' +
    'Found: that status is what tells a client to initialize a new session. A 400 or 500 leaves the client stuck. ' +
    "The text does not name a session id the server never issued; mcpact's policy expects 404 there too (a warning, " +
    'and info when the server serves the request anyway). On a session of its own, mcpact sends a ping with a session id ' +
    'the server never issued, then terminates its session with DELETE and sends another ping with it. A DELETE ' +
    'answered 405 (allowed: the server does not let clients end sessions) skips the second check. Servers that ' +
    'issue no session id are skipped.',
  async check({ transport, report, skip, note }) {
    if (transport?.kind !== 'http') return skip(notHttp(transport));
    await transport.open(async (client) => {
      const session = await freshSession(client);
      if (typeof session === 'string') return skip(session);
      if (session.sessionId === undefined) return skip('the server issues no Mcp-Session-Id (no sessions)');
      const location = { kind: 'transport', name: 'Mcp-Session-Id' } as const;
      const unknownId = client.nextRequestId();
      const unknown = await client.send({
        method: 'POST',
        session,
        headers: { 'mcp-session-id': UNKNOWN_SESSION_ID },
        body: ping(unknownId),
        awaitId: unknownId,
      });
      if (unknown.kind !== 'response' || unknown.status !== 404) {
        report({
          message: `a request with an unknown session id was answered with ${describeExchange(unknown)}; expected 404 Not Found`,
          location,
          data: { sessionId: UNKNOWN_SESSION_ID, ...exchangeData(unknown), expected: 404 },
          spec: NEVER_ISSUED,
          // Served as if the id were its own: leniency the text permits.
          lenient: unknown.kind === 'response' && unknown.status >= 200 && unknown.status < 300,
        });
      }
      const deleted = await client.terminate(session);
      if (deleted?.kind === 'response' && deleted.status === 405)
        return note('DELETE answered 405: the server does not let clients end sessions, so no terminated session could be tried');
      if (!session.terminated) return note(`DELETE answered ${deleted ? describeExchange(deleted) : 'nothing'}: no terminated session could be tried`);
      const afterId = client.nextRequestId();
      const after = await client.send({ method: 'POST', session, body: ping(afterId), awaitId: afterId });
      if (after.kind !== 'response' || after.status !== 404) {
        report({
          message: `a request with a terminated session id was answered with ${describeExchange(after)}; expected 404 Not Found`,
          location,
          data: { terminated: true, ...exchangeData(after), expected: 404 },
        });
      }
    });
  },
});
