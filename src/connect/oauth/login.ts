/**
 * `mcpact login` (#35, docs/auth.md#login): the interactive sign-in, as the MCP authorization text's flow gives it.
 * Discovery as the headless sign-in does it (the 401, the Protected Resource Metadata, the authorization server's
 * metadata); then the client, in the text's priority order as far as mcpact goes: "Use pre-registered client
 * information for the server if the client has it available" (--oauth-client-id), or a Client ID Metadata Document
 * (--oauth-client-id naming the document's https URL, no secret: client-metadata-document.ts), else "Use Dynamic
 * Client Registration as a fallback if the Authorization Server supports it", else "Prompt the user to enter the client
 * information" (one line naming the flags); then the authorization code flow with PKCE through the user's browser
 * (connect/oauth/authorization-code.ts), and the code exchanged for tokens with the `resource` parameter.
 * What it returns is what the token store keeps; the caller adds the secrets to the ones it redacts.
 */
import { describeError } from '../../errors.js';
import { secretsOf } from '../../util/secrets.js';
import { isLoopbackHost } from './addresses.js';
import { isClientIdMetadataUrl, supportsClientIdMetadataDocuments } from './client-metadata-document.js';
import {
  authorizationUrl,
  AuthorizationError,
  createPkce,
  randomState,
  readAuthorizationResponse,
  startLoopback,
  type Loopback,
} from './authorization-code.js';
import { discoverAuthorizationServer, discoverProtectedResource, DiscoveryError, endpointRefusal, type FetchPolicy } from './metadata.js';
import { registerClient, registrationEndpoint, RegistrationError } from './registration.js';
import { scopesSupported, SignInError, unauthenticated } from './sign-in.js';
import { requestToken, TokenError, basicCredential } from './token.js';
import { expiryOf, type StoredLogin } from './token-store.js';

export interface LoginOptions {
  url: string;
  /** A pre-registered client: --oauth-client-id, --oauth-client-secret. */
  client?: { clientId: string; clientSecret?: string };
  scope?: string;
  /** For each request to the server and the authorization server. */
  timeoutMs: number;
  /** How long the user has to sign in, in the browser. */
  waitMs: number;
  /** Called with a line to show before the browser opens: the sign-in goes on, but will likely be refused there. */
  onWarning?(line: string): void;
  /** Called with the URL to open, once the loopback listener waits for it. */
  onAuthorizationUrl(url: string): void | Promise<void>;
  signal?: AbortSignal;
}

export interface LoginResult {
  login: StoredLogin;
  /** Every secret of the sign-in (tokens, the code, the verifier, a client secret). */
  secrets: string[];
}

export async function login(options: LoginOptions): Promise<LoginResult> {
  const secrets: string[] = options.client?.clientSecret === undefined ? [] : [options.client.clientSecret, basicCredential(options.client)];
  const redact = (text: string) => secretsOf(secrets).text(text);
  const loopback = await startLoopback();
  try {
    return await signInInteractively(options, loopback, secrets);
  } catch (error) {
    const known = [DiscoveryError, TokenError, SignInError, RegistrationError, AuthorizationError].some((kind) => error instanceof kind);
    throw new SignInError(redact(known ? (error as Error).message : describeError(error)));
  } finally {
    await loopback.close();
  }
}

