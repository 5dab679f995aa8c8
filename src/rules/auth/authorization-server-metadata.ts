import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { signedIn } from './shared.js';

/** The endpoints the authorization code flow with PKCE needs (the flow MCP clients run for a user). */
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint'] as const;

export const authorizationServerMetadata = defineRule({
  id: 'auth/authorization-server-metadata',
  family: 'auth',
  description: "The authorization server's metadata is reachable, supports PKCE with S256, and names the endpoints the flow needs.",
  defaultSeverity: 'error',
  applies: signedIn,
  spec: {
    texts: since(
      '2025-11-25',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/authorization#authorization-code-protection',
        quote:
          'Authorization servers providing OpenID Connect Discovery 1.0 MUST include `code_challenge_methods_supported` in their metadata to ensure MCP compatibility',
        note: 'The authorization server is the one the MCP server names in its Protected Resource Metadata. For RFC 8414 metadata the same section says: "If `code_challenge_methods_supported` is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed."',
      },
      { '2026-07-28': { section: 'basic/authorization/security-considerations#authorization-code-protection' } },
    ),
  },
  docs:
    'An MCP client signs a user in with the authorization code flow and PKCE, and "MUST use the `S256` code ' +
    'challenge method": it learns that the authorization server supports it from `code_challenge_methods_supported` ' +
    'in the metadata, and refuses to proceed without it. mcpact reads the metadata it found when it signed in (RFC ' +
    '8414 or OpenID Connect Discovery, in the order the text gives; docs/auth.md) and reports a metadata document ' +
    'without `S256` in `code_challenge_methods_supported`, or without an `authorization_endpoint` or a ' +
    '`token_endpoint` that is an https URL (loopback http for local servers). Metadata that cannot be found at all ' +
    'stops sign-in, with one line.',
  check({ signIn, report }) {
    if (signIn === undefined) return;
    const { document, url } = signIn.authorizationServer;
    const methods = document.code_challenge_methods_supported;
    if (!Array.isArray(methods) || !methods.includes('S256'))
      report({
        message:
          methods === undefined
            ? `the authorization server metadata (${url}) has no code_challenge_methods_supported: clients take it as no PKCE support and refuse to sign in`
            : `the authorization server metadata (${url}) does not list S256 in code_challenge_methods_supported`,
        location: { kind: 'server' },
        data: { metadataUrl: url, ...(methods !== undefined && { codeChallengeMethods: methods }) },
        cause: 'pkce',
      });
    const missing = ENDPOINTS.filter((name) => !isEndpoint(document[name]));
    if (missing.length > 0)
      report({
        message: `the authorization server metadata (${url}) names no usable ${missing.join(' or ')} (an https URL)`,
        location: { kind: 'server' },
        data: { metadataUrl: url, endpoints: Object.fromEntries(missing.map((name) => [name, document[name] ?? null])) },
        cause: 'endpoints',
      });
  },
});

function isEndpoint(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
  } catch {
    return false;
  }
}
