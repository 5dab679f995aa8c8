/**
 * An HTTP server that gives no MCP answer is named for what it did (#32): the status it answered with and what to
 * check, or that nothing listens at the address. Never "server closed the connection", and never the HTML page it
 * sent, whole or raw: what the server said is bounded, without markup, and escaped for the terminal.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

/** An HTML error page as web frameworks send it, with a colour sequence, a CI command and a long tail. */
const PAGE = `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Error</title></head>\n<body><pre>Cannot POST /mpc \u001b[31mred\u001b[0m</pre>\n::error::injected\n${'<p>padding</p>'.repeat(2_000)}</body></html>\n`;

describe('an HTTP server that answers 404 with an HTML page', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createHttpServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    url = `http://127.0.0.1:${port}/mpc`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('says the status, where, and to check the path: exit 2', async () => {
    const result = await runCli(['run', '--url', url]);
    expect(result.code).toBe(2);
    const line = result.stdout.split('\n').find((text) => text.includes('not fully tested'));
    expect(line).toContain(
      `✖ not fully tested: HTTP 404 Not Found at ${url}: is the path right? MCP endpoints are often /mcp (the server said: Error Cannot POST /mpc`,
    );
    expect(result.stdout).not.toContain('closed the connection');
  });

  it("quotes the page's text only: no markup, at most 160 characters, control sequences escaped", async () => {
    const result = await runCli(['run', '-r', 'json', '--url', url]);
    const [error = '', ...details] = (JSON.parse(result.stdout) as { servers: { error: string }[] }).servers[0]!.error.split('\n');
    // Then what the fallback to HTTP+SSE found there: a plain --url may name a server of that transport.
    expect(details).toEqual([
      `no HTTP+SSE stream there either (the 2024-11-05 transport's fallback): GET ${url} answered HTTP 404 Not Found, not an SSE stream`,
    ]);
    const said = /\(the server said: (.*)\)$/.exec(error)?.[1] ?? '';
    expect(said.startsWith('Error Cannot POST /mpc \u001b[31mred\u001b[0m ::error::injected padding padding')).toBe(true);
    expect(said.length).toBeLessThanOrEqual(161);
    expect(said.endsWith('…')).toBe(true);
    expect(error).not.toMatch(/<|>/);
    // On the terminal the colour sequence is shown, not acted on, and the CI command starts no line.
    const console = await runCli(['run', '--url', url]);
    expect(console.stdout).not.toContain('\u001b');
    expect(console.stdout).toContain('\\x1b[31mred');
    expect(console.stdout).not.toMatch(/^::error/m);
  });

  it('a run that starts with initialize (--protocol-era legacy) says the same', async () => {
    const result = await runCli(['run', '--protocol-era', 'legacy', '--url', url]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(`HTTP 404 Not Found at ${url}: is the path right?`);
  });
});

describe('a port nothing listens on', () => {
  it('says so, with host and port, instead of "closed the connection": exit 2', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createTcpServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    for (const era of ['auto', 'legacy', 'modern']) {
      const result = await runCli(['run', '--protocol-era', era, '--url', `http://127.0.0.1:${port}/mcp`]);
      expect(result.code, era).toBe(2);
      expect(result.stdout, era).toContain(
        `✖ not fully tested: nothing is listening at 127.0.0.1:${port} (connection refused): is the server running, and on that port?`,
      );
      expect(result.stdout, era).not.toContain('closed the connection');
    }
  });
});
