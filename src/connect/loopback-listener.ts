/**
 * An HTTP server that mcpact itself serves (the mocks of `mcpact mock --http`): on 127.0.0.1 only, never reachable
 * from the network, every request handed to `route`, and a route that throws answered 500 by `failed` (or the
 * response ended when its headers already went out). `close` ends open streams and idle keep-alive sockets too,
 * which would otherwise hold it open until they time out.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface LoopbackListener {
  /** The MCP endpoint, http://127.0.0.1:PORT/mcp. */
  url: string;
  close(): Promise<void>;
}

export async function listenOnLoopback(
  port: number,
  route: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  failed: (res: ServerResponse) => void,
): Promise<LoopbackListener> {
  const http = createServer((req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent) failed(res);
      else res.end();
    });
  });
  await new Promise<void>((resolve, fail) => {
    http.once('error', fail);
    http.listen(port, '127.0.0.1', () => {
      http.off('error', fail);
      resolve();
    });
  });
  const address = http.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
