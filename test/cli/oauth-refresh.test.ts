/**
 * A run that outlives its access token (#35), end to end: the built CLI against the good fixture behind the real
 * authorization server (oidc-provider on 127.0.0.1) and the protected proxy, which refuses each token with 401
 * `error="invalid_token"` after it took it a number of times (the server revoking it mid-run; no clock to wait
 * for). mcpact renews the token and sends the request again: the run completes with the findings the unprotected
 * server gets. Where the server refuses the new token as well, the run stops with one line (exit 2), and no 401
 * becomes a finding.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { startAuthorizationServer, type AuthorizationServer } from '../../fixtures/servers/oauth/authorization-server.js';
import { startProtectedServer, type ProtectedOptions, type ProtectedServer } from '../../fixtures/servers/oauth/protected.js';
import { runCli } from '../support/cli.js';

let authorization: AuthorizationServer;
let good: HttpHost;
const started: ProtectedServer[] = [];
/** The findings of the good fixture reached without OAuth, by rule id. */
let unprotected: string[];

const temp = () => mkdtempSync(path.join(tmpdir(), 'mcpact-oauth-refresh-'));
const serverOf = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')).servers[0] as {
    complete: boolean;
    error?: string;
    findings: { ruleId: string }[];
    rules: { id: string; status: string; reason?: string }[];
  };
const findingsOf = (file: string) =>
  serverOf(file)
    .findings.map((finding) => finding.ruleId)
    .sort();

beforeAll(async () => {
  authorization = await startAuthorizationServer();
  good = await startHttpServer(createGoodServer);
  const plain = path.join(temp(), 'plain.json');
  await runCli(['run', '--url', good.url, '-r', `json:${plain}`], { timeoutMs: 60_000 });
  unprotected = findingsOf(plain);
}, 90_000);
afterAll(async () => {
  for (const host of [...started, good, authorization]) await host?.close();
});

async function protectedServer(options: Partial<ProtectedOptions>): Promise<ProtectedServer> {
  const server = await startProtectedServer({ upstream: good.url, issuer: authorization.issuer, ...options });
  started.push(server);
  return server;
}

/** Runs mcpact signed in to `server`; what every output said, for the secrets check. */
async function run(server: ProtectedServer, credentials: string[]) {
  const dir = temp();
  const report = path.join(dir, 'report.json');
  const trace = path.join(dir, 'trace.jsonl');
  const result = await runCli(['run', '--url', server.url, ...credentials, '-r', 'console', '-r', `json:${report}`, '--trace', trace, '--verbose'], {
    timeoutMs: 90_000,
  });
  const outputs = [result.stdout, result.stderr, readFileSync(report, 'utf8'), readFileSync(trace, 'utf8')].join('\n');
  return { result, report, outputs };
}

/** Every token the protected server was sent, without the scheme: none may appear in any output. */
const tokensSeen = (server: ProtectedServer) => [...new Set(server.seen.authorizationHeaders.map((header) => header.replace(/^Bearer\s+/i, '')))];

describe('a token that expires mid-run', () => {
  it('client_credentials: renewed and the request sent again; the run completes with the findings of the unprotected server', async () => {
    const server = await protectedServer({ tokenUses: 25 });
    const before = authorization.tokenRequests;
    const { result, report, outputs } = await run(server, ['--oauth-client-id', authorization.clientId, '--oauth-client-secret', authorization.clientSecret]);
    const reported = serverOf(report);
    expect(reported.error).toBeUndefined();
    expect(reported.complete).toBe(true);
    expect(findingsOf(report)).toEqual(unprotected);
    expect(reported.rules.filter((rule) => rule.id.startsWith('auth/')).map((rule) => rule.status)).toEqual(Array(6).fill('pass'));
    expect(result.code).not.toBe(2);
    // The server refused tokens mid-run, and mcpact asked the authorization server for new ones: beyond the three
    // of sign-in (the token, and the auth rules' two second tokens), one per renewal.
    expect(server.seen.refusedAsExpired).toBeGreaterThan(0);
    expect(authorization.tokenRequests - before).toBeGreaterThan(3);
    const tokens = tokensSeen(server);
    expect(tokens.length).toBeGreaterThan(3);
    for (const token of tokens) expect(outputs).not.toContain(token);
    expect(outputs).not.toContain(authorization.clientSecret);
  }, 120_000);

  it('the refresh grant: each rotated refresh token is used for the next renewal, and none is written', async () => {
    const server = await protectedServer({ tokenUses: 25 });
    const refreshToken = await authorization.mintRefreshToken(server.url, undefined, authorization.publicClientId);
    const before = authorization.tokenRequests;
    const { report, outputs } = await run(server, ['--oauth-client-id', authorization.publicClientId, '--oauth-refresh-token', refreshToken]);
    const reported = serverOf(report);
    expect(reported.error).toBeUndefined();
    expect(reported.complete).toBe(true);
    expect(findingsOf(report)).toEqual(unprotected);
    // Sign-in's refresh, then at least two renewals: the second succeeds only with the refresh token the first returned.
    expect(authorization.tokenRequests - before).toBeGreaterThanOrEqual(3);
    for (const token of [refreshToken, ...tokensSeen(server)]) expect(outputs).not.toContain(token);
  }, 120_000);

  it('a server that refuses the new token too: exit 2 with one line, and no 401 becomes a finding', async () => {
    const server = await protectedServer({ servedWithToken: 40 });
    const before = authorization.tokenRequests;
    const { result, report, outputs } = await run(server, ['--oauth-client-id', authorization.clientId, '--oauth-client-secret', authorization.clientSecret]);
    expect(result.code).toBe(2);
    const reported = serverOf(report);
    expect(reported.complete).toBe(false);
    expect(reported.error).toMatch(/^OAuth: the server refused, as invalid, the access token mcpact had just obtained/);
    expect(result.stdout.split('\n').filter((line) => line.includes('OAuth: the server refused'))).toHaveLength(1);
    // Renewed once (beyond sign-in's three), never again.
    expect(authorization.tokenRequests - before).toBe(4);
    // What the rules judged before the refusals stands; nothing after it is a finding.
    for (const ruleId of findingsOf(report)) expect(unprotected).toContain(ruleId);
    expect(reported.rules.some((rule) => rule.status === 'inconclusive' && /no verdict: the server refused, as invalid/.test(rule.reason ?? ''))).toBe(true);
    for (const token of tokensSeen(server)) expect(outputs).not.toContain(token);
  }, 120_000);
});
