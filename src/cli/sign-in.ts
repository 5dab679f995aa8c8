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

/** What of a resolved server (cli/targets.ts ServerTarget) sign-in reads and sets. */
export interface SigningServer {
  name: string;
  target: SessionTarget;
  timeouts: { connect_ms: number };
  oauth?: OAuthCredentials;
  signIn?: SignIn;
}

/** Signs in, adding every secret of the sign-ins to `secrets`: now, and whenever a token is renewed mid-run. */
export async function signInTargets(servers: SigningServer[], secrets: string[]): Promise<void> {
  const signing = servers.filter((server) => server.oauth !== undefined && server.target.kind === 'http');
  if (signing.length === 0) return;
  // Loaded only when a server needs it: a run without OAuth does not load the client.
  const { signIn, SignInError } = await import('../connect/oauth/sign-in.js');
  const onRenewed = (tokens: { accessToken: string; refreshToken?: string }) =>
    secrets.push(tokens.accessToken, ...(tokens.refreshToken === undefined ? [] : [tokens.refreshToken]));
  for (const server of signing) {
    const target = server.target;
    if (target.kind !== 'http' || server.oauth === undefined) continue;
    try {
      const outcome = await signIn({ url: target.url, headers: target.headers, credentials: server.oauth, timeoutMs: server.timeouts.connect_ms, onRenewed });
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
