import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { answerData, describeAnswer, NOT_HTTP, sendWithToken, signedIn } from './shared.js';

export const invalidToken = defineRule({
  id: 'auth/invalid-token',
  family: 'auth',
  description: 'A malformed token, or one whose signature does not verify, gets 401: never 200, never 5xx.',
  defaultSeverity: 'error',
  applies: signedIn,
  spec: {
    texts: since('2025-06-18', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/authorization#token-handling',
      quote: 'Invalid or expired tokens MUST receive a HTTP 401 response.',
    }),
  },
  docs:
    'A protected server validates every token (OAuth 2.1 section 5.2) and answers an invalid one 401, so that a ' +
    'client signs in again; a 200 means it serves requests with a token nobody issued, a 5xx that a bad token ' +
    'breaks it. On a connection of its own mcpact sends one MCP request (initialize, or server/discover in the ' +
    '2026-07-28 era) with a string that is no token, and one with the token it was issued with the end of its ' +
    'signature changed. An expired token is not sent: an authorization server issues none on request.',
  async check({ signIn, transport, surface, report, skip, inconclusive }) {
    if (signIn === undefined) return;
    if (transport?.kind !== 'http') return skip(NOT_HTTP);
    await transport.open(async (client) => {
      const probes = [
        { what: 'a malformed token (no token at all)', token: signIn.probes.malformed },
        { what: 'the issued token with its signature altered', token: signIn.probes.altered },
      ];
      for (const { what, token } of probes) {
        const answer = await sendWithToken(client, surface.era, token);
        if (answer.kind === 'failed') {
          inconclusive(`${what} got no answer (${answer.detail})`);
          continue;
        }
        if (answer.status === 401) continue;
        report({
          message: `${what} was answered with ${describeAnswer(answer)}${answer.status < 300 ? ': the request was served' : ''}; an invalid token MUST get 401`,
          location: { kind: 'transport', name: 'Authorization' },
          data: { token: what, ...answerData(answer) },
          cause: what,
        });
      }
    });
  },
});
