/**
 * `mcpact login` and `mcpact logout` end to end (#35): the built CLI against a real authorization server
 * (oidc-provider on 127.0.0.1, with its own login and consent pages) and the protected fixture, and a real browser
 * (Debian's chromium, headless, driven by playwright-core) that opens the URL mcpact prints, signs in, consents, and
 * is redirected to mcpact's loopback listener. Then a run on that URL uses the kept token (and refreshes it when it
 * has expired or the server refuses it), logout removes it, and no token, code or secret reaches any output.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { startAuthorizationServer, type AuthorizationServer } from '../../fixtures/servers/oauth/authorization-server.js';
import { startProtectedServer, type ProtectedServer } from '../../fixtures/servers/oauth/protected.js';
import { chromiumInstalled, launchChromium, type Browser } from '../support/browser.js';
import { CLI, ROOT, runCli, type CliResult } from '../support/cli.js';

interface Site {
  authorization: AuthorizationServer;
  server: ProtectedServer;
}

let good: HttpHost;
/** Dynamic registration offered. */
let open: Site;
/** Access tokens that live 30 s: within the minute mcpact refreshes before expiry, so a later run refreshes. */
let shortLived: Site;
/** No dynamic registration: a client id must be given. */
let closed: Site;
/** Fetches Client ID Metadata Documents: mcpact's, served by the fixture at CIMD_URL. */
let documents: Site;
let browser: Browser;

/** A Client ID Metadata Document for mcpact, as a user would host it (the name resolves nowhere: the fixture serves it). */
const CIMD_URL = 'https://mcpact.invalid/oauth/client.json';
const CIMD_DOCUMENT = {
  client_id: CIMD_URL,
  client_name: 'mcpact',
  // Native: oidc-provider then matches a loopback redirect URI on any port (RFC 8252 section 7.3).
  application_type: 'native',
  redirect_uris: ['http://127.0.0.1/callback'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  scope: 'openid offline_access mcp:read',
};

async function site(options: Parameters<typeof startAuthorizationServer>[0]): Promise<Site> {
  const authorization = await startAuthorizationServer({ interactive: true, ...options });
  const server = await startProtectedServer({ upstream: good.url, issuer: authorization.issuer });
  return { authorization, server };
}

beforeAll(async () => {
  good = await startHttpServer(createGoodServer);
  open = await site({ registration: true });
  shortLived = await site({ accessTokenTtl: 30 });
  closed = await site({});
  documents = await site({ clientIdMetadataDocuments: { [CIMD_URL]: CIMD_DOCUMENT } });
  if (chromiumInstalled) browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  for (const each of [open, shortLived, closed, documents]) {
    await each?.server.close();
    await each?.authorization.close();
  }
  await good?.close();
});

const configDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'mcpact-login-')), 'config', 'mcpact');
const tokenFileIn = (dir: string) => path.join(dir, 'tokens.json');
const storedFor = (dir: string, url: string) => JSON.parse(readFileSync(tokenFileIn(dir), 'utf8')).servers[url];

