/**
 * The mock on the wire: the SDK's own low-level Server and transports (stdio, and Streamable HTTP on 127.0.0.1), so
 * framing, sessions, SSE and ping are what SDK servers do. Every request but ping goes to the responder
 * (mock/respond.ts, for `mcpact mock`), the SDK's initialize handler included: the mock answers with the recorded initialize result,
 * not the SDK's.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-listener.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ServerResult } from '@modelcontextprotocol/sdk/types.js';

/** What a mock answers a request with: a result, or a JSON-RPC error (mcpact's mock/respond.ts decides which). */
export type Reply = { result: unknown } | { error: { code: number; message: string; data?: unknown } };
export type Respond = (method: string, params: unknown) => Reply;

/** HTTP sessions open at once; past it a new session gets 503 (a client that never deletes its sessions cannot grow the mock without end). */
export const MAX_HTTP_SESSIONS = 1000;

function mockServer(respond: Respond): Server {
  const server = new Server({ name: 'mcpact-mock', version: '1' }, { capabilities: {} });
  server.removeRequestHandler('initialize');
  server.fallbackRequestHandler = (request) => {
    const reply = respond(request.method, request.params);
    // The SDK sends a rejection's code, message and data as the JSON-RPC error object.
    if ('error' in reply) return Promise.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code, data: reply.error.data }));
    // A recorded result goes out exactly as the server sent it: the SDK types it, it does not check it.
    return Promise.resolve(reply.result as ServerResult);
  };
  return server;
}

/** Serves over stdin/stdout until stdin ends (the client closed it), then closes. */
export async function serveStdio(respond: Respond): Promise<void> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const server = mockServer(respond);
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await server.connect(new StdioServerTransport());
  await ended;
  await server.close();
}

export interface HttpMock {
  url: string;
  close(): Promise<void>;
}

/** Streamable HTTP on 127.0.0.1:`port` (0: a free one), endpoint /mcp, one SDK server per session. */
export async function serveHttp(respond: Respond, port: number, maxSessions = MAX_HTTP_SESSIONS): Promise<HttpMock> {
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const live = new Set<Server>();

  async function open(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (live.size >= maxSessions) return reject(res, 503, -32000, `Service unavailable: ${maxSessions} sessions open; delete one first`);
    const server = mockServer(respond);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void sessions.set(id, transport) });
    // Set before connect(): the SDK chains it in front of its own, so a DELETE frees the session here too.
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      live.delete(server);
    };
    live.add(server);
    await server.connect(transport);
    await transport.handleRequest(req, res);
    // Not an initialize request: the transport answered 400, and there is no session to keep.
    if (transport.sessionId === undefined) await server.close();
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return reject(res, 404, -32000, 'Not found: the MCP endpoint is /mcp');
    // basic/transports (2025-06-18 on): servers "MUST validate the Origin header"; a page elsewhere reaching a
    // loopback port is DNS rebinding.
    if (!localOrigin(req.headers.origin)) return reject(res, 403, -32000, 'Forbidden: invalid Origin header');
    const id = req.headers['mcp-session-id'];
    if (Array.isArray(id)) return reject(res, 400, -32000, 'Bad Request: more than one Mcp-Session-Id header');
    if (id === undefined) return req.method === 'POST' ? open(req, res) : reject(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    const transport = sessions.get(id);
    if (transport === undefined) return reject(res, 404, -32001, 'Session not found');
    return transport.handleRequest(req, res);
  }

  const listener = await listenOnLoopback(port, route, (res) => reject(res, 500, -32603, 'Internal error'));
  return {
    url: listener.url,
    async close() {
      await Promise.all([...live].map((server) => server.close()));
      await listener.close();
    },
  };
}

function localOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function reject(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