async function signInInteractively(options: LoginOptions, loopback: Loopback, secrets: string[]): Promise<LoginResult> {
  const server = new URL(options.url);
  const allowLoopback = isLoopbackHost(server.hostname);
  const request = { timeoutMs: options.timeoutMs, allowLoopback, signal: options.signal };
  const challenge = await unauthenticated({ url: options.url, headers: {}, timeoutMs: options.timeoutMs, signal: options.signal });
  if (challenge.status !== 401) throw new SignInError(`${options.url} answered HTTP ${challenge.status} without a token: it needs no sign-in`);
  const policy: FetchPolicy = { server, timeoutMs: options.timeoutMs, signal: options.signal };
  const protectedResource = await discoverProtectedResource(challenge.bearer?.params.resource_metadata, policy);
  const issuer = protectedResource.document.authorization_servers[0]!;
  const metadata = (await discoverAuthorizationServer(issuer, policy)).document;
  const methods = metadata.code_challenge_methods_supported;
  // "If `code_challenge_methods_supported` is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed."
  if (!Array.isArray(methods) || !methods.includes('S256'))
    throw new SignInError(`the authorization server ${issuer} does not list S256 in code_challenge_methods_supported: mcpact signs in only with PKCE S256`);
  const endpoint = metadata.authorization_endpoint;
  if (typeof endpoint !== 'string') throw new SignInError(`the authorization server ${issuer} names no authorization_endpoint`);
  const refusal = endpointRefusal(endpoint, policy);
  if (refusal !== undefined) throw new SignInError(`authorization endpoint ${refusal}`);
  const resource = protectedResource.document.resource;
  const scope = withOfflineAccess(options.scope ?? challenge.bearer?.params.scope ?? scopesSupported(protectedResource.document), metadata.scopes_supported);

  let client: StoredLogin['client'];
  if (options.client !== undefined) {
    // A URL id without a secret names a metadata document, which the authorization server fetches when it says it
    // does; where it does not say so the id may still be one it registered, so the login goes on, with a warning:
    // a refusal would come in the browser, which mcpact never hears of.
    const namesDocument = options.client.clientSecret === undefined && isClientIdMetadataUrl(options.client.clientId);
    const fetchesDocuments = supportsClientIdMetadataDocuments(metadata);
    if (namesDocument && !fetchesDocuments)
      options.onWarning?.(
        `the client id is a URL, as a Client ID Metadata Document is named, but the authorization server ${issuer} does not advertise client_id_metadata_document_supported: unless it registered that id, it will refuse it in the browser`,
      );
    client = {
      id: options.client.clientId,
      ...(options.client.clientSecret !== undefined && { secret: options.client.clientSecret }),
      registration: namesDocument && fetchesDocuments ? 'metadata-document' : 'pre-registered',
    };
  } else {
    const registration = registrationEndpoint(metadata);
    if (registration === undefined)
      throw new SignInError(
        `the authorization server ${issuer} offers no dynamic client registration: give the client id registered for mcpact with --oauth-client-id (and --oauth-client-secret if it has one)`,
      );
    const registrationRefusal = endpointRefusal(registration, policy);
    if (registrationRefusal !== undefined) throw new SignInError(`registration endpoint ${registrationRefusal}`);
    const registered = await registerClient({ endpoint: registration, redirectUri: loopback.redirectUri, ...(scope !== undefined && { scope }), ...request });
    if (registered.clientSecret !== undefined) secrets.push(registered.clientSecret);
    client = { id: registered.clientId, ...(registered.clientSecret !== undefined && { secret: registered.clientSecret }), registration: 'dynamic' };
  }

  const pkce = createPkce();
  const state = randomState();
  secrets.push(pkce.verifier);
  await options.onAuthorizationUrl(
    authorizationUrl({
      endpoint,
      clientId: client.id,
      redirectUri: loopback.redirectUri,
      codeChallenge: pkce.challenge,
      state,
      resource,
      ...(scope !== undefined && { scope }),
    }),
  );
  const response = await loopback.callback(options.waitMs, options.signal);
  const code = readAuthorizationResponse(response, { state, issuer, issSupported: metadata.authorization_response_iss_parameter_supported === true });
  secrets.push(code);
  const credentials = { clientId: client.id, ...(client.secret !== undefined && { clientSecret: client.secret }) };
  const tokens = await requestToken({
    metadata,
    client: credentials,
    grant: { kind: 'authorization_code', code, redirectUri: loopback.redirectUri, codeVerifier: pkce.verifier },
    resource,
    ...request,
  });
  secrets.push(tokens.accessToken, ...(tokens.refreshToken === undefined ? [] : [tokens.refreshToken]));
  if (client.secret !== undefined) secrets.push(client.secret, basicCredential(credentials));
  const expiresAt = expiryOf(tokens.expiresIn);
  return {
    login: {
      issuer,
      resource,
      client,
      accessToken: tokens.accessToken,
      ...(expiresAt !== undefined && { expiresAt }),
      ...(tokens.refreshToken !== undefined && { refreshToken: tokens.refreshToken }),
      ...((tokens.scope ?? scope) !== undefined && { scope: tokens.scope ?? scope }),
    },
    secrets,
  };
}

/**
 * 2026-07-28: clients that want refresh tokens "**MAY** add `offline_access` to the `scope` parameter of the
 * authorization and token requests when the Authorization Server metadata contains it in `scopes_supported`".
 * mcpact wants one: a later run refreshes the token without the browser.
 */
function withOfflineAccess(scope: string | undefined, supported: unknown): string | undefined {
  if (!Array.isArray(supported) || !supported.includes('offline_access')) return scope;
  const scopes = (scope ?? '').split(' ').filter(Boolean);
  return scopes.includes('offline_access') ? scope : [...scopes, 'offline_access'].join(' ');
}