/** mcpact login, with the URL it prints as soon as it prints it. */
function startLogin(
  args: string[],
  dir: string,
  options: { browser?: boolean; path?: string } = {},
): { authorizationUrl: Promise<string>; result: Promise<CliResult> } {
  const child = spawn(process.execPath, [CLI, 'login', ...(options.browser === true ? [] : ['--no-browser']), ...args], {
    cwd: ROOT,
    env: { PATH: options.path ?? process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', MCPACT_CONFIG_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let found: (url: string) => void = () => undefined;
  const authorizationUrl = new Promise<string>((resolve, reject) => {
    found = resolve;
    child.on('close', () => reject(new Error(`mcpact login ended before printing a URL: ${stdout}${stderr}`)));
  });
  authorizationUrl.catch(() => undefined);
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const url = /^ {2}(http\S+)$/m.exec(stdout)?.[1];
    if (url !== undefined) found(url);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const result = new Promise<CliResult>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  return { authorizationUrl, result };
}

/** The user in the browser: opens the URL, signs in on the authorization server's page, consents (or cancels). */
async function inBrowser(url: string, answer: 'consent' | 'cancel'): Promise<string> {
  const page = await browser.context.newPage();
  try {
    await page.goto(url);
    if ((await page.locator('input[name="login"]').count()) > 0) {
      await page.fill('input[name="login"]', 'fixture-user');
      await page.fill('input[name="password"]', 'any password');
      await Promise.all([page.waitForLoadState('load'), page.click('button[type="submit"]')]);
    }
    await page.waitForSelector('text=Continue');
    if (answer === 'consent') await page.click('button[type="submit"]');
    else await page.click('text=[ Cancel ]');
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
    return await page.locator('body').innerText();
  } finally {
    await page.close();
  }
}

/** Every secret of a stored login. */
const secretsOf = (stored: { accessToken: string; refreshToken?: string; client: { secret?: string } }) =>
  [stored.accessToken, stored.refreshToken, stored.client.secret].filter((value): value is string => value !== undefined);

describe.skipIf(!chromiumInstalled)('mcpact login in a real browser', () => {
  it('dynamic client registration: signs in, keeps the tokens (0600); a run uses them; logout removes them', async () => {
    const dir = configDir();
    const url = open.server.url;
    const login = startLogin(['--url', url], dir);
    const authorizationUrl = new URL(await login.authorizationUrl);
    // PKCE S256, the resource, state, an exact loopback redirect URI.
    expect(authorizationUrl.origin).toBe(open.authorization.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizationUrl.searchParams.get('resource')).toBe(url);
    expect(authorizationUrl.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(authorizationUrl.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(authorizationUrl.searchParams.get('scope')).toBe('mcp:read offline_access');
    expect(await inBrowser(authorizationUrl.href, 'consent')).toContain('mcpact received the sign-in');
    const result = await login.result;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Signed in to ${url} as client `);
    expect(result.stdout).toContain('registered by mcpact (dynamic client registration)');

    expect(statSync(tokenFileIn(dir)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const stored = storedFor(dir, url);
    expect(stored).toMatchObject({ issuer: open.authorization.issuer, resource: url, client: { registration: 'dynamic' }, scope: 'mcp:read' });
    expect(stored.refreshToken).toEqual(expect.any(String));

    const report = path.join(path.dirname(dir), 'report.json');
    const trace = path.join(path.dirname(dir), 'trace.jsonl');
    const before = open.server.seen.authorizationHeaders.length;
    const writtenAt = statSync(tokenFileIn(dir)).mtimeMs;
    const run = await runCli(['run', '--url', url, '--only', 'protocol,auth', '-r', 'console', '-r', `json:${report}`, '--trace', trace], {
      env: { MCPACT_CONFIG_DIR: dir },
      timeoutMs: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The kept token, sent to the server, and still valid: nothing was refreshed.
    expect(open.server.seen.authorizationHeaders.slice(before)).toContain(`Bearer ${stored.accessToken}`);
    expect(storedFor(dir, url)).toEqual(stored);
    // Nothing new to keep: the file is not written again (a rewrite once moved the kept expiry by a millisecond).
    expect(statSync(tokenFileIn(dir)).mtimeMs).toBe(writtenAt);
    const rules = JSON.parse(readFileSync(report, 'utf8')).servers[0].rules as { id: string; status: string }[];
    expect(rules.find((rule) => rule.id === 'auth/invalid-token')?.status).toBe('pass');
    for (const output of [result.stdout, run.stdout, readFileSync(report, 'utf8'), readFileSync(trace, 'utf8')])
      for (const secret of secretsOf(stored)) expect(output).not.toContain(secret);

    // A config server with that URL uses it too; an Authorization header of the run's own wins over it.
    const config = path.join(path.dirname(dir), 'mcpact.yaml');
    writeFileSync(config, ['server:', '  name: remote', '  transport: http', `  url: ${url}`, ''].join('\n'));
    const fromConfig = await runCli(['run', '-c', config, '--only', 'protocol'], { env: { MCPACT_CONFIG_DIR: dir }, timeoutMs: 60_000 });
    expect(fromConfig.code).toBe(0);
    const ownHeader = await runCli(['run', '--url', url, '--header', 'Authorization: Bearer not-the-kept-one', '--only', 'protocol'], {
      env: { MCPACT_CONFIG_DIR: dir },
    });
    expect(ownHeader.code).toBe(2);
    expect(open.server.seen.authorizationHeaders.at(-1)).toBe('Bearer not-the-kept-one');
    // init signs in with it too, and writes neither the token nor an Authorization header that would shadow the login.
    const written = path.join(path.dirname(dir), 'init.yaml');
    const init = await runCli(['init', '--url', url, '-o', written], { env: { MCPACT_CONFIG_DIR: dir }, timeoutMs: 60_000 });
    expect(init.code).toBe(0);
    expect(readFileSync(written, 'utf8')).not.toMatch(/authorization|headers:/i);
    for (const secret of secretsOf(storedFor(dir, url))) expect(readFileSync(written, 'utf8') + init.stdout + init.stderr).not.toContain(secret);

    const logout = await runCli(['logout', '--url', url], { env: { MCPACT_CONFIG_DIR: dir } });
    expect(logout.code).toBe(0);
    expect(logout.stdout).toContain(`Signed out of ${url}`);
    expect(storedFor(dir, url)).toBeUndefined();
    expect(statSync(tokenFileIn(dir)).mode & 0o777).toBe(0o600);
    const again = await runCli(['logout', '--url', url], { env: { MCPACT_CONFIG_DIR: dir } });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`No sign-in kept for ${url}`);
    expect(again.stdout).toContain('nothing to remove');
    // Signed out, the run stops at the 401 again, and says how to sign in.
    const signedOut = await runCli(['run', '--url', url, '--only', 'protocol'], { env: { MCPACT_CONFIG_DIR: dir } });
    expect(signedOut.code).toBe(2);
    expect(signedOut.stdout + signedOut.stderr).toContain('mcpact login --url');
  }, 120_000);

  it('a pre-registered public client; a later run refreshes the expired token and writes the rotated one back (0600)', async () => {
    const dir = configDir();
    const url = shortLived.server.url;
    const login = startLogin(['--url', url, '--oauth-client-id', shortLived.authorization.nativeClientId], dir);
    const authorizationUrl = new URL(await login.authorizationUrl);
    expect(authorizationUrl.searchParams.get('client_id')).toBe(shortLived.authorization.nativeClientId);
    await inBrowser(authorizationUrl.href, 'consent');
    const result = await login.result;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`as client ${shortLived.authorization.nativeClientId}, pre-registered`);
    const stored = storedFor(dir, url);
    expect(stored.client).toEqual({ id: shortLived.authorization.nativeClientId, registration: 'pre-registered' });

    const before = shortLived.server.seen.authorizationHeaders.length;
    const run = await runCli(['run', '--url', url, '--only', 'protocol'], { env: { MCPACT_CONFIG_DIR: dir }, timeoutMs: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const refreshed = storedFor(dir, url);
    expect(refreshed.accessToken).not.toBe(stored.accessToken);
    expect(refreshed.refreshToken).not.toBe(stored.refreshToken);
    expect(statSync(tokenFileIn(dir)).mode & 0o777).toBe(0o600);
    const sent = shortLived.server.seen.authorizationHeaders.slice(before);
    expect(sent).toContain(`Bearer ${refreshed.accessToken}`);
    expect(sent).not.toContain(`Bearer ${stored.accessToken}`);
    for (const secret of [...secretsOf(stored), ...secretsOf(refreshed)]) expect(run.stdout + run.stderr).not.toContain(secret);
  }, 120_000);

  it('a pre-registered client with a secret; a kept token the server refuses (401) is refreshed', async () => {
    const dir = configDir();
    const url = closed.server.url;
    const { nativeConfidentialClientId, clientSecret } = closed.authorization;
    const login = startLogin(['--url', url, '--oauth-client-id', nativeConfidentialClientId, '--oauth-client-secret', clientSecret], dir);
    await inBrowser(await login.authorizationUrl, 'consent');
    const result = await login.result;
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(clientSecret);
    const stored = storedFor(dir, url);
    expect(stored.client).toEqual({ id: nativeConfidentialClientId, secret: clientSecret, registration: 'pre-registered' });

    // A token the server does not take (its signature broken), though not expired by the file's account.
    const file = JSON.parse(readFileSync(tokenFileIn(dir), 'utf8'));
    const broken = `${stored.accessToken.slice(0, -6)}AAAAAA`;
    file.servers[url].accessToken = broken;
    writeFileSync(tokenFileIn(dir), JSON.stringify(file), { mode: 0o600 });
    const run = await runCli(['run', '--url', url, '--only', 'protocol'], { env: { MCPACT_CONFIG_DIR: dir }, timeoutMs: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const refreshed = storedFor(dir, url);
    expect(refreshed.accessToken).not.toBe(broken);
    expect(refreshed.client.secret).toBe(clientSecret);
    for (const secret of [broken, ...secretsOf(refreshed)]) expect(run.stdout + run.stderr).not.toContain(secret);

    // baseline and diff sign in the same way.
    const lockfile = path.join(path.dirname(dir), 'server.lock.json');
    const baseline = await runCli(['baseline', '--url', url, '--lockfile', lockfile], { env: { MCPACT_CONFIG_DIR: dir }, timeoutMs: 60_000 });
    expect(baseline.code).toBe(0);
    const diff = await runCli(['diff', '--url', url, '--lockfile', lockfile], { env: { MCPACT_CONFIG_DIR: dir }, timeoutMs: 60_000 });
    expect(diff.code).toBe(0);
    for (const output of [baseline.stdout, baseline.stderr, diff.stdout, diff.stderr, readFileSync(lockfile, 'utf8')])
      for (const secret of secretsOf(storedFor(dir, url))) expect(output).not.toContain(secret);

    // Bound to the issuer: credentials of another authorization server are not used, nor sent anywhere.
    const edit = (change: (entry: Record<string, unknown>) => void) => {
      const whole = JSON.parse(readFileSync(tokenFileIn(dir), 'utf8'));
      change(whole.servers[url]);
      writeFileSync(tokenFileIn(dir), JSON.stringify(whole), { mode: 0o600 });
    };
    edit((entry) => (entry.issuer = 'https://other-issuer.example'));
    const rebound = await runCli(['run', '--url', url, '--only', 'protocol'], { env: { MCPACT_CONFIG_DIR: dir } });
    expect(rebound.code).toBe(2);
    expect(rebound.stderr).toMatch(
      /OAuth sign-in failed: the server now names another authorization server \(http:\/\/127\.0\.0\.1:\d+, not https:\/\/other-issuer\.example\): sign in again with mcpact login\n$/,
    );
    edit((entry) => {
      entry.issuer = closed.authorization.issuer;
      entry.expiresAt = 1_000;
      delete entry.refreshToken;
    });
    const expired = await runCli(['run', '--url', url, '--only', 'protocol'], { env: { MCPACT_CONFIG_DIR: dir } });
    expect(expired.code).toBe(2);
    expect(expired.stderr).toMatch(/the token mcpact login kept has expired, and there is no refresh token: sign in again with mcpact login --url /);
    expect(expired.stderr.trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it('a Client ID Metadata Document client: the client id is the URL, no secret; a run uses the kept token', async () => {
    const dir = configDir();
    const url = documents.server.url;
    const login = startLogin(['--url', url, '--oauth-client-id', CIMD_URL], dir);
    const authorizationUrl = new URL(await login.authorizationUrl);
    expect(authorizationUrl.searchParams.get('client_id')).toBe(CIMD_URL);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(await inBrowser(authorizationUrl.href, 'consent')).toContain('mcpact received the sign-in');
    const result = await login.result;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`as client ${CIMD_URL}, named by its Client ID Metadata Document`);
    expect(documents.authorization.documentFetches).toContain(CIMD_URL);
    const stored = storedFor(dir, url);
    expect(stored.client).toEqual({ id: CIMD_URL, registration: 'metadata-document' });
    const claims = JSON.parse(Buffer.from(stored.accessToken.split('.')[1], 'base64url').toString('utf8'));
    expect(claims.client_id).toBe(CIMD_URL);
    expect(claims.aud).toBe(url);

    const before = documents.server.seen.authorizationHeaders.length;
    const writtenAt = statSync(tokenFileIn(dir)).mtimeMs;
    const run = await runCli(['run', '--url', url, '--only', 'protocol'], { env: { MCPACT_CONFIG_DIR: dir }, timeoutMs: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(documents.server.seen.authorizationHeaders.slice(before)).toContain(`Bearer ${stored.accessToken}`);
    expect(storedFor(dir, url)).toEqual(stored);
    expect(statSync(tokenFileIn(dir)).mtimeMs).toBe(writtenAt);
    for (const secret of secretsOf(stored)) expect(result.stdout + run.stdout + run.stderr).not.toContain(secret);
  }, 120_000);

  it('without --no-browser, opens the system browser (xdg-open) with the URL it prints', async () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'mcpact-bin-'));
    const opened = path.join(bin, 'opened.txt');
    // Stands in for the desktop's opener: it records the URL it was given, as one argument.
    writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s|%s' "$#" "$1" > '${opened}'\n`, { mode: 0o755 });
    const dir = configDir();
    const login = startLogin(['--url', open.server.url], dir, { browser: true, path: `${bin}:${process.env.PATH}` });
    const printed = await login.authorizationUrl;
    const until = Date.now() + 10_000;
    while (!existsSync(opened) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(opened, 'utf8')).toBe(`1|${printed}`);
    await inBrowser(printed, 'consent');
    expect((await login.result).code).toBe(0);
  }, 60_000);

  it('consent refused in the browser: exit 2, one line, nothing kept', async () => {
    const dir = configDir();
    const login = startLogin(['--url', open.server.url], dir);
    expect(await inBrowser(await login.authorizationUrl, 'cancel')).toContain('did not complete');
    const result = await login.result;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: sign-in to \S+ failed: the authorization server did not authorize mcpact: access_denied/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(() => statSync(tokenFileIn(dir))).toThrow();
  }, 60_000);
});

describe('mcpact login without a browser', () => {
  it('a callback with another state: exit 2, one line, the code never exchanged', async () => {
    const dir = configDir();
    const login = startLogin(['--url', open.server.url], dir);
    const redirect = new URL(await login.authorizationUrl).searchParams.get('redirect_uri')!;
    const page = await fetch(`${redirect}?code=forged-code-5d2c9e81&state=not-the-one-sent`);
    expect(page.status).toBe(200);
    const result = await login.result;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: sign-in to \S+ failed: the authorization response carries another state than the one mcpact sent: discarded/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toContain('forged-code');
    expect(() => statSync(tokenFileIn(dir))).toThrow();
  }, 60_000);

  it('no client id and no dynamic registration: exit 2, one line saying what to give', async () => {
    const result = await runCli(['login', '--no-browser', '--url', closed.server.url], { env: { MCPACT_CONFIG_DIR: configDir() } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/offers no dynamic client registration: give the client id registered for mcpact with --oauth-client-id/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a URL client id where the authorization server fetches no metadata documents: one warning line, the login goes on', async () => {
    const dir = configDir();
    const login = startLogin(['--url', closed.server.url, '--oauth-client-id', CIMD_URL, '--login-timeout', '1500'], dir);
    expect(new URL(await login.authorizationUrl).searchParams.get('client_id')).toBe(CIMD_URL);
    const result = await login.result;
    expect(result.code).toBe(2);
    const [warning, ...rest] = result.stderr.trim().split('\n');
    expect(warning).toBe(
      `mcpact: warning: the client id is a URL, as a Client ID Metadata Document is named, but the authorization server ${closed.authorization.issuer} does not advertise client_id_metadata_document_supported: unless it registered that id, it will refuse it in the browser`,
    );
    expect(rest).toHaveLength(1);
    expect(closed.authorization.documentFetches).toEqual([]);
  }, 30_000);

  it('no answer within --login-timeout: exit 2, one line', async () => {
    const dir = configDir();
    const login = startLogin(['--url', open.server.url, '--login-timeout', '1500'], dir);
    await login.authorizationUrl;
    const result = await login.result;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no answer came back from the browser within 1500 ms: sign-in abandoned\n$/);
  }, 30_000);

  it('a server that needs no sign-in, or an authorization server without PKCE S256: exit 2, one line, no browser', async () => {
    const unprotected = await runCli(['login', '--no-browser', '--url', good.url], { env: { MCPACT_CONFIG_DIR: configDir() } });
    expect(unprotected.code).toBe(2);
    expect(unprotected.stderr).toMatch(/answered HTTP \d+ without a token: it needs no sign-in\n$/);
    const withoutPkce = await startProtectedServer({ upstream: good.url, issuer: open.authorization.issuer, defect: 'metadata-without-pkce' });
    try {
      const result = await runCli(['login', '--no-browser', '--url', withoutPkce.url], { env: { MCPACT_CONFIG_DIR: configDir() } });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/does not list S256 in code_challenge_methods_supported: mcpact signs in only with PKCE S256\n$/);
    } finally {
      await withoutPkce.close();
    }
  });

  it('bad input: exit 2, one line', async () => {
    const cases: [string[], RegExp][] = [
      [['login'], /required option '--url <url>'/],
      [['login', '--url', 'ftp://x'], /--url must be an http:\/\/ or https:\/\/ URL/],
      [['login', '--url', 'http://127.0.0.1:9/mcp', '--oauth-client-secret', 'x'], /--oauth-client-secret needs --oauth-client-id/],
      [['login', '--url', 'http://127.0.0.1:9/mcp', '--login-timeout', 'soon'], /--login-timeout: expected a whole number of milliseconds/],
      [
        ['login', '--no-browser', '--url', 'http://127.0.0.1:9/mcp', '--connect-timeout', '500'],
        /^mcpact: sign-in to http:\/\/127\.0\.0\.1:9\/mcp failed: cannot reach/,
      ],
      [['logout'], /required option '--url <url>'/],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args, { env: { MCPACT_CONFIG_DIR: configDir() } });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
