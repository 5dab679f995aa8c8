import { listPages } from '../../../src/rules/protocol/list-pages.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

ruleTester(listPages, {
  valid: [{ name: 'three pages', server: { tools: ['a', 'b', 'c', 'd', 'e'].map(tool) } }],
  invalid: [
    {
      name: 'cursor loop',
      server: { tools: [], handle: (method) => (method === 'tools/list' ? { result: { tools: [tool('a')], nextCursor: 'same' } } : undefined) },
      findings: [{ message: 'tools/list: page 2 returned a cursor that was already used', basis: 'policy', severity: 'warning' }],
    },
    {
      name: 'endless distinct cursors',
      server: {
        tools: [],
        handle: (method, params) => {
          if (method !== 'tools/list') return undefined;
          const next = Number(String(params?.cursor ?? '0')) + 1;
          return { result: { tools: [], nextCursor: String(next) } };
        },
      },
      findings: [{ message: 'after 100 pages', basis: 'policy', severity: 'warning' }],
    },
    {
      name: 'items missing',
      server: { prompts: [], handle: (method) => (method === 'prompts/list' ? { result: { items: [] } } : undefined) },
      findings: [{ message: 'prompts/list: page 1: result has no "prompts" array', basis: 'spec', severity: 'error' }],
      incomplete: /prompts\/list answered with neither a result nor an error/,
    },
    {
      name: 'list errors',
      server: { resources: [], handle: (method) => (method === 'resources/list' ? { error: { code: -32603, message: 'db down' } } : undefined) },
      // What a declared capability promises states no level up to 2025-11-25: a best practice, a warning.
      findings: [{ message: 'resources/list: page 1 failed with JSON-RPC error -32603 "db down"', basis: 'spec', severity: 'warning' }],
      incomplete: /resources\/list failed with JSON-RPC error -32603 "db down"/,
    },
    {
      name: 'second page hangs',
      server: { tools: ['a', 'b', 'c'].map(tool), handle: (method, params) => (method === 'tools/list' && params?.cursor ? { silent: true } : undefined) },
      findings: [{ message: 'page 2 was not answered in time', basis: 'spec', severity: 'error' }],
      incomplete: /tools\/list got no answer \(page 2\)/,
    },
  ],
  inconclusive: [
    {
      name: 'a list whose backend is unreachable is no verdict',
      server: {
        resources: [],
        handle: (method) => (method === 'resources/list' ? { error: { code: -32603, message: 'connect ECONNREFUSED 127.0.0.1:5432' } } : undefined),
      },
      reason: "resources/list: the server's backend was unreachable (a connection failure; it said: connect ECONNREFUSED 127.0.0.1:5432)",
    },
  ],
});
