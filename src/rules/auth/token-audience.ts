import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { accepted, answerData, describeAnswer, NOT_HTTP, sendWithToken, signedIn } from './shared.js';

export const tokenAudience = defineRule({
  id: 'auth/token-audience',
  family: 'auth',
  description: 'A token the authorization server issued for another resource is refused: no token passthrough.',
  defaultSeverity: 'error',
  applies: signedIn,
  spec: {
    texts: since('2025-06-18', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/authorization#token-handling',
      quote: 'MCP servers MUST validate that access tokens were issued specifically for them as the intended audience, according to RFC 8707 Section 2.',
    }),
  },
  docs:
    'A token is issued for one resource (RFC 8707): a server that takes a token issued for another accepts tokens ' +
    'stolen from, or meant for, any service of the same authorization server, and a server that passes such tokens ' +
    'on is a confused deputy. mcpact asks the authorization server, with your own credentials (the ' +
    'client_credentials grant), for a token for another resource (`https://audience-probe.mcpact.invalid/mcp`) and ' +
    'sends the server one MCP request with it on a connection of its own: it must be refused (401 or 403). Where ' +
    'the authorization server issues no such token (it knows only its registered resources), or you signed in with ' +
    'a refresh token alone, the rule is skipped with the reason.',
  async check({ signIn, transport, surface, report, skip, inconclusive }) {
    if (signIn === undefined) return;
    const other = signIn.probes.otherAudience;
    if ('missing' in other) return skip(other.missing);
    if (transport?.kind !== 'http') return skip(NOT_HTTP);
    await transport.open(async (client) => {
      const answer = await sendWithToken(client, surface.era, other.token);
      if (answer.kind === 'failed') return inconclusive(`the request with a token for another resource got no answer (${answer.detail})`);
      if (answer.status === 401 || answer.status === 403) return;
      report({
        message: `a token issued for another resource (${other.resource}) was answered with ${describeAnswer(answer)}${accepted(answer) ? ': the server took it' : ''}; it MUST be refused`,
        location: { kind: 'transport', name: 'Authorization' },
        data: { audience: other.resource, ...answerData(answer) },
      });
    });
  },
});
