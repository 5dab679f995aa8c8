import { describe, expect, it } from 'vitest';
import { unknownResource } from '../../../src/rules/resources/unknown-resource.js';
import { unknownResourceUri } from '../../../src/exercise/resources.js';
import { ruleTester } from '../../support/rule-tester.js';
import type { FakeServerSpec, Reply } from '../../support/fake-server.js';
import { resourceServer } from './support.js';

/** Answers every read of a URI it does not list with `reply`. */
const unknownAnswer = (reply: Reply, overrides: Partial<FakeServerSpec> = {}) =>
  resourceServer({
    ...overrides,
    handle: (method, params) => (method === 'resources/read' && String(params?.uri).includes('mcpact-no-such-resource') ? reply : undefined),
  });

ruleTester(unknownResource, {
  valid: [
    { name: '-32002 on 2025-11-25', server: resourceServer() },
    { name: '-32602 on 2026-07-28', server: unknownAnswer({ error: { code: -32602, message: 'Resource not found' } }, { protocolVersion: '2026-07-28' }) },
  ],
  invalid: [
    {
      name: 'empty contents',
      server: unknownAnswer({ result: { contents: [] } }),
      findings: [{ message: 'answered with empty contents; a resource that does not exist SHOULD get JSON-RPC error -32002', data: { empty: true } }],
    },
    { name: 'made-up contents', server: unknownAnswer({ result: { contents: [{ uri: 'x', text: '' }] } }), findings: [{ message: 'answered with a result' }] },
    {
      name: '-32603',
      server: unknownAnswer({ error: { code: -32603, message: 'Internal error' } }),
      findings: [{ message: 'got JSON-RPC error -32603; expected JSON-RPC error -32002', data: { code: -32603, expected: -32002 } }],
    },
    { name: '-32601', server: unknownAnswer({ error: { code: -32601, message: 'Method not found' } }), findings: [{ message: 'got JSON-RPC error -32601' }] },
    {
      name: '-32602 on 2025-11-25',
      server: unknownAnswer({ error: { code: -32602, message: 'Resource not found' } }),
      // A SHOULD up to 2025-11-25: a warning there (severityFollowsRevision).
      findings: [{ message: 'expected JSON-RPC error -32002 (SHOULD in the negotiated revision)', severity: 'warning' }],
    },
    {
      name: '-32002 on 2026-07-28',
      server: unknownAnswer({ error: { code: -32002, message: 'Resource not found' } }, { protocolVersion: '2026-07-28' }),
      // A MUST from 2026-07-28 on: an error there.
      findings: [{ message: 'expected JSON-RPC error -32602 (MUST in the negotiated revision)', data: { expected: -32602 }, severity: 'error' }],
    },
  ],
  inconclusive: [
    { name: 'no answer', server: unknownAnswer({ silent: true }), reason: 'no answer' },
    {
      // A server that asks its backend whether the URI exists cannot say "not found" while that backend is down.
      name: '-32603 from a backend that cannot be reached',
      server: unknownAnswer({
        error: {
          code: -32603,
          message: 'request to https://api.example.test/files/mcpact-no-such-resource failed, reason: getaddrinfo ENOTFOUND api.example.test',
        },
      }),
      reason: "found the server's backend unreachable",
    },
  ],
  skipped: [
    { name: 'no resources', server: { tools: [] }, skipped: 'does not declare resources' },
    {
      name: 'a template covers every URI',
      server: resourceServer({ resourceTemplates: [{ uriTemplate: '{+uri}', name: 'any' }] }),
      skipped: 'covered by a listed template',
    },
    {
      name: 'nothing listed and resources/read not implemented (one cause, protocol/capability-implemented)',
      server: {
        capabilities: { resources: {} },
        resources: [],
        handle: (method) => (method === 'resources/read' ? { error: { code: -32601, message: 'Method not found' } } : undefined),
      },
      skipped: 'lists no resource to tell a wrong code from a missing method',
    },
  ],
});

describe('the made-up URI', () => {
  it('keeps the scheme of the listed resources, except web schemes, and avoids templates', () => {
    const surface = (resources: unknown[], resourceTemplates: unknown[] = []) =>
      ({
        lists: {
          resources: { items: resources, spec: { location: 'resource' } },
          resourceTemplates: { items: resourceTemplates, spec: { location: 'resourceTemplate' } },
        },
      }) as never;
    expect(unknownResourceUri(surface([{ uri: 'docs://guide/intro' }]))).toBe('docs://mcpact-no-such-resource/0');
    expect(unknownResourceUri(surface([{ uri: 'https://example.com/a' }]))).toBe('mcpact-unknown://mcpact-no-such-resource/0');
    expect(unknownResourceUri(surface([{ uri: 'test://static/1' }], [{ uriTemplate: 'test://{a}/{b}' }]))).toBe('mcpact-unknown://mcpact-no-such-resource/0');
  });
});
