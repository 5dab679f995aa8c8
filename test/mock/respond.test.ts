/**
 * What the mock answers (mock/respond.ts), and how a cassette is read (mock/cassette.ts): recorded answers matched
 * by method and canonical params, lists paged as recorded, and the protocol error the revision prescribes for
 * everything else; a cassette of another format, a truncated or a malformed one is one line naming the file.
 */
import { describe, expect, it } from 'vitest';
import { CASSETTE_VERSION, parseCassette, serializeCassette, type Cassette } from '../../src/mock/cassette.js';
import { recordedIdentity, responder } from '../../src/mock/respond.js';
import { McpactError } from '../../src/errors.js';

const CASSETTE: Cassette = {
  mcpactCassette: CASSETTE_VERSION,
  recordedWith: '0.1.0',
  era: 'legacy',
  requestedProtocolVersion: '2025-11-25',
  initializeResult: {
    protocolVersion: '2025-06-18',
    capabilities: { tools: {}, prompts: {}, resources: {}, logging: {} },
    serverInfo: { name: 'recorded', version: '2.0.0' },
    instructions: 'Use it well.',
  },
  lists: {
    tools: { pages: 2, items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
    prompts: { pages: 1, items: [{ name: 'greet', arguments: [{ name: 'who', required: true }, { name: 'tone' }] }] },
    resources: { pages: 1, items: [{ uri: 'docs://one', name: 'one' }] },
  },
  answers: [
    { method: 'tools/call', params: { name: 'a', arguments: { q: 'x', n: 1 } }, result: { content: [{ type: 'text', text: 'A' }] } },
    { method: 'tools/call', params: { name: 'b', arguments: {} }, error: { code: -32603, message: 'backend down', data: { retry: true } } },
    { method: 'prompts/get', params: { name: 'greet', arguments: { who: 'w' } }, result: { messages: [] } },
    { method: 'resources/read', params: { uri: 'docs://one' }, result: { contents: [{ uri: 'docs://one', text: 'one' }] } },
  ],
  notes: [],
};

const respond = responder(CASSETTE);

describe('the mock answers', () => {
  it('initialize with the recorded result, the version it negotiated then included', () => {
    expect(respond('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } })).toEqual({
      result: CASSETTE.initializeResult,
    });
  });

  it('the lists as recorded, over as many pages, and -32602 for a cursor it never gave', () => {
    const first = respond('tools/list', {});
    expect(first).toEqual({ result: { tools: [{ name: 'a' }, { name: 'b' }], nextCursor: 'mcpact-mock-page-1' } });
    expect(respond('tools/list', { cursor: 'mcpact-mock-page-1' })).toEqual({ result: { tools: [{ name: 'c' }] } });
    expect(respond('tools/list', { cursor: 'elsewhere' })).toEqual({ error: { code: -32602, message: 'Invalid cursor' } });
    expect(respond('prompts/list', undefined)).toEqual({ result: { prompts: CASSETTE.lists.prompts!.items } });
  });

  it('a list whose capability was not declared with -32601', () => {
    expect(respond('resources/templates/list', {})).toEqual({ error: { code: -32601, message: 'Method not found' } });
  });

  it('recorded answers by method and canonical params: key order and _meta do not matter', () => {
    expect(respond('tools/call', { arguments: { n: 1, q: 'x' }, name: 'a', _meta: { progressToken: 3 } })).toEqual({
      result: { content: [{ type: 'text', text: 'A' }] },
    });
    expect(respond('tools/call', { name: 'b', arguments: {} })).toEqual({ error: { code: -32603, message: 'backend down', data: { retry: true } } });
    expect(respond('resources/read', { uri: 'docs://one' })).toEqual({ result: { contents: [{ uri: 'docs://one', text: 'one' }] } });
  });

  it('what was not recorded with the error each revision up to 2025-11-25 prescribes', () => {
    expect(respond('mcpact/no-such-method', {})).toEqual({ error: { code: -32601, message: 'Method not found' } });
    expect(respond('tools/call', { name: 'zzz', arguments: {} })).toEqual({ error: { code: -32602, message: 'Unknown tool: zzz' } });
    expect(respond('tools/call', { name: 'a', arguments: 'x' })).toEqual({ error: { code: -32602, message: 'Invalid params: arguments must be an object' } });
    expect(respond('prompts/get', { name: 'nope' })).toEqual({ error: { code: -32602, message: 'Invalid prompt name: nope' } });
    expect(respond('prompts/get', { name: 'greet', arguments: { tone: 'x' } })).toEqual({ error: { code: -32602, message: 'Missing required argument: who' } });
    expect(respond('resources/read', { uri: 'docs://two' })).toEqual({ error: { code: -32002, message: 'Resource not found', data: { uri: 'docs://two' } } });
    expect(respond('logging/setLevel', { level: 'verbose' })).toEqual({ error: { code: -32602, message: 'Invalid log level: verbose' } });
    expect(respond('logging/setLevel', { level: 'info' })).toEqual({ result: {} });
    expect(respond('completion/complete', {})).toEqual({ error: { code: -32601, message: 'Method not found' } });
  });

  it('a known tool with arguments nobody recorded with a tool execution error', () => {
    const reply = respond('tools/call', { name: 'c', arguments: { q: 'y' } });
    expect(reply).toMatchObject({ result: { isError: true } });
  });
});

const HINTS = { resultType: 'complete', ttlMs: 60000, cacheScope: 'public' };
const SERVER_INFO = { name: 'recorded', version: '3.0.0' };
const MODERN: Cassette = {
  mcpactCassette: CASSETTE_VERSION,
  recordedWith: '0.1.0',
  era: 'modern',
  requestedProtocolVersion: '2026-07-28',
  initializeResult: {},
  discoverResult: {
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: {}, resources: { subscribe: true }, logging: {} },
    ...HINTS,
    _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
  },
  lists: {
    tools: { pages: 2, pageFields: [HINTS, { resultType: 'complete', ttlMs: 5, cacheScope: 'private' }], items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
    resources: { pages: 1, pageFields: [HINTS], items: [{ uri: 'docs://one', name: 'one' }] },
  },
  answers: [{ method: 'tools/call', params: { name: 'a', arguments: {} }, result: { content: [], resultType: 'complete' } }],
  notes: [],
};

describe('the mock of a 2026-07-28 recording answers', () => {
  const modern = responder(MODERN);

  it('server/discover with the recorded result, and says who it is as recorded', () => {
    expect(modern('server/discover', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } })).toEqual({ result: MODERN.discoverResult });
    expect(recordedIdentity(MODERN)).toEqual({ serverInfo: SERVER_INFO, capabilities: MODERN.discoverResult!.capabilities });
  });

  it('each page of a list with the resultType and caching hints it was sent with', () => {
    expect(modern('tools/list', {})).toEqual({ result: { ...HINTS, tools: [{ name: 'a' }, { name: 'b' }], nextCursor: 'mcpact-mock-page-1' } });
    expect(modern('tools/list', { cursor: 'mcpact-mock-page-1' })).toEqual({
      result: { resultType: 'complete', ttlMs: 5, cacheScope: 'private', tools: [{ name: 'c' }] },
    });
  });

  it('a recorded call, whatever its _meta envelope', () => {
    expect(modern('tools/call', { name: 'a', arguments: {}, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } })).toEqual({
      result: { content: [], resultType: 'complete' },
    });
  });

  it('a resource never recorded with -32602 and its uri, as 2026-07-28 prescribes', () => {
    expect(modern('resources/read', { uri: 'docs://two' })).toEqual({ error: { code: -32602, message: 'Resource not found', data: { uri: 'docs://two' } } });
  });

  it('the methods 2026-07-28 removed with -32601, whatever the capabilities say', () => {
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']) {
      expect(modern(method, {}), method).toEqual({ error: { code: -32601, message: 'Method not found' } });
    }
    expect(modern('prompts/list', {})).toEqual({ error: { code: -32601, message: 'Method not found' } });
  });

  it('an initialize-era recording never answers server/discover', () => {
    expect(respond('server/discover', {})).toEqual({ error: { code: -32601, message: 'Method not found' } });
  });
});

