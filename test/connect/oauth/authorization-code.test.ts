/**
 * The pieces of `mcpact login`'s authorization code flow (#35): PKCE S256, the authorization URL, and the
 * authorization response read as the MCP text says (state first, then `iss` as 2026-07-28 tabulates RFC 9207
 * section 2.4, then an error, then the code); the loopback listener answers one callback.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorizationUrl, AuthorizationError, createPkce, readAuthorizationResponse, startLoopback } from '../../../src/connect/oauth/authorization-code.js';

const ISSUER = 'https://auth.example.com';
const expected = { state: 'the-state', issuer: ISSUER, issSupported: false };
const read =
  (query: string, overrides: Partial<typeof expected> = {}) =>
  () =>
    readAuthorizationResponse(new URLSearchParams(query), { ...expected, ...overrides });

describe('PKCE and the authorization URL', () => {
  it('S256: the challenge is the base64url SHA-256 of a 43-character verifier', () => {
    const { verifier, challenge } = createPkce();
    expect(verifier).toMatch(/^[\w-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(createPkce().verifier).not.toBe(verifier);
  });

  it("keeps the endpoint's own query and sets every parameter; prompt=consent only with offline_access", () => {
    const request = {
      endpoint: `${ISSUER}/authorize?tenant=a`,
      clientId: 'c',
      redirectUri: 'http://127.0.0.1:5/callback',
      codeChallenge: 'x',
      state: 's',
      resource: 'https://m/mcp',
    };
    const url = new URL(authorizationUrl({ ...request, scope: 'mcp:read offline_access' }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'a',
      response_type: 'code',
      client_id: 'c',
      redirect_uri: 'http://127.0.0.1:5/callback',
      code_challenge: 'x',
      code_challenge_method: 'S256',
      state: 's',
      resource: 'https://m/mcp',
      scope: 'mcp:read offline_access',
      prompt: 'consent',
    });
    expect(new URL(authorizationUrl({ ...request, scope: 'mcp:read' })).searchParams.has('prompt')).toBe(false);
  });
});

describe('readAuthorizationResponse', () => {
  it('the code, when the state matches and iss is the issuer or absent where not advertised', () => {
    expect(read('code=abc&state=the-state')()).toBe('abc');
    expect(read(`code=abc&state=the-state&iss=${encodeURIComponent(ISSUER)}`, { issSupported: true })()).toBe('abc');
  });

  it('discards another state, or none, before reading anything else', () => {
    expect(read('code=abc&state=other')).toThrow(/carries another state than the one mcpact sent: discarded/);
    expect(read('code=abc')).toThrow(/carries no state: discarded/);
    expect(read('error=access_denied&state=other')).toThrow(AuthorizationError);
  });

  it('iss: compared whenever present, required where advertised, never normalized; a mismatch hides the error', () => {
    expect(read('code=abc&state=the-state', { issSupported: true })).toThrow(/has no iss/);
    expect(read('code=abc&state=the-state&iss=https://evil.example')).toThrow(/from issuer "https:\/\/evil.example", not https:\/\/auth.example.com/);
    expect(read('code=abc&state=the-state&iss=https://auth.example.com/')).toThrow(/discarded \(RFC 9207\)/);
    expect(read('code=abc&state=the-state&iss=HTTPS://auth.example.com')).toThrow(/discarded/);
    // "on mismatch the client MUST NOT act on or display `error`, `error_description`, or `error_uri`"
    expect(read('error=access_denied&error_description=planted+text&state=the-state&iss=https://evil.example')).toThrow(
      /^the authorization response comes from issuer/,
    );
    expect(read('error=access_denied&error_description=planted+text&state=the-state&iss=https://evil.example')).not.toThrow(/planted|access_denied/);
  });

  it('an error says what the authorization server said; neither code nor error is one line too', () => {
    expect(read('error=access_denied&error_description=End-User+aborted&state=the-state')).toThrow(
      'the authorization server did not authorize mcpact: access_denied (End-User aborted)',
    );
    expect(read('state=the-state')).toThrow(/neither a code nor an error/);
  });
});

describe('the loopback listener', () => {
  it('on 127.0.0.1 at /callback: takes the first callback, 404 for anything else, and echoes nothing', async () => {
    const loopback = await startLoopback();
    try {
      expect(loopback.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const origin = new URL(loopback.redirectUri).origin;
      expect((await fetch(`${origin}/favicon.ico`)).status).toBe(404);
      const page = await fetch(`${loopback.redirectUri}?code=<b>c0de</b>&state=s`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toBe("default-src 'none'");
      expect(await page.text()).not.toContain('c0de');
      expect((await loopback.callback(1_000)).get('code')).toBe('<b>c0de</b>');
      expect((await fetch(`${loopback.redirectUri}?code=second&state=s`)).status).toBe(404);
    } finally {
      await loopback.close();
    }
  });

  it('waits a bounded time', async () => {
    const loopback = await startLoopback();
    try {
      await expect(loopback.callback(50)).rejects.toThrow(/no answer came back from the browser within 50 ms: sign-in abandoned/);
    } finally {
      await loopback.close();
    }
  });
});
