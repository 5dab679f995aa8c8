/**
 * Sign-in in process (#35): against the real authorization server and the protected fixture (discovery, the
 * client_credentials and refresh grants, a rotated refresh token kept), and against small hostile servers that
 * name metadata mcpact must refuse. Every refusal is one line; nothing is sent to a refused URL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SignInError } from '../../../src/connect/oauth/sign-in.js';
import { createGoodServer } from '../../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../../fixtures/servers/http-host.js';
import { startAuthorizationServer, type AuthorizationServer } from '../../../fixtures/servers/oauth/authorization-server.js';
import { startProtectedServer, type ProtectedServer } from '../../../fixtures/servers/oauth/protected.js';

describe('signIn against oidc-provider and the protected fixture', () => {
  let authorization: AuthorizationServer;
  let shortLived: AuthorizationServer;
  let good: HttpHost;
  let protectedServer: ProtectedServer;
  let shortLivedServer: ProtectedServer;
  beforeAll(async () => {
    authorization = await startAuthorizationServer();
    // Access tokens shorter-lived than sign-in's margin are never reused: each sign-in then refreshes.
    shortLived = await startAuthorizationServer({ accessTokenTtl: 30 });
    good = await startHttpServer(createGoodServer);
    protectedServer = await startProtectedServer({ upstream: good.url, issuer: authorization.issuer });
    shortLivedServer = await startProtectedServer({ upstream: good.url, issuer: shortLived.issuer });
  });
  afterAll(async () => {
    for (const host of [shortLivedServer, protectedServer, good, shortLived, authorization]) await host?.close();
  });

  it('client_credentials: discovery from the 401, the PRM, RFC 8414 metadata, a token for the resource', async () => {
    const outcome = await signIn({
      url: protectedServer.url,
      headers: {},
      credentials: { clientId: authorization.clientId, clientSecret: authorization.clientSecret },
      timeoutMs: 5_000,
    });
    if (outcome.kind !== 'signed-in') throw new Error('expected a sign-in');
    const { signIn: done } = outcome;
    expect(done.challenge.status).toBe(401);
    expect(done.challenge.bearer?.params.resource_metadata).toBe(protectedServer.metadataUrl);
    expect(done.protectedResource.url).toBe(protectedServer.metadataUrl);
    expect(done.authorizationServer.url).toBe(`${authorization.issuer}/.well-known/oauth-authorization-server`);
    expect(done.resource).toBe(protectedServer.url);
    // The scope of the PRM's scopes_supported, as the Scope Selection Strategy says when the 401 names none.
    expect(done.scope).toBe('mcp:read');
    expect(done.grant).toBe('client_credentials');
    const audience = JSON.parse(Buffer.from(done.accessToken.split('.')[1]!, 'base64url').toString('utf8')).aud;
    expect(audience).toBe(protectedServer.url);
    expect(done.secrets).toEqual(expect.arrayContaining([done.accessToken, authorization.clientSecret]));
    // The auth rules' tokens are secrets of the run too, made before anything is written.
    const { probes } = done;
    if (!('token' in probes.otherAudience) || !('token' in probes.lesserScope)) throw new Error('expected both second tokens');
    expect(done.secrets).toEqual(expect.arrayContaining([probes.altered, probes.otherAudience.token, probes.lesserScope.token]));
    // The MCP server never saw the client's credentials: only the token endpoint did.
    expect(protectedServer.seen.authorizationHeaders.filter((header) => /^Basic/i.test(header))).toEqual([]);
  });

  it('refresh grant: the rotated refresh token replaces the one given for the rest of the run', async () => {
    const original = await shortLived.mintRefreshToken(shortLivedServer.url);
    const credentials = { clientId: shortLived.clientId, clientSecret: shortLived.clientSecret, refreshToken: original };
    const first = await signIn({ url: shortLivedServer.url, headers: {}, credentials, timeoutMs: 5_000 });
    if (first.kind !== 'signed-in') throw new Error('expected a sign-in');
    expect(first.signIn.grant).toBe('refresh_token');
    expect(first.signIn.refreshToken).toBeDefined();
    expect(first.signIn.refreshToken).not.toBe(original);
    expect(first.signIn.secrets).toEqual(expect.arrayContaining([original, first.signIn.refreshToken]));
    // The original was used once and rotated away: the authorization server refuses it now (invalid_grant). The
    // second sign-in succeeds only because it sends the rotated one.
    const second = await signIn({ url: shortLivedServer.url, headers: {}, credentials, timeoutMs: 5_000 });
    if (second.kind !== 'signed-in') throw new Error('expected a sign-in');
    expect(second.signIn.accessToken).not.toBe(first.signIn.accessToken);
    expect(second.signIn.refreshToken).not.toBe(first.signIn.refreshToken);
  });

  it('a server that answers without a token needs no sign-in', async () => {
    const outcome = await signIn({ url: good.url, headers: {}, credentials: { clientId: 'x', clientSecret: 'y-secret' }, timeoutMs: 5_000 });
    expect(outcome.kind).toBe('open');
  });
});

/** A hostile MCP server on 127.0.0.1: routes by path, everything else 401 with the given challenge. */
interface Hostile {
  url: string;
  origin: string;
  hits: string[];
  close(): Promise<void>;
}

