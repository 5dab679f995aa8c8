/**
 * `mcpact login --url URL` and `mcpact logout --url URL` (#35, docs/auth.md#login). Login runs the authorization
 * code flow in the user's browser (connect/oauth/login.ts) and keeps the tokens in the token file
 * (connect/oauth/token-store.ts), which later runs on that URL use. It prints the URL to open, and opens the system
 * browser unless --no-browser. A sign-in that fails is exit 2 with one line; no token, code or secret is printed.
 */
import { McpactError, usageError } from '../errors.js';
import { DEFAULT_TIMEOUTS } from '../config/schema.js';
import { forTerminal } from '../report/sanitize.js';
import { writeErr, writeOut } from './ci-safe.js';
import { openBrowser } from '../connect/open-browser.js';
import { tokenFile } from './config-folder.js';
import { loginOptionsSchema, logoutOptionsSchema, parseOptions } from './option-schemas.js';

/** How long the user has, by default, to sign in in the browser. */
export const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;

export async function loginCommand(raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(loginOptionsSchema, raw);
  const url = serverUrl(options.url);
  if (options.oauthClientSecret !== undefined && options.oauthClientId === undefined) throw usageError('--oauth-client-secret needs --oauth-client-id');
  const { login } = await import('../connect/oauth/login.js');
  const { SignInError } = await import('../connect/oauth/sign-in.js');
  const { saveLogin } = await import('../connect/oauth/token-store.js');
  const waitMs = options.loginTimeout ?? DEFAULT_LOGIN_TIMEOUT_MS;
  let result;
  try {
    result = await login({
      url,
      ...(options.oauthClientId !== undefined && {
        client: { clientId: options.oauthClientId, ...(options.oauthClientSecret !== undefined && { clientSecret: options.oauthClientSecret }) },
      }),
      ...(options.oauthScope !== undefined && { scope: options.oauthScope }),
      timeoutMs: options.connectTimeout ?? DEFAULT_TIMEOUTS.connect_ms,
      waitMs,
      onWarning: (line) => writeErr(`mcpact: warning: ${forTerminal(line)}\n`),
      onAuthorizationUrl: (authorization) => {
        writeOut(`Open this URL in a browser to sign in to ${forTerminal(url)}:\n\n  ${forTerminal(authorization)}\n\n`);
        writeOut(`Waiting up to ${Math.round(waitMs / 1000)} s for the browser to come back to mcpact...\n`);
        if (options.browser) openBrowser(authorization);
      },
    });
  } catch (error) {
    if (error instanceof SignInError) throw new McpactError('connection', `sign-in to ${url} failed: ${error.message}`);
    throw error;
  }
  const file = tokenFile();
  await saveLogin(file, url, result.login);
  const client = result.login.client;
  const how = {
    dynamic: 'registered by mcpact (dynamic client registration)',
    'metadata-document': 'named by its Client ID Metadata Document',
    'pre-registered': 'pre-registered',
  }[client.registration];
  writeOut(
    `Signed in to ${forTerminal(url)} as client ${forTerminal(client.id)}, ${how}.\n` +
      `Tokens kept in ${forTerminal(file)} (mode 0600)${result.login.refreshToken === undefined ? ', without a refresh token: sign in again once the token expires' : ''}; ` +
      `mcpact run --url ${forTerminal(url)} uses them, mcpact logout --url ${forTerminal(url)} removes them.\n`,
  );
  return 0;
}

export async function logoutCommand(raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(logoutOptionsSchema, raw);
  const url = serverUrl(options.url);
  const { saveLogin } = await import('../connect/oauth/token-store.js');
  const file = tokenFile();
  const removed = await saveLogin(file, url, undefined);
  writeOut(
    removed
      ? `Signed out of ${forTerminal(url)}: its tokens are removed from ${forTerminal(file)} (the authorization server is not told).\n`
      : `No sign-in kept for ${forTerminal(url)} in ${forTerminal(file)}: nothing to remove.\n`,
  );
  return 0;
}

function serverUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw usageError(`--url must be an http:// or https:// URL, got "${url}"`);
  try {
    return new URL(url).href;
  } catch {
    throw usageError(`--url is not a URL: "${url}"`);
  }
}
