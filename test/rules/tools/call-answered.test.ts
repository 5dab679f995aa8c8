import { callAnswered } from '../../../src/rules/tools/call-answered.js';
import { FAKE_CALL_MS, ruleTester } from '../../support/rule-tester.js';
import type { FakeServerSpec } from '../../support/fake-server.js';
import { searchTool, teamTool, text, toolError, toolsServer } from './tools-fake.js';

/** Past timeouts.call_ms, well within the grace mcpact waits for a late answer (three times call_ms). */
const LATE = { delayMs: 2 * FAKE_CALL_MS };

/** A tools server that never answers ping either: a server that stopped answering anything. */
function deaf(server: FakeServerSpec): FakeServerSpec {
  return { ...server, handle: (method, params, message) => (method === 'ping' ? { silent: true } : server.handle?.(method, params, message)) };
}

ruleTester(callAnswered, {
  valid: [
    { name: 'every call answered', server: toolsServer([searchTool]) },
    { name: 'a valid call answered late is slow, not missing', server: toolsServer([{ ...searchTool, run: () => ({ ...LATE, reply: text('ok') }) }]) },
    {
      name: 'invalid input answered late is slow, not missing',
      server: toolsServer([searchTool], { invalid: () => ({ ...LATE, reply: toolError('Invalid arguments') }) }),
    },
  ],
  invalid: [
    {
      name: 'hangs on an unknown tool',
      server: toolsServer([searchTool], { unknown: { silent: true } }),
      findings: [
        { location: { kind: 'server' }, message: 'tools/call with an unknown tool name got no answer', data: { kind: 'unknown-tool', outcome: 'timeout' } },
      ],
    },
    {
      name: 'hangs on invalid input',
      server: toolsServer([searchTool], {
        invalid: (_tool, args) => ((args as Record<string, unknown>).query === undefined ? { silent: true } : { result: { content: [], isError: true } }),
      }),
      findings: [
        {
          location: { kind: 'tool', name: 'search' },
          message: '"search" (required property "query" missing) got no answer',
          data: { params: { name: 'search', arguments: {} } },
        },
      ],
    },
    {
      name: 'hangs on malformed params',
      server: toolsServer([searchTool], { malformed: { silent: true } }),
      findings: [
        { message: '"arguments" is a string got no answer' },
        { message: '"arguments" is an array got no answer' },
        { message: 'params without "name" got no answer' },
      ],
    },
    {
      // Another tool answers valid input: the silence is this tool's, not the environment's.
      name: 'never answers a valid call while the server answers ping (one finding for the tool)',
      server: toolsServer([
        { ...searchTool, run: () => ({ silent: true }) },
        { ...teamTool, run: () => text('on track') },
      ]),
      findings: [
        {
          location: { kind: 'tool', name: 'search' },
          message: /^tools\/call with "search" \(valid example 1\) got no answer within \d+ ms, late answers included, although the server still answered ping/,
          data: { kind: 'valid', outcome: 'timeout' },
        },
      ],
    },
  ],
  inconclusive: [
    {
      // @cyanheads/pubmed-mcp-server 2.7.4 offline: every valid call answered after a minute of retries to NCBI.
      name: 'every tool silent alike while the server answers ping: a backend the run cannot reach looks the same',
      server: toolsServer([
        { ...searchTool, run: () => ({ silent: true }) },
        { ...teamTool, run: () => ({ silent: true }) },
      ]),
      reason: 'tools silent alike look like a backend this run cannot reach',
    },
    {
      // The one valid call answered failed on the backend too (Europe PMC beside NCBI, both unreachable).
      name: 'one tool silent, the other failing on an unreachable backend: no verdict either',
      server: toolsServer([
        { ...searchTool, run: () => ({ silent: true }) },
        { ...teamTool, run: () => toolError('fetch failed: getaddrinfo ENOTFOUND www.ebi.ac.uk') },
      ]),
      reason: 'no valid call was served (a success without an unreachable backend)',
    },
    {
      name: 'never answers a valid call, nor ping: the server stopped answering, not the tool',
      server: deaf(toolsServer([{ ...searchTool, run: () => ({ silent: true }) }])),
      reason: 'did not answer ping either',
    },
  ],
  skipped: [{ name: 'no tools capability', server: { prompts: [{ name: 'p' }] }, skipped: 'tools capability' }],
});
