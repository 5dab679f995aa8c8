/**
 * Headless OAuth sign-in end to end (#35): the built CLI against the good fixture behind a real authorization
 * server (oidc-provider on 127.0.0.1) and a protected proxy that checks each token's signature, issuer, audience
 * and scope. Signed in, the server gets the findings it gets unprotected; without credentials mcpact stops with
 * one line; and no secret of the sign-in reaches the console, the JSON report or the trace.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { startAuthorizationServer, type AuthorizationServer } from '../../fixtures/servers/oauth/authorization-server.js';
import { startProtectedServer, type ProtectedServer } from '../../fixtures/servers/oauth/protected.js';
import { runCli } from '../support/cli.js';
import { resolveTargets } from '../../src/cli/targets.js';

let authorization: AuthorizationServer;
let good: HttpHost;
let protectedServer: ProtectedServer;

beforeAll(async () => {
  authorization = await startAuthorizationServer();
  good = await startHttpServer(createGoodServer);
  protectedServer = await startProtectedServer({ upstream: good.url, issuer: authorization.issuer });
});
afterAll(async () => {
  await protectedServer?.close();
  await good?.close();
  await authorization?.close();
});

const temp = () => mkdtempSync(path.join(tmpdir(), 'mcpact-oauth-'));
const findingsOf = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')).servers[0].findings as { ruleId: string; message: string }[]).map((finding) => finding.ruleId).sort();

/** The tokens the protected server was sent, without the scheme: every one is a secret. */
const tokensSeen = () => protectedServer.seen.authorizationHeaders.map((header) => header.replace(/^Bearer\s+/i, ''));

