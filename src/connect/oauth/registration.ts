/**
 * Dynamic Client Registration (RFC 7591) for `mcpact login`, where the authorization server offers it
 * (`registration_endpoint` in its metadata) and no client id was given. MCP 2025-11-25: "MCP clients and
 * authorization servers **MAY** support the OAuth 2.0 Dynamic Client Registration Protocol"; 2026-07-28 keeps it
 * for backwards compatibility and adds "MCP clients **MUST** specify an appropriate `application_type` during
 * Dynamic Client Registration", `native` for CLI tools. mcpact registers a public client (no secret: it runs on the
 * user's machine) whose one redirect URI is the loopback URI of this login.
 */
import { guardedRequest, GuardedRequestError, shown } from './guarded-request.js';
import type { AuthorizationServerMetadata } from './metadata.js';

/** Largest registration response read. */
const REGISTRATION_BYTES = 64 * 1024;

export interface RegisteredClient {
  clientId: string;
  /** Issued although none was asked for: then it authenticates the client at the token endpoint. */
  clientSecret?: string;
}

export interface RegistrationRequest {
  endpoint: string;
  redirectUri: string;
  scope?: string;
  timeoutMs: number;
  allowLoopback: boolean;
  signal?: AbortSignal;
}

/** The registration endpoint refused, or answered no client: `message` is the user's line. */
export class RegistrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistrationError';
  }
}

export function registrationEndpoint(metadata: AuthorizationServerMetadata): string | undefined {
  const endpoint = metadata.registration_endpoint;
  return typeof endpoint === 'string' && endpoint !== '' ? endpoint : undefined;
}

export async function registerClient(request: RegistrationRequest): Promise<RegisteredClient> {
  const endpoint = new URL(request.endpoint);
  const metadata = {
    client_name: 'mcpact',
    application_type: 'native',
    redirect_uris: [request.redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...(request.scope !== undefined && request.scope !== '' && { scope: request.scope }),
  };
  let response;
  try {
    response = await guardedRequest(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(metadata),
      maxBytes: REGISTRATION_BYTES,
      timeoutMs: request.timeoutMs,
      allowLoopback: request.allowLoopback,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof GuardedRequestError) throw new RegistrationError(`registration endpoint: ${error.message}`);
    throw error;
  }
  const body = parseObject(response.body);
  // RFC 7591 section 3.2.1: 201 Created; 200 is accepted too, as servers send it.
  if (response.status !== 201 && response.status !== 200) {
    const code = typeof body?.error === 'string' ? `: ${body.error.slice(0, 80)}` : '';
    const description = typeof body?.error_description === 'string' ? ` (${body.error_description.replace(/\s+/g, ' ').slice(0, 200)})` : '';
    throw new RegistrationError(`the registration endpoint ${shown(endpoint)} refused to register mcpact with HTTP ${response.status}${code}${description}`);
  }
  if (body === undefined || typeof body.client_id !== 'string' || body.client_id === '')
    throw new RegistrationError(`the registration endpoint ${shown(endpoint)} answered without a client_id`);
  return {
    clientId: body.client_id,
    ...(typeof body.client_secret === 'string' && body.client_secret !== '' && { clientSecret: body.client_secret }),
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