describe('a cassette read back', () => {
  const read = (text: string) => {
    try {
      parseCassette(text, 'x.json');
    } catch (error) {
      expect(error).toBeInstanceOf(McpactError);
      return (error as McpactError).message;
    }
    return 'read';
  };

  it('is the cassette that was written', () => {
    expect(parseCassette(serializeCassette(CASSETTE), 'x.json')).toEqual(CASSETTE);
    expect(parseCassette(serializeCassette(MODERN), 'x.json')).toEqual(MODERN);
  });

  it('from another cassette format version: one line naming both versions', () => {
    const other = serializeCassette({ ...CASSETTE, mcpactCassette: 2 as typeof CASSETTE_VERSION, recordedWith: '7.0.0' });
    expect(read(other)).toBe('x.json: cassette format 2 (recorded by mcpact 7.0.0); this mcpact reads format 1: record it again with this mcpact');
  });

  it('truncated: one line', () => {
    const text = serializeCassette(CASSETTE);
    expect(read(text.slice(0, text.length / 2))).toBe('x.json: not a complete JSON document (truncated?); record it again with mcpact record');
  });

  it('not a cassette, or of the wrong shape: one line', () => {
    expect(read('{"schemaVersion":1}')).toBe('x.json: not an mcpact cassette (no "mcpactCassette" marker)');
    expect(read(serializeCassette({ ...CASSETTE, answers: [{ method: 'x' } as never] }))).toBe(
      'x.json: invalid cassette: answer 0 is not { method, params, result | error }; record it again with mcpact record',
    );
  });
});
