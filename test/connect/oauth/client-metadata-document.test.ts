/**
 * Client ID Metadata Documents (#35, connect/oauth/client-metadata-document.ts): a client id that is an https URL,
 * at an authorization server that advertises client_id_metadata_document_supported, is a client the server knows
 * by fetching that document. Headless, such a client signs in with the refresh grant and no client authentication;
 * the client_credentials grant would need private_key_jwt, which mcpact does not offer, and the refusal says so.
 * Against the real authorization server (oidc-provider, its clientIdMetadataDocument feature, which validates the
 * document itself) and the protected fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SignInError } from '../../../src/connect/oauth/sign-in.js';
import { isClientIdMetadataUrl } from '../../../src/connect/oauth/client-metadata-document.js';
import { createGoodServer } from '../../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../../fixtures/servers/http-host.js';
import { startAuthorizationServer, type AuthorizationServer } from '../../../fixtures/servers/oauth/authorization-server.js';
import { startProtectedServer, type ProtectedServer } from '../../../fixtures/servers/oauth/protected.js';

/** A client's metadata document, as a client would host it (the name resolves nowhere: the fixture serves it). */
const CLIENT_URL = 'https://client.mcpact.invalid/oauth/client.json';
const DOCUMENT = {
  client_id: CLIENT_URL,
  client_name: 'mcpact test client',
  redirect_uris: ['http://127.0.0.1:9/callback'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  scope: 'openid offline_access mcp:read mcp:admin',
};

describe('isClientIdMetadataUrl: "MUST use the "https" scheme and contain a path component"', () => {
  it.each([
    [CLIENT_URL, true],
    ['https://example.com/client.json', true],
    ['https://example.com:8443/a/b?x=1', true],
    ['https://example.com', false],
    ['https://example.com/', false],
    ['http://example.com/client.json', false],
    ['https://example.com/client.json#top', false],
    ['https://user:pass@example.com/client.json', false],
    ['https://example.com/a/../client.json', false],
    ['https://example.com/a/%2E/client.json', false],
    ['mcpact-test-client', false],
  ])('%s: %s', (clientId, expected) => {
    expect(isClientIdMetadataUrl(clientId)).toBe(expected);
  });
});

describe('sign-in with a Client ID Metadata Document client', () => {
  let supporting: AuthorizationServer;
  let plain: AuthorizationServer;
  let good: HttpHost;
  let behindSupporting: ProtectedServer;
  let behindPlain: ProtectedServer;
  beforeAll(async () => {
    supporting = await startAuthorizationServer({ clientIdMetadataDocuments: { [CLIENT_URL]: DOCUMENT } });
    plain = await startAuthorizationServer();
    good = await startHttpServer(createGoodServer);
    behindSupporting = await startProtectedServer({ upstream: good.url, issuer: supporting.issuer });
    behindPlain = await startProtectedServer({ upstream: good.url, issuer: plain.issuer });
  });
  afterAll(async () => {
    for (const host of [behindSupporting, behindPlain, good, supporting, plain]) await host?.close();
  });

  it('the refresh grant: client_id is the document URL, no client authentication; the server fetched the document', async () => {
    const refreshToken = await supporting.mintRefreshToken(behindSupporting.url, undefined, CLIENT_URL);
    const outcome = await signIn({ url: behindSupporting.url, headers: {}, credentials: { clientId: CLIENT_URL, refreshToken }, timeoutMs: 5_000 });
    if (outcome.kind !== 'signed-in') throw new Error('expected a sign-in');
    const { signIn: done } = outcome;
    expect(done.authorizationServer.document.client_id_metadata_document_supported).toBe(true);
    expect(done.grant).toBe('refresh_token');
    expect(supporting.documentFetches).toContain(CLIENT_URL);
    const claims = JSON.parse(Buffer.from(done.accessToken.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.client_id).toBe(CLIENT_URL);
    expect(claims.aud).toBe(behindSupporting.url);
    // No second token without client_credentials: the auth rules that need one skip with the reason.
    expect(done.probes.otherAudience).toHaveProperty('missing');
  });

  it('a client secret with the document URL: refused, and the line says why the grant cannot work', async () => {
    const failure = await signIn({
      url: behindSupporting.url,
      headers: {},
      credentials: { clientId: CLIENT_URL, clientSecret: 'cs-not-registered-4c1d9e7a' },
      timeoutMs: 5_000,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignInError);
    expect((failure as Error).message).toMatch(/refused the client_credentials grant with HTTP 40\d: invalid_client/);
    expect((failure as Error).message).toContain('has no client secret');
    expect((failure as Error).message).toContain('private_key_jwt');
    expect((failure as Error).message).not.toContain('cs-not-registered-4c1d9e7a');
  });

  it('a URL client id where the authorization server does not support the documents: one line saying so', async () => {
    const failure = await signIn({
      url: behindPlain.url,
      headers: {},
      credentials: { clientId: CLIENT_URL, refreshToken: 'rt-never-issued-9b2f4e1c0a' },
      timeoutMs: 5_000,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignInError);
    const message = (failure as Error).message;
    expect(message).toMatch(/invalid_client/);
    expect(message).toContain('does not advertise client_id_metadata_document_supported');
    expect(message.split('\n')).toHaveLength(1);
    expect(plain.documentFetches).toEqual([]);
  });

  it('a client id that is no URL gets the refusal as the authorization server gave it', async () => {
    const failure = await signIn({
      url: behindSupporting.url,
      headers: {},
      credentials: { clientId: 'not-registered-client', clientSecret: 'cs-not-registered-4c1d9e7a' },
      timeoutMs: 5_000,
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toMatch(/invalid_client/);
    expect((failure as Error).message).not.toMatch(/Client ID Metadata Document/);
  });
});
