/**
 * The mock of a 2026-07-28 recording on the wire: the official SDK 2.x's low-level Server behind its own serving
 * entries, serveStdio over stdin/stdout and createMcpHandler over Streamable HTTP on 127.0.0.1, both modern-only
 * (`legacy: 'reject'`: an initialize gets the UnsupportedProtocolVersion error naming 2026-07-28, as a server of
 * that revision alone answers). The envelope check, the Mcp-Method / Mcp-Name headers, version refusals, methods the
 * revision removed, subscriptions/listen and the request body bound are the SDK's; every request they let through
 * goes to the responder (mock/respond.ts), server/discover included.
 *
 * What the SDK does to a recorded result on its way out (its 2026-07-28 encode step, which no option turns off):
 * a result without `resultType` gets `"complete"`, and a list or server/discover result whose `resultType` is not
 * `"complete"` becomes -32603; a cacheable result (the lists, resources/read, server/discover) whose `ttlMs` or
 * `cacheScope` is missing or invalid gets 0 / "private"; `execution` is removed from tools/list items and `tasks`
 * from capabilities; an error recorded with -32002 goes out as -32602; a result that is not an object does not go out
 * as it was. A recording of a server that follows the revision passes through unchanged; one of these defects is
 * served corrected (docs/record-mock.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-listener.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ProtocolError,
  Server,
  createMcpHandler,
  localhostAllowedOrigins,
  originValidationResponse,
  type Implementation,
  type Transport,
} from '@modelcontextprotocol/server';
import type { HttpMock, Respond } from './mock-server.js';

/** Who the recorded server said it was, and what it declared (its server/discover result). */
export interface RecordedIdentity {
  /** `_meta["io.modelcontextprotocol/serverInfo"]` of the recorded server/discover result; absent when it sent none. */
  serverInfo: Record<string, unknown> | undefined;
  capabilities: Record<string, unknown>;
}

/** The SDK's low-level Server answering every request through the responder. */
class RecordedServer extends Server {
  constructor(
    private readonly identity: RecordedIdentity,
    respond: Respond,
  ) {
    // The SDK's own name for the instance never reaches the wire: _outboundServerInfo, below, says who answers.
    // The capabilities as recorded: the SDK keeps them as given (subscriptions/listen acknowledges by them).
    super({ name: 'mcpact-mock', version: '1' }, { capabilities: identity.capabilities });
    this.fallbackRequestHandler = (request) => {
      const reply = respond(request.method, request.params);
      if ('error' in reply) return Promise.reject(new ProtocolError(reply.error.code, reply.error.message, reply.error.data));
      // A recorded result goes out as the server sent it (through the encode step above); the SDK does not check
      // the results of a fallback handler against the method's schema.
      return Promise.resolve(reply.result as Record<string, unknown>);
    };
  }

  /**
   * The identity the SDK stamps into each result's `_meta` that has none: the recorded one, or none when none was
   * recorded. The SDK writes it as given, so a recorded serverInfo goes out as it was, well-formed or not.
   */
  protected override _outboundServerInfo(): Implementation | undefined {
    return this.identity.serverInfo as Implementation | undefined;
  }

  /**
   * serveStdio and createMcpHandler install the SDK's own server/discover handler (built from the instance's state)
   * after the factory returns and before they connect; removed here, server/discover reaches the responder, which
   * answers with the recorded result.
   */
  override async connect(transport: Transport): Promise<void> {
    this.removeRequestHandler('server/discover');
    await super.connect(transport);
  }
}

/** Serves over stdin/stdout until stdin ends (the client closed it), then closes. */
export async function serveModernStdio(respond: Respond, identity: RecordedIdentity): Promise<void> {
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  const handle = serveStdio(() => new RecordedServer(identity, respond), { legacy: 'reject' });
  await ended;
  await handle.close();
}

/** Streamable HTTP on 127.0.0.1:`port` (0: a free one), endpoint /mcp: one POST per message, no sessions. */
export async function serveModernHttp(respond: Respond, identity: RecordedIdentity, port: number): Promise<HttpMock> {
  const handler = createMcpHandler(() => new RecordedServer(identity, respond), { legacy: 'reject' });
  const allowed = localhostAllowedOrigins();

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/mcp') return reject(res, 404, 'Not found: the MCP endpoint is /mcp');
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else for (const item of value ?? []) headers.append(name, item);
    }
    const bodied = req.method !== 'GET' && req.method !== 'HEAD';
    // The body is handed over as a stream: the SDK reads it under its own bound (413 past 4 MiB).
    const request = new Request(`http://127.0.0.1${url.pathname}${url.search}`, {
      method: req.method ?? 'GET',
      headers,
      ...(bodied && { body: ReadableStream.from(req), duplex: 'half' }),
    });
    // basic/transports: servers "MUST validate the Origin header"; the SDK's check, with the loopback hosts.
    const response = originValidationResponse(request, allowed) ?? (await handler.fetch(request));
    await write(res, response);
  }

  const listener = await listenOnLoopback(port, route, (res) => reject(res, 500, 'Internal error', -32603));
  return {
    url: listener.url,
    async close() {
      await handler.close();
      await listener.close();
    },
  };
}

/** Writes a fetch Response out as it comes (a JSON body, or an SSE stream until either side ends it). */
async function write(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  if (response.body === null) return void res.end();
  res.flushHeaders();
  const body = Readable.fromWeb(response.body);
  // A client that goes away ends the stream here too (a subscriptions/listen stream would otherwise stay open).
  res.once('close', () => body.destroy());
  await pipeline(body, res).catch(() => undefined);
}

function reject(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
