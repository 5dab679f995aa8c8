import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { signedIn } from './shared.js';

export const protectedResourceMetadata = defineRule({
  id: 'auth/protected-resource-metadata',
  family: 'auth',
  description: "The Protected Resource Metadata names the server's own URL as its resource, and authorization servers that are https URLs.",
  defaultSeverity: 'error',
  applies: signedIn,
  spec: {
    texts: since(
      '2025-06-18',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/authorization#authorization-server-location',
        quote:
          'The Protected Resource Metadata document returned by the MCP server MUST include the `authorization_servers` field containing at least one authorization server.',
        note: 'The text also requires RFC 9728, whose section 3.3 says the `resource` value "MUST be identical to the protected resource\'s resource identifier".',
      },
      { '2026-07-28': { section: 'basic/authorization/authorization-server-discovery#authorization-server-location' } },
    ),
  },
  docs:
    'The Protected Resource Metadata (RFC 9728) tells a client which authorization servers issue tokens for the ' +
    "server, and which resource a token is for: its `resource` must be the server's own resource identifier, the URL " +
    'clients connect to (section 3.3), and `authorization_servers` must list at least one authorization server, each ' +
    'an issuer URL (https; loopback http for local servers). mcpact reads the document it found when it signed in ' +
    '(docs/auth.md). Sign-in itself refuses a `resource` of another origin or path; a resource that is only a prefix ' +
    'of the endpoint (its origin alone) is accepted for sign-in, as clients do, and reported here.',
  check({ signIn, report }) {
    if (signIn === undefined) return;
    const { document, url } = signIn.protectedResource;
    const { endpoint } = signIn;
    const same = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');
    if (!same(new URL(document.resource).href, new URL(endpoint).href))
      report({
        message: `the Protected Resource Metadata names resource ${JSON.stringify(document.resource)}, not the server's URL ${endpoint}`,
        location: { kind: 'server' },
        data: { metadataUrl: url, resource: document.resource, expected: endpoint },
        cause: 'resource',
      });
    const bad = document.authorization_servers.filter((issuer) => !isIssuerUrl(issuer));
    if (bad.length > 0)
      report({
        message: `the Protected Resource Metadata lists authorization servers that are no https issuer URL: ${bad.map((issuer) => JSON.stringify(issuer.slice(0, 100))).join(', ')}`,
        location: { kind: 'server' },
        data: { metadataUrl: url, authorizationServers: bad.map((issuer) => issuer.slice(0, 200)) },
        cause: 'authorization_servers',
      });
  },
});

/** RFC 8414 section 2: an issuer is an https URL without query or fragment (plain http on loopback, for local servers). */
function isIssuerUrl(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.search !== '' || url.hash !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
}
