/**
 * An HTTP proxy on 127.0.0.1 that forwards to `upstream` as it is, except that it closes a kept-alive connection
 * under a request sent on it again, without an answer: each request that `drops` picks (given its method and body,
 * "POST {...}"), once (so the client's resend, the same request, goes through). That is what a client sees when a server closes an idle
 * connection (uvicorn after 5 s) just as the client reuses it: on a loaded machine, a race; here, every time, so
 * that a test can rely on it.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface DroppingProxy {
  url: string;
  /** Requests dropped so far. */
  readonly dropped: number;
  /** Connections the client opened. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startDroppingProxy(upstream: string, drops: (body: string) => boolean): Promise<DroppingProxy> {
  const target = new URL(upstream);
  const served = new WeakMap<Socket, number>();
  const droppedBodies = new Set<string>();
  let dropped = 0;
  let connections = 0;
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const out = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        // An SSE stream may send nothing for a while: its headers are the answer the client waits for.
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    res.on('close', () => out.destroy());
    out.end(body);
  };
  const server = createServer((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = `${req.method} ${body.toString('utf8')}`;
      if (count > 1 && !droppedBodies.has(text) && drops(text)) {
        droppedBodies.add(text);
        dropped++;
        req.socket.destroy();
        return;
      }
      forward(req, res, body);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    get dropped() {
      return dropped;
    },
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
