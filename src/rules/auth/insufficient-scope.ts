import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { bearerChallenge } from '../../connect/oauth/challenge.js';
import { accepted, answerData, describeAnswer, NOT_HTTP, sendWithToken, signedIn } from './shared.js';

export const insufficientScope = defineRule({
  id: 'auth/insufficient-scope',
  family: 'auth',
  description: 'A token without the scope the server asks for gets 403 with error="insufficient_scope" and the scope needed.',
  defaultSeverity: 'warning',
  applies: signedIn,
  spec: {
    texts: since('2025-11-25', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'basic/authorization#runtime-insufficient-scope-errors',
      quote: 'When a client makes a request with an access token with insufficient scope during runtime operations, the server SHOULD respond with:',
      note: 'The list: `HTTP 403 Forbidden`, and a `WWW-Authenticate` Bearer challenge with `error="insufficient_scope"` and `scope="…"` naming the scopes needed.',
    }),
  },
  docs:
    'A client whose token lacks a scope learns which one from a `403 Forbidden` with `WWW-Authenticate: Bearer ' +
    'error="insufficient_scope", scope="…"`, and asks for it (step-up authorization); a 401 instead makes it sign ' +
    'in again with the same scopes, in a loop. mcpact asks the authorization server, with your own credentials (the ' +
    "client_credentials grant), for a token with another scope than the ones the server asks for (its 401's " +
    "`scope`, else its metadata's `scopes_supported`) and sends the server one MCP request with it on a connection " +
    'of its own. A 2xx means the scope was not needed after all: no finding. Where no such token can be had (the ' +
    'server names no scope, the authorization server offers no other, or grants the needed ones anyway), the rule ' +
    'is skipped with the reason.',
  async check({ signIn, transport, surface, report, skip, note, inconclusive }) {
    if (signIn === undefined) return;
    const lesser = signIn.probes.lesserScope;
    if ('missing' in lesser) return skip(lesser.missing);
    if (transport?.kind !== 'http') return skip(NOT_HTTP);
    await transport.open(async (client) => {
      const answer = await sendWithToken(client, surface.era, lesser.token);
      if (answer.kind === 'failed') return inconclusive(`the request with a token of scope ${lesser.scope} got no answer (${answer.detail})`);
      if (accepted(answer)) return note(`a token of scope ${lesser.scope} alone was served: the server does not need ${lesser.required} for this request`);
      const challenge = bearerChallenge(answer.headers['www-authenticate']);
      const wrong = [
        ...(answer.status === 403 ? [] : [`${describeAnswer(answer)}, not 403`]),
        ...(challenge?.params.error === 'insufficient_scope' ? [] : ['no error="insufficient_scope" in a Bearer challenge']),
        ...(challenge?.params.scope ? [] : ['no scope naming what is needed']),
      ];
      if (wrong.length === 0) return;
      report({
        message: `a token without ${lesser.required} (scope ${lesser.scope}) was answered with ${wrong.join(', ')}`,
        location: { kind: 'transport', name: 'WWW-Authenticate' },
        data: { scope: lesser.scope, required: lesser.required, ...answerData(answer) },
      });
    });
  },
});
