/**
 * Signs in to every HTTP server that has OAuth credentials (`oauth:`, --oauth-*) before anything runs (#35,
 * docs/auth.md): the token goes into the server's Authorization header, which mcpact sends to the server's own
 * URL only, and the secrets of the sign-in join the run's, so that every report, trace and line on the console
 * redacts them. A token that expires mid-run is renewed (connect/oauth/refresh.ts): each new token joins the same
 * list of secrets before it is sent, and every redaction built from that list sees it (util/secrets.ts). A sign-in
 * that fails is exit 2, one line naming the server.
 */
import { McpactError } from '../errors.js';
import type { SessionTarget } from '../connect/session.js';
import type { OAuthCredentials, SignIn } from '../connect/oauth/sign-in.js';
import type { StoredLogin } from '../connect/oauth/token-store.js';

/** What of a resolved server (cli/targets.ts ServerTarget) sign-in reads and sets. */
export interface SigningServer {
  name: string;
  target: SessionTarget;
  timeouts: { connect_ms: number };
  oauth?: OAuthCredentials;
  /** What `mcpact login` kept for the server's URL (found by storedLogins), and the file it is in. */
  storedLogin?: { file: string; login: StoredLogin };
  signIn?: SignIn;
}

/**
 * The logins `mcpact login` kept, for each HTTP server that has no credentials of its own (no `oauth:`, no --oauth-*,
 * no Authorization header): a later run on that URL signs in with them.
 */
export async function storedLogins(servers: SigningServer[]): Promise<void> {
  const candidates = servers.filter(
    (server) =>
      server.target.kind === 'http' && server.oauth === undefined && !Object.keys(server.target.headers).some((name) => name.toLowerCase() === 'authorization'),
  );
  if (candidates.length === 0) return;
  const { findLogin } = await import('../connect/oauth/token-store.js');
  const { tokenFile } = await import('./config-folder.js');
  const file = tokenFile();
  for (const server of candidates) {
    if (server.target.kind !== 'http') continue;
    const login = await findLogin(file, server.target.url);
    if (login !== undefined) server.storedLogin = { file, login };
  }
}

/** Signs in, adding every secret of the sign-ins to `secrets`: now, and whenever a token is renewed mid-run. */
export async function signInTargets(servers: SigningServer[], secrets: string[]): Promise<void> {
  const signing = servers.filter((server) => (server.oauth !== undefined || server.storedLogin !== undefined) && server.target.kind === 'http');
  if (signing.length === 0) return;
  // Loaded only when a server needs it: a run without OAuth does not load the client.
  const { signIn, SignInError } = await import('../connect/oauth/sign-in.js');
  const { signInStored } = await import('../connect/oauth/stored-sign-in.js');
  const onRenewed = (tokens: { accessToken: string; refreshToken?: string }) =>
    secrets.push(tokens.accessToken, ...(tokens.refreshToken === undefined ? [] : [tokens.refreshToken]));
  for (const server of signing) {
    const target = server.target;
    if (target.kind !== 'http') continue;
    const { oauth, storedLogin } = server;
    try {
      const common = { url: target.url, headers: target.headers, timeoutMs: server.timeouts.connect_ms, onRenewed };
      let outcome;
      if (oauth !== undefined) outcome = await signIn({ ...common, credentials: oauth });
      else if (storedLogin !== undefined) {
        const stored = await signInStored({ ...common, ...storedLogin });
        secrets.push(...stored.secrets);
        outcome = stored.outcome;
      } else continue;
      // A server that answers without a token needs none: it is tested as it is, and the auth rules do not apply.
      if (outcome.kind === 'open') continue;
      secrets.push(...outcome.signIn.secrets);
      server.signIn = outcome.signIn;
      server.target = { ...target, headers: { ...target.headers, Authorization: `Bearer ${outcome.signIn.accessToken}` }, bearer: outcome.signIn.renewing };
    } catch (error) {
      if (error instanceof SignInError) throw new McpactError('connection', `server "${server.name}": OAuth sign-in failed: ${error.message}`);
      throw error;
    }
  }
}