describe('mcpact run --url with --oauth-client-id and --oauth-client-secret', () => {
  it('signs in (client_credentials) and finds what the unprotected server gets, without a secret in any output', async () => {
    const dir = temp();
    const report = path.join(dir, 'report.json');
    const trace = path.join(dir, 'trace.jsonl');
    const plain = path.join(dir, 'plain.json');
    const signedIn = await runCli(
      [
        'run',
        '--url',
        protectedServer.url,
        '--oauth-client-id',
        authorization.clientId,
        '--oauth-client-secret',
        authorization.clientSecret,
        '-r',
        'console',
        '-r',
        `json:${report}`,
        '--trace',
        trace,
        '--verbose',
      ],
      { timeoutMs: 60_000 },
    );
    const unprotected = await runCli(['run', '--url', good.url, '-r', `json:${plain}`], { timeoutMs: 60_000 });
    expect(signedIn.code).toBe(unprotected.code);
    expect(findingsOf(report)).toEqual(findingsOf(plain));
    const server = JSON.parse(readFileSync(report, 'utf8')).servers[0];
    expect(server.complete).toBe(true);
    // The auth family runs on the server that asked for a token, and only there.
    const auth = (server.rules as { id: string; status: string }[]).filter((rule) => rule.id.startsWith('auth/'));
    expect(auth.map((rule) => [rule.id, rule.status])).toEqual([
      ['auth/www-authenticate', 'pass'],
      ['auth/protected-resource-metadata', 'pass'],
      ['auth/authorization-server-metadata', 'pass'],
      ['auth/invalid-token', 'pass'],
      ['auth/token-audience', 'pass'],
      ['auth/insufficient-scope', 'pass'],
    ]);
    const plainRules = JSON.parse(readFileSync(plain, 'utf8')).servers[0].rules as { id: string }[];
    expect(plainRules.filter((rule) => rule.id.startsWith('auth/'))).toEqual([]);
    const tokens = tokensSeen();
    expect(tokens.length).toBeGreaterThan(0);
    const outputs = [signedIn.stdout, signedIn.stderr, readFileSync(report, 'utf8'), readFileSync(trace, 'utf8')];
    for (const secret of [authorization.clientSecret, ...tokens]) {
      for (const output of outputs) expect(output).not.toContain(secret);
      // Encoded forms too: base64 (a Basic credential) and URI encoding.
      for (const output of outputs) expect(output).not.toContain(Buffer.from(secret).toString('base64').replace(/=+$/, ''));
    }
  }, 120_000);

  it("the tokens it obtains join the run's secrets before anything runs (every output redacts them)", async () => {
    const resolved = await resolveTargets(
      [],
      { url: protectedServer.url, oauthClientId: authorization.clientId, oauthClientSecret: authorization.clientSecret },
      [],
    );
    const server = resolved.servers[0]!;
    if (server.target.kind !== 'http') throw new Error('expected an HTTP target');
    const token = server.target.headers.Authorization!.replace(/^Bearer /, '');
    expect(resolved.secrets).toEqual(expect.arrayContaining([token, authorization.clientSecret]));
    expect(server.signIn?.accessToken).toBe(token);
  });

  it('--oauth-refresh-token: the refresh grant', async () => {
    const refreshToken = await authorization.mintRefreshToken(protectedServer.url);
    const args = ['run', '--url', protectedServer.url, '--oauth-client-id', authorization.clientId, '--oauth-client-secret', authorization.clientSecret];
    const result = await runCli([...args, '--oauth-refresh-token', refreshToken, '--only', 'protocol'], { timeoutMs: 60_000 });
    expect(result.code).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toContain(refreshToken);
    // Used once and rotated away: a second process given the same refresh token is refused, one line.
    const again = await runCli([...args, '--oauth-refresh-token', refreshToken, '--only', 'protocol']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/OAuth sign-in failed: the token endpoint .* refused the refresh grant with HTTP 400: invalid_grant/);
    expect(again.stderr).not.toContain(refreshToken);
  }, 90_000);

  it('without credentials: exit 2 and one line naming the server, saying it needs OAuth and how to give it', async () => {
    const result = await runCli(['run', '--url', protectedServer.url], { timeoutMs: 30_000 });
    expect(result.code).toBe(2);
    // "HTTP 401", not "401": a line that times the run ("2401 ms") holds the digits too, under a loaded CI runner.
    const lines = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('HTTP 401'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(protectedServer.url);
    expect(lines[0]).toContain('needs OAuth');
    expect(lines[0]).toContain('--oauth-client-id');
    expect(lines[0]).toContain('oauth: in a config');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /);
  });

  it('a wrong client secret: exit 2, one line naming the server and what the authorization server said, the secret redacted', async () => {
    const wrong = 'wrong-secret-9c1e77ab30f2d4e8';
    const result = await runCli(['run', '--url', protectedServer.url, '--oauth-client-id', authorization.clientId, '--oauth-client-secret', wrong]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^mcpact: server "127\.0\.0\.1_\d+": OAuth sign-in failed: the token endpoint .* refused the client_credentials grant with HTTP 401: invalid_client/m,
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain(wrong);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('oauth: in a config, with ${VAR} values, signs in the same way', async () => {
    const dir = temp();
    const config = path.join(dir, 'mcpact.yaml');
    writeFileSync(
      config,
      [
        'server:',
        '  name: protected',
        '  transport: http',
        `  url: ${protectedServer.url}`,
        '  oauth:',
        '    client_id: ${CLIENT_ID}',
        '    client_secret: ${CLIENT_SECRET}',
        '    scope: mcp:read',
        '',
      ].join('\n'),
    );
    const result = await runCli(['run', '-c', config, '--only', 'protocol'], {
      env: { CLIENT_ID: authorization.clientId, CLIENT_SECRET: authorization.clientSecret },
      timeoutMs: 60_000,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('server "protected" (http)');
  }, 60_000);

  it('usage errors: --oauth-* without --url, a client id alone, and an Authorization header beside them', async () => {
    const cases: [string[], RegExp][] = [
      [['run', '--oauth-client-id', 'x', '--', 'node', 'server.js'], /--oauth-\* only apply with --url/],
      [['run', '--url', 'http://127.0.0.1:9/mcp', '--oauth-client-id', 'x'], /needs --oauth-client-secret .* or --oauth-refresh-token/],
      [['run', '--url', 'http://127.0.0.1:9/mcp', '--oauth-client-secret', 'x'], /need --oauth-client-id/],
      [
        ['run', '--url', 'http://127.0.0.1:9/mcp', '--header', 'Authorization: Bearer t', '--oauth-client-id', 'x', '--oauth-client-secret', 'y'],
        /either --header "Authorization: …" or --oauth-\*/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('init --url with --oauth-*: signs in and writes oauth: with variables, never the secret nor the token', async () => {
    const dir = temp();
    const output = path.join(dir, 'mcpact.yaml');
    const result = await runCli([
      'init',
      '--url',
      protectedServer.url,
      '--oauth-client-id',
      authorization.clientId,
      '--oauth-client-secret',
      authorization.clientSecret,
      '-o',
      output,
    ]);
    expect(result.code).toBe(0);
    const written = readFileSync(output, 'utf8');
    expect(written).toContain('client_id: ${OAUTH_CLIENT_ID}');
    expect(written).toContain('client_secret: ${OAUTH_CLIENT_SECRET}');
    expect(written).not.toContain(authorization.clientSecret);
    expect(written).not.toMatch(/authorization|Bearer/i);
  });
});
