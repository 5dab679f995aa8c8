/**
 * A token that expires mid-run (#35, connect/oauth/refresh.ts), against the real authorization server (oidc-provider
 * on 127.0.0.1) and the protected fixture, which refuses a token with 401 `error="invalid_token"` after it took it a
 * given number of times (the server revoking it: no clock to wait for). Requests go through the probe client, as
 * the rules' do; the session's transport goes through the same seam (test/cli/oauth-refresh.test.ts runs it whole).
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStored } from '../../../src/connect/oauth/stored-sign-in.js';
import { findLogin, saveLogin } from '../../../src/connect/oauth/token-store.js';
import { signIn, type SignIn } from '../../../src/connect/oauth/sign-in.js';
import { RenewingToken, TokenRenewalError, type CurrentTokens } from '../../../src/connect/oauth/refresh.js';
import { RawHttpClient } from '../../../src/connect/raw-http-client.js';
import { createGoodServer } from '../../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../../fixtures/servers/http-host.js';
import { startAuthorizationServer, type AuthorizationServer } from '../../../fixtures/servers/oauth/authorization-server.js';
import { startProtectedServer, type ProtectedOptions, type ProtectedServer } from '../../../fixtures/servers/oauth/protected.js';

let authorization: AuthorizationServer;
let good: HttpHost;
const started: ProtectedServer[] = [];

beforeAll(async () => {
  authorization = await startAuthorizationServer();
  good = await startHttpServer(createGoodServer);
});
afterAll(async () => {
  for (const host of [...started, good, authorization]) await host?.close();
});

async function protectedServer(options: Partial<ProtectedOptions>): Promise<ProtectedServer> {
  const server = await startProtectedServer({ upstream: good.url, issuer: authorization.issuer, ...options });
  started.push(server);
  return server;
}

async function signedIn(server: ProtectedServer, refreshOnly = false): Promise<{ done: SignIn; renewed: CurrentTokens[] }> {
  const renewed: CurrentTokens[] = [];
  const credentials = refreshOnly
    ? { clientId: authorization.publicClientId, refreshToken: await authorization.mintRefreshToken(server.url, undefined, authorization.publicClientId) }
    : { clientId: authorization.clientId, clientSecret: authorization.clientSecret };
  const outcome = await signIn({ url: server.url, headers: {}, credentials, timeoutMs: 5_000, onRenewed: (tokens) => renewed.push(tokens) });
  if (outcome.kind !== 'signed-in') throw new Error('expected a sign-in');
  return { done: outcome.signIn, renewed };
}

const clientFor = (server: ProtectedServer, done: SignIn, bearer: RenewingToken = done.renewing) =>
  new RawHttpClient(server.url, { Authorization: `Bearer ${done.accessToken}` }, { timeoutMs: 5_000, clientVersion: 'test', bearer });

describe('a token renewed mid-run', () => {
  it('client_credentials: a token the server refuses as invalid is replaced once, and the request sent again', async () => {
    const server = await protectedServer({ tokenUses: 3 });
    const { done, renewed } = await signedIn(server);
    const client = clientFor(server, done);
    const before = authorization.tokenRequests;
    // initialize and notifications/initialized: two requests each, so the third initialize meets the refusal.
    for (let round = 0; round < 4; round++) expect((await client.initialize()).outcome.kind).toBe('result');
    await client.close();
    expect(server.seen.refusedAsExpired).toBeGreaterThan(0);
    expect(done.renewing.renewals).toBeGreaterThan(0);
    expect(authorization.tokenRequests - before).toBe(done.renewing.renewals);
    // Each new token was handed over (to join the run's secrets) before the server saw it.
    const sent = new Set(server.seen.authorizationHeaders.map((header) => header.replace(/^Bearer /, '')));
    for (const tokens of renewed) expect(sent.has(tokens.accessToken)).toBe(true);
    expect(renewed.map((tokens) => tokens.accessToken)).not.toContain(done.accessToken);
    expect(done.renewing.failed).toBeUndefined();
  });

  it("the auth rules' deliberate tokens get their 401 as it is: no renewal, no retry", async () => {
    const server = await protectedServer({});
    const { done } = await signedIn(server);
    const client = clientFor(server, done);
    const before = authorization.tokenRequests;
    for (const token of [done.probes.altered, done.probes.malformed]) {
      const answer = (await client.initialize(undefined, { authorization: `Bearer ${token}` })).exchange;
      expect(answer.kind === 'response' && answer.status).toBe(401);
    }
    const none = (await client.initialize(undefined, { authorization: null })).exchange;
    expect(none.kind === 'response' && none.status).toBe(401);
    await client.close();
    expect(done.renewing.renewals).toBe(0);
    expect(authorization.tokenRequests).toBe(before);
    expect(server.seen.withToken).toBe(2);
  });

  it('the refresh grant: each rotated refresh token is kept and used for the next renewal', async () => {
    const server = await protectedServer({ tokenUses: 2 });
    const { done, renewed } = await signedIn(server, true);
    const client = clientFor(server, done);
    for (let round = 0; round < 4; round++) expect((await client.initialize()).outcome.kind).toBe('result');
    await client.close();
    // The authorization server rotates refresh tokens and refuses one used before: a second renewal succeeds only
    // with the refresh token the first one returned.
    expect(done.renewing.renewals).toBeGreaterThanOrEqual(2);
    const refreshTokens = renewed.map((tokens) => tokens.refreshToken);
    expect(new Set(refreshTokens).size).toBe(refreshTokens.length);
    expect(refreshTokens).not.toContain(done.refreshToken);
  });

  it('a login mcpact login kept: the token renewed mid-run is written back, so the rotated refresh token is the one kept', async () => {
    const server = await protectedServer({ tokenUses: 2 });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mcpact-tokens-')), 'tokens.json');
    const refreshToken = await authorization.mintRefreshToken(server.url, undefined, authorization.publicClientId);
    const login = {
      issuer: authorization.issuer,
      resource: server.url,
      client: { id: authorization.publicClientId, registration: 'pre-registered' as const },
      accessToken: 'expired-access-token',
      expiresAt: 1,
      refreshToken,
    };
    await saveLogin(file, server.url, login);
    const renewed: CurrentTokens[] = [];
    const stored = await signInStored({ url: server.url, headers: {}, timeoutMs: 5_000, file, login, onRenewed: (tokens) => renewed.push(tokens) });
    if (stored.outcome.kind !== 'signed-in') throw new Error('expected a sign-in');
    const done = stored.outcome.signIn;
    const client = clientFor(server, done);
    for (let round = 0; round < 3; round++) expect((await client.initialize()).outcome.kind).toBe('result');
    await client.close();
    expect(renewed.length).toBeGreaterThan(0);
    const last = renewed.at(-1)!;
    // The write is not awaited by the request that waited for the token: the file catches up.
    await expect.poll(async () => (await findLogin(file, server.url))?.accessToken).toBe(last.accessToken);
    expect((await findLogin(file, server.url))?.refreshToken).toBe(last.refreshToken);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a known expiry that has passed: a new token before the request is sent, which the server never refuses', async () => {
    const server = await protectedServer({});
    const { done } = await signedIn(server);
    const renewed: CurrentTokens[] = [];
    let now = Date.now();
    const bearer = new RenewingToken(
      { accessToken: done.accessToken, expiresAt: now + 60_000 },
      {
        metadata: done.authorizationServer.document,
        client: { clientId: authorization.clientId, clientSecret: authorization.clientSecret },
        resource: done.resource,
        ...(done.scope !== undefined && { scope: done.scope }),
        timeoutMs: 5_000,
        allowLoopback: true,
      },
      { onRenewed: (tokens) => renewed.push(tokens), now: () => now },
    );
    const client = clientFor(server, done, bearer);
    expect((await client.initialize()).outcome.kind).toBe('result');
    expect(bearer.renewals).toBe(0);
    now += 61_000;
    expect((await client.initialize()).outcome.kind).toBe('result');
    await client.close();
    expect(bearer.renewals).toBe(1);
    expect(server.seen.refusedAsExpired).toBe(0);
    expect(server.seen.authorizationHeaders.at(-1)).toBe(`Bearer ${renewed[0]!.accessToken}`);
  });

  it('a server that refuses the new token too: one renewal, then TokenRenewalError, never the 401 as an answer', async () => {
    const server = await protectedServer({ servedWithToken: 2 });
    const { done } = await signedIn(server);
    const client = clientFor(server, done);
    expect((await client.initialize()).outcome.kind).toBe('result');
    const before = authorization.tokenRequests;
    await expect(client.initialize()).rejects.toBeInstanceOf(TokenRenewalError);
    // Later requests end at once, without asking the authorization server again.
    await expect(client.initialize()).rejects.toThrow(/just obtained/);
    await client.close();
    expect(authorization.tokenRequests - before).toBe(1);
    expect(done.renewing.failed).toMatch(/refused, as invalid, the access token mcpact had just obtained/);
  });

  it('an authorization server that refuses the refresh grant: TokenRenewalError with its words, and no second try', async () => {
    const server = await protectedServer({ tokenUses: 1 });
    const { done } = await signedIn(server, true);
    const bearer = new RenewingToken(
      // A refresh token the authorization server never issued (one revoked since sign-in looks the same to it).
      { accessToken: done.accessToken, refreshToken: 'rt-revoked-since-sign-in-5e8a1f3c' },
      {
        metadata: done.authorizationServer.document,
        client: { clientId: authorization.publicClientId },
        resource: done.resource,
        timeoutMs: 5_000,
        allowLoopback: true,
      },
      { onRenewed: () => undefined },
    );
    const client = clientFor(server, done, bearer);
    // Each token is taken once: initialize takes it, notifications/initialized meets the refusal.
    const before = authorization.tokenRequests;
    await expect(client.initialize()).rejects.toThrow(
      /^the access token expired and no new one could be had: the token endpoint .* refused the refresh grant with HTTP 400: invalid_grant/,
    );
    await expect(client.initialize()).rejects.toBeInstanceOf(TokenRenewalError);
    await client.close();
    expect(authorization.tokenRequests - before).toBe(1);
    expect(bearer.renewals).toBe(0);
  });
});