type Route = (req: IncomingMessage, res: ServerResponse, origin: string) => void;

async function hostile(routes: Record<string, Route>, challenge?: (origin: string) => string): Promise<Hostile> {
  const hits: string[] = [];
  let origin = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.push(`${req.method} ${path} ${req.headers.authorization ?? ''}`.trim());
    const route = routes[path];
    if (route) return route(req, res, origin);
    req.resume();
    res.writeHead(401, challenge ? { 'www-authenticate': challenge(origin) } : {});
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const json =
  (body: (origin: string) => unknown, status = 200): Route =>
  (_req, res, origin) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body(origin)));
  };

const SECRET = 'hostile-test-secret-7d1f0b3a9e';
const credentials = { clientId: 'mcpact', clientSecret: SECRET };
const PRM = '/.well-known/oauth-protected-resource';
const withMetadata = (origin: string) => `Bearer resource_metadata="${origin}${PRM}"`;

async function failure(server: Hostile, timeoutMs = 3_000): Promise<string> {
  try {
    await signIn({ url: server.url, headers: {}, credentials, timeoutMs });
  } catch (error) {
    if (error instanceof SignInError) return error.message;
    throw error;
  }
  throw new Error('expected the sign-in to fail');
}

describe('signIn refuses hostile metadata, with one line', () => {
  const servers: Hostile[] = [];
  const start = async (routes: Record<string, Route>, challenge: ((origin: string) => string) | undefined = withMetadata) => {
    const server = await hostile(routes, challenge);
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it("a PRM whose resource is another server's", async () => {
    const server = await start({ [PRM]: json(() => ({ resource: 'https://elsewhere.example/mcp', authorization_servers: ['https://auth.example'] })) });
    expect(await failure(server)).toMatch(
      /^the Protected Resource Metadata at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource names resource "https:\/\/elsewhere\.example\/mcp", not this server/,
    );
  });

  it('an authorization server on a private address, over plain http, or on link-local: refused before anything is sent', async () => {
    for (const [issuer, why] of [
      ['https://10.0.0.7', /refused https:\/\/10\.0\.0\.7\/: it is a private address/],
      ['http://auth.example.com', /refused http:\/\/auth\.example\.com\/: it is plain http/],
      ['https://169.254.169.254', /link-local address/],
    ] as const) {
      const server = await start({ [PRM]: json((origin) => ({ resource: `${origin}/mcp`, authorization_servers: [issuer] })) });
      expect(await failure(server)).toMatch(why);
    }
  });

  it('a token endpoint on a private address: the client secret is never sent', async () => {
    const server = await start({
      [PRM]: json((origin) => ({ resource: `${origin}/mcp`, authorization_servers: [origin] })),
      '/.well-known/oauth-authorization-server': json((origin) => ({ issuer: origin, token_endpoint: 'https://192.168.1.10/token' })),
    });
    expect(await failure(server)).toMatch(/^token endpoint: refused https:\/\/192\.168\.1\.10\/token: it is a private address/);
    expect(server.hits.some((hit) => hit.includes('Basic'))).toBe(false);
  });

  it('metadata whose issuer is not the authorization server it was fetched for (RFC 8414 section 3.3)', async () => {
    const server = await start({
      [PRM]: json((origin) => ({ resource: `${origin}/mcp`, authorization_servers: [origin] })),
      '/.well-known/oauth-authorization-server': json(() => ({ issuer: 'https://honest.example', token_endpoint: 'https://honest.example/token' })),
    });
    expect(await failure(server)).toMatch(/names issuer "https:\/\/honest\.example", not http:\/\/127\.0\.0\.1:\d+: not used/);
  });

  it('a metadata document too large, or too slow, is not read further', async () => {
    const huge = await start({ [PRM]: (_req, res) => res.end(`{"resource":"${'x'.repeat(300 * 1024)}"}`) });
    expect(await failure(huge)).toMatch(/is over 256 KiB: not read further/);
    const slow = await start({ [PRM]: () => undefined });
    expect(await failure(slow, 300)).toMatch(/^no answer from http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource within 300 ms/);
  });

  it('a redirect to another origin is not followed', async () => {
    const other = await start({});
    const server = await start({
      [PRM]: (_req, res) => {
        res.writeHead(302, { location: `${other.origin}${PRM}` });
        res.end();
      },
    });
    expect(await failure(server)).toMatch(/redirects to another origin \(http:\/\/127\.0\.0\.1:\d+\): not followed/);
    expect(other.hits).toEqual([]);
  });

  it('without resource_metadata, the well-known URIs in order: the path inserted, then the root', async () => {
    const server = await start({}, () => 'Bearer realm="mcp"');
    expect(await failure(server)).toMatch(/^no Protected Resource Metadata at the well-known URIs \(the 401 named no resource_metadata\)/);
    expect(server.hits.filter((hit) => hit.startsWith('GET'))).toEqual([`GET ${PRM}/mcp`, `GET ${PRM}`]);
  });

  it('OpenID Connect Discovery when RFC 8414 metadata is not found; client_secret_post where basic is not offered', async () => {
    const forms: string[] = [];
    const server = await start({
      [PRM]: json((origin) => ({ resource: `${origin}/mcp`, authorization_servers: [`${origin}/tenant`] })),
      '/.well-known/openid-configuration/tenant': json((origin) => ({
        issuer: `${origin}/tenant`,
        token_endpoint: `${origin}/token`,
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      })),
      '/token': (req, res) => {
        let form = '';
        req.on('data', (chunk: Buffer) => (form += chunk.toString()));
        req.on('end', () => {
          forms.push(form);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ access_token: 'issued-token-0f3c9a', token_type: 'bearer', expires_in: 5 }));
        });
      },
    });
    const outcome = await signIn({ url: server.url, headers: {}, credentials, timeoutMs: 3_000 });
    if (outcome.kind !== 'signed-in') throw new Error('expected a sign-in');
    expect(outcome.signIn.authorizationServer.attempts.map((attempt) => [attempt.url.replace(server.origin, ''), attempt.status])).toEqual([
      ['/.well-known/oauth-authorization-server/tenant', 401],
      ['/.well-known/openid-configuration/tenant', 200],
    ]);
    // The first token request is the sign-in's; the next one asks for a token for another resource (auth/token-audience).
    expect(Object.fromEntries(new URLSearchParams(forms[0]))).toEqual({
      grant_type: 'client_credentials',
      resource: server.url,
      client_id: 'mcpact',
      client_secret: SECRET,
    });
    expect(new URLSearchParams(forms[1]).get('resource')).toBe('https://audience-probe.mcpact.invalid/mcp');
  });

  it('an error description of the authorization server that quotes the secret is redacted', async () => {
    const server = await start({
      [PRM]: json((origin) => ({ resource: `${origin}/mcp`, authorization_servers: [origin] })),
      '/.well-known/oauth-authorization-server': json((origin) => ({ issuer: origin, token_endpoint: `${origin}/token` })),
      '/token': json(() => ({ error: 'invalid_client', error_description: `unknown secret ${SECRET}` }), 401),
    });
    const message = await failure(server);
    expect(message).toMatch(/refused the client_credentials grant with HTTP 401: invalid_client \(unknown secret \[redacted\]\)/);
    expect(message).not.toContain(SECRET);
  });
});
