/**
 * An HTTP proxy on 127.0.0.1 in front of a real server, for what the network or a busy server does to a request
 * that a fixture cannot do on its own, every time rather than by chance: `interfere` decides, for each request
 * (its method, its body, and whether it came on a connection that carried one before), whether it is forwarded
 * as it is, dropped (the connection closed under it, no answer: what a client sees when a server closes an idle
 * connection just as the client reuses it), or held (no answer until the proxy closes: a server too busy to answer).
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Interference = 'forward' | 'drop' | 'hold';

export interface ProxiedRequest {
  method: string;
  body: string;
  /** It came on a kept-alive connection that had carried a request before. */
  reused: boolean;
}

export interface InterferingProxy {
  /** The upstream URL's path on the proxy's port. */
  url: string;
  /** Requests dropped and held so far. */
  readonly dropped: number;
  readonly held: number;
  close(): Promise<void>;
}

export async function startInterferingProxy(upstream: string, interfere: (request: ProxiedRequest) => Interference): Promise<InterferingProxy> {
  const target = new URL(upstream);
  const served = new WeakMap<Socket, number>();
  let dropped = 0;
  let held = 0;
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
      const decision = interfere({ method: req.method ?? 'GET', body: body.toString('utf8'), reused: count > 1 });
      if (decision === 'drop') {
        dropped++;
        req.socket.destroy();
      } else if (decision === 'hold') held++;
      else forward(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    get dropped() {
      return dropped;
    },
    get held() {
      return held;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Drops every request that comes on a reused connection, the first time it comes: the client's resend of it, the
 * same method and body, goes through.
 */
export function dropOnceWhenReused(): (request: ProxiedRequest) => Interference {
  const dropped = new Set<string>();
  return ({ method, body, reused }) => {
    const key = `${method} ${body}`;
    if (!reused || dropped.has(key)) return 'forward';
    dropped.add(key);
    return 'drop';
  };
}
