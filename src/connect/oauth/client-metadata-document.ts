/**
 * Client ID Metadata Documents (#35), as the MCP authorization text describes them from 2025-11-25 on (2025-11-25
 * basic/authorization#client-id-metadata-documents, 2026-07-28 basic/authorization/client-registration; earlier
 * revisions do not name them): "MCP clients and authorization servers SHOULD support OAuth Client ID Metadata
 * Documents", with which "clients ... use HTTPS URLs as client identifiers, where the URL points to a JSON document
 * containing client metadata". The authorization server fetches the document; the client only names it.
 *
 * What that means for mcpact's headless grants (draft-ietf-oauth-client-id-metadata-document-00 section 4.1): the
 * document's "`token_endpoint_auth_method` property MUST NOT include `client_secret_post`, `client_secret_basic`,
 * `client_secret_jwt`, or any other method based around a shared symmetric secret", and "the `client_secret` and
 * `client_secret_expires_at` properties MUST NOT be used". Such a client authenticates with `none` or, as the MCP
 * text allows ("Clients MAY use `private_key_jwt`"), with a private key whose public half the document publishes.
 * - The refresh grant works: the refresh token of an earlier sign-in of that client (mcpact login, or another
 *   client), sent with `client_id` = the document's URL and no client authentication, which mcpact already does
 *   for a client without a secret.
 * - The client_credentials grant does not: without a shared secret it needs private_key_jwt, and mcpact holds no
 *   private key (the issue names no option for one, and a key shipped with mcpact would be everybody's).
 *
 * The order of the text ("Use pre-registered client information for the server if the client has it available",
 * then a metadata document "if the Authorization Server indicates that it supports them (via
 * `client_id_metadata_document_supported`...)") decides how a URL client id is taken: with a client secret it is
 * pre-registered information; without one, at an authorization server that advertises support, it names a metadata
 * document. The token request is the same either way; what this module adds is the line that explains a refusal.
 */
import type { ClientCredentials } from './token.js';
import { TokenError } from './token.js';
import type { AuthorizationServerMetadata } from './metadata.js';

/**
 * Whether a client id can name a metadata document: "The `client_id` URL MUST use the "https" scheme and contain a
 * path component, e.g. `https://example.com/client.json`" (2025-11-25, 2026-07-28); the draft (section 3) adds no
 * fragment, no user name or password, and no dot segments.
 */
export function isClientIdMetadataUrl(clientId: string): boolean {
  if (!/^https:\/\//i.test(clientId) || clientId.includes('#')) return false;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  // The path as written: URL has already resolved its dot segments.
  const afterScheme = clientId.slice('https://'.length);
  const end = afterScheme.search(/[/?]/);
  const path = end === -1 || afterScheme[end] !== '/' ? '' : afterScheme.slice(end).split('?')[0]!;
  if (path === '' || path === '/') return false;
  return !path.split('/').some((segment) => ['.', '..'].includes(segment.replace(/%2e/gi, '.')));
}

/** "Authorization servers advertise that they support clients using Client ID Metadata Documents" with this property. */
export function supportsClientIdMetadataDocuments(metadata: AuthorizationServerMetadata): boolean {
  return metadata.client_id_metadata_document_supported === true;
}

/** The OAuth errors of a client the authorization server does not know or will not let use the grant. */
const CLIENT_REFUSALS = new Set(['invalid_client', 'unauthorized_client']);

/**
 * A token endpoint's refusal of a URL client id, with what the user can do about it appended; any other error as it
 * is. The URL is the user's own (no server's text), so it may be named.
 */
export function explainClientRefusal(error: unknown, client: ClientCredentials, metadata: AuthorizationServerMetadata): unknown {
  if (!(error instanceof TokenError) || error.code === undefined || !CLIENT_REFUSALS.has(error.code) || !isClientIdMetadataUrl(client.clientId)) return error;
  let why: string;
  if (!supportsClientIdMetadataDocuments(metadata))
    why =
      'the client id is a URL, as a Client ID Metadata Document is named, but the authorization server does not advertise client_id_metadata_document_supported: it fetches no such document, so give a client id it registered';
  else if (client.clientSecret !== undefined)
    why =
      'a client named by a Client ID Metadata Document has no client secret (the document MUST NOT use one), and its client_credentials grant would need private_key_jwt, which mcpact does not offer: give the refresh token of an earlier sign-in of that client (--oauth-refresh-token, without --oauth-client-secret), or a client the authorization server registered';
  else
    why = `the authorization server fetches the Client ID Metadata Document at ${client.clientId}: it must be served there, with that URL as its client_id exactly`;
  return new TokenError(`${error.message}; ${why}`, error.code);
}
