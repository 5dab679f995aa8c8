/**
 * Targets for the auth rule tables: the good fixture behind the protected proxy (passes every auth rule) and behind
 * a proxy with one defect (fixtures/servers/oauth/protected.ts), both signed in to through the real authorization
 * server (oidc-provider on 127.0.0.1) as mcpact signs in (connect/oauth/sign-in.ts).
 */
import { afterAll, beforeAll } from 'vitest';
import type { SessionTarget } from '../../../src/connect/session.js';
import { signIn, type SignIn } from '../../../src/connect/oauth/sign-in.js';
import { createGoodServer } from '../../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../../fixtures/servers/http-host.js';
import { startAuthorizationServer, type AuthorizationServer } from '../../../fixtures/servers/oauth/authorization-server.js';
import { startProtectedServer, type AuthDefect, type ProtectedServer } from '../../../fixtures/servers/oauth/protected.js';

export interface SignedInTarget {
  target: () => SessionTarget;
  signIn: () => SignIn;
}

export interface AuthFixtures {
  good: SignedInTarget;
  broken: SignedInTarget;
  /** The good server, signed in with a refresh token alone: no second token can be had. */
  refreshOnly: SignedInTarget;
}

export function authFixtures(defect: AuthDefect): AuthFixtures {
  let authorization: AuthorizationServer | undefined;
  let upstream: HttpHost | undefined;
  const servers: ProtectedServer[] = [];
  const signedIn = new Map<string, { server: ProtectedServer; signIn: SignIn }>();
  beforeAll(async () => {
    authorization = await startAuthorizationServer();
    upstream = await startHttpServer(createGoodServer);
    const client = { clientId: authorization.clientId, clientSecret: authorization.clientSecret };
    for (const [name, options] of [
      ['good', {}],
      ['broken', { defect }],
      ['refreshOnly', {}],
    ] as const) {
      const server = await startProtectedServer({ upstream: upstream.url, issuer: authorization.issuer, ...options });
      servers.push(server);
      const credentials =
        name === 'refreshOnly'
          ? { clientId: authorization.publicClientId, refreshToken: await authorization.mintRefreshToken(server.url, undefined, authorization.publicClientId) }
          : client;
      const outcome = await signIn({ url: server.url, headers: {}, credentials, timeoutMs: 5_000 });
      if (outcome.kind !== 'signed-in') throw new Error(`${name}: expected the protected fixture to ask for a token`);
      signedIn.set(name, { server, signIn: outcome.signIn });
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await upstream?.close();
    await authorization?.close();
  });
  const of = (name: string): SignedInTarget => {
    const entry = () => {
      const found = signedIn.get(name);
      if (!found) throw new Error('auth fixtures not started');
      return found;
    };
    return {
      target: () => ({ kind: 'http', url: entry().server.url, headers: { Authorization: `Bearer ${entry().signIn.accessToken}` } }),
      signIn: () => entry().signIn,
    };
  };
  return { good: of('good'), broken: of('broken'), refreshOnly: of('refreshOnly') };
}
