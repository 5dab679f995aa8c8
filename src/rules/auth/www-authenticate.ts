import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { signedIn } from './shared.js';

export const wwwAuthenticate = defineRule({
  id: 'auth/www-authenticate',
  family: 'auth',
  description: 'A 401 to a request without a token carries a Bearer challenge that names the Protected Resource Metadata (resource_metadata).',
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
          'MCP servers MUST use the HTTP header `WWW-Authenticate` when returning a 401 Unauthorized to indicate the location of the resource server metadata URL as described in RFC9728 Section 5.1 "WWW-Authenticate Response".',
      },
      {
        '2025-11-25': {
          section: 'basic/authorization#protected-resource-metadata-discovery-requirements',
          quote: 'MCP servers MUST implement one of the following discovery mechanisms to provide authorization server location information to MCP clients:',
          note: 'The first mechanism is `resource_metadata` in the 401 challenge, the second the well-known URI; from this revision a challenge without `resource_metadata` is allowed when the well-known URI serves the metadata. A 401 with no `WWW-Authenticate` at all breaks HTTP itself (RFC 9110 section 15.5.2: the server "MUST send a WWW-Authenticate header field").',
        },
        '2026-07-28': { section: 'basic/authorization/authorization-server-discovery#protected-resource-metadata-discovery-requirements' },
      },
    ),
  },
  docs:
    'A protected MCP server answers a request without a token `401 Unauthorized` with `WWW-Authenticate: Bearer ' +
    'resource_metadata="…"`: that header is how a client finds the Protected Resource Metadata, and from it the ' +
    'authorization server (RFC 9728 section 5.1). mcpact reads the 401 it got when it signed in (docs/auth.md): a ' +
    'finding when the 401 has no Bearer challenge at all, and, at 2025-06-18, where the text requires it, when the ' +
    'challenge names no `resource_metadata` (from 2025-11-25 the well-known URI may serve instead, and mcpact found ' +
    'the metadata there). The rule is listed only for a server that asked for a token.',
  check({ signIn, spec, report }) {
    if (signIn === undefined) return;
    const { challenge } = signIn;
    const data = { status: challenge.status, ...(challenge.header !== undefined && { wwwAuthenticate: challenge.header.slice(0, 500) }) };
    if (challenge.bearer === undefined) {
      report({
        message:
          challenge.header === undefined
            ? 'the 401 to a request without a token has no WWW-Authenticate header: a client cannot tell how to sign in'
            : 'the 401 to a request without a token has no Bearer challenge in its WWW-Authenticate header',
        location: { kind: 'transport', name: 'WWW-Authenticate' },
        data,
        cause: challenge.header === undefined ? 'no header' : 'no Bearer challenge',
      });
      return;
    }
    if (challenge.bearer.params.resource_metadata === undefined && spec?.revision === '2025-06-18')
      report({
        message: 'the Bearer challenge of the 401 names no resource_metadata (the URL of the Protected Resource Metadata)',
        location: { kind: 'transport', name: 'WWW-Authenticate' },
        data,
      });
  },
});
