import { describe, expect, it } from 'vitest';
import { callPolicy } from '../../../src/exercise/call-policy.js';
import { LISTS, type ListCapture, type ListKind, type Surface } from '../../../src/surface/types.js';

function surfaceOf(tools: unknown[]): Surface {
  const capture = (kind: ListKind): ListCapture => ({
    spec: LISTS.find((spec) => spec.kind === kind)!,
    status: 'ok',
    items: kind === 'tools' ? tools : [],
    pages: 1,
    problems: [],
  });
  const lists = { tools: capture('tools'), prompts: capture('prompts'), resources: capture('resources'), resourceTemplates: capture('resourceTemplates') };
  return {
    requestedProtocolVersion: '2025-11-25',
    era: 'legacy',
    initializeResult: {},
    protocolVersion: '2025-11-25',
    capabilities: { tools: {} },
    serverInfo: undefined,
    instructions: undefined,
    lists,
  };
}

const required = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
const TOOLS = [
  { name: 'get', description: 'Get a record.', inputSchema: required, annotations: { readOnlyHint: true } },
  { name: 'put', description: 'Store a record.', inputSchema: required },
  { name: 'touch', description: 'Touch.', inputSchema: { type: 'object' } },
  { name: 'nuke', description: 'Reset.', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } },
  // mcp-go's NewTool sets destructiveHint: true on every tool; beside readOnlyHint: true the schema says it means nothing.
  { name: 'lookup', description: 'Look up a record.', inputSchema: required, annotations: { readOnlyHint: true, destructiveHint: true } },
  { name: 'delete_row', description: 'Remove a row.', inputSchema: required, annotations: { readOnlyHint: true } },
];

const decisions = (calls?: Parameters<typeof callPolicy>[1]) =>
  Object.fromEntries(
    callPolicy(surfaceOf(TOOLS), calls).tools.map((tool) => [
      tool.name,
      `${tool.valid.allowed ? 'V' : '-'}${tool.invalid.allowed ? 'I' : '-'} ${tool.valid.reason}/${tool.invalid.reason}`,
    ]),
  );

describe('safe-call policy', () => {
  it('by default: valid calls to trustworthy read-only tools, invalid probes to tools with a required property', () => {
    expect(decisions()).toEqual({
      get: 'VI read-only/required-property',
      put: '-I not-read-only/required-property',
      touch: '-- not-read-only/no-required-property',
      nuke: '-- not-read-only/no-required-property',
      lookup: 'VI read-only/required-property',
      delete_row: '-I suspect-read-only/required-property',
    });
  });

  it('allow opts in, all opts in to everything, deny always wins', () => {
    expect(decisions({ allow: ['put', 'touch'] })).toMatchObject({ put: 'VI allowed/allowed', touch: 'VI allowed/allowed' });
    expect(decisions({ all: true, deny: ['get'] })).toEqual({
      get: '-- denied/denied',
      put: 'VI all/all',
      touch: 'VI all/all',
      nuke: 'VI all/all',
      lookup: 'VI all/all',
      delete_row: 'VI all/all',
    });
    expect(decisions({ allow: ['get'], deny: ['get'] }).get).toBe('-- denied/denied');
  });

  it('names configured tools the server does not have', () => {
    expect(callPolicy(surfaceOf(TOOLS), { allow: ['gett'], deny: ['put', 'zap'] }).unknownNames).toEqual(['gett', 'zap']);
  });
});
