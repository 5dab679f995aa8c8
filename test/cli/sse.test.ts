/**
 * The legacy HTTP+SSE transport (2024-11-05) from the command line (#35): `transport: sse` in a config, `--transport
 * http|sse` with `--url`, and a plain `--url` that tries Streamable HTTP first and falls back as the specification's
 * backwards-compatibility section says, saying which transport it used. Against the SDK 1.x's own SSE server.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../fixtures/servers/http-host.js';
import { startSseServer } from '../../fixtures/servers/sse-host.js';
import { startHostileHttp, type HostileHttpServer } from '../../fixtures/hostile/http.js';
import { startHostileSse, type HostileSseServer } from '../../fixtures/hostile/sse.js';

interface JsonReport {
  servers: { name: string; transport: string; complete: boolean; error?: string; findings: unknown[] }[];
}

let sse: HttpHost;
let streamable: HttpHost;
beforeAll(async () => {
  [sse, streamable] = await Promise.all([startSseServer(createGoodServer), startHttpServer(createGoodServer)]);
});
afterAll(() => Promise.all([sse.close(), streamable.close()]));

describe('transport: sse and --transport sse', () => {
  it('a config server with transport: sse runs every family that applies: zero findings, exit 0', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-sse-'));
    writeFileSync(path.join(dir, 'mcpact.yaml'), `server:\n  name: legacy\n  transport: sse\n  url: ${sse.url}\n  headers:\n    X-Team: core\n`);
    const result = await runCli(['run', '-r', 'json', '-q'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [server] = (JSON.parse(result.stdout) as JsonReport).servers;
    expect(server).toMatchObject({ name: 'legacy', transport: 'sse', complete: true, findings: [] });
  });

  it('--transport sse --url speaks HTTP+SSE at once, and says so', async () => {
    const result = await runCli(['run', '--transport', 'sse', '--url', sse.url, '--only', 'protocol']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^server "good" \(sse\)$/m);
  });

  it('--transport http does not fall back, and says what the server may be', async () => {
    const result = await runCli(['run', '--transport', 'http', '--url', sse.url, '--only', 'protocol']);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(`✖ not fully tested: HTTP 405 Method Not Allowed at ${sse.url}: this URL does not take POST`);
    expect(result.stdout).toContain('    a server of the legacy HTTP+SSE transport (2024-11-05) needs --transport sse (transport: sse in a config)\n');
  });

  it('--transport without --url is a usage error; an unknown transport too', async () => {
    const alone = await runCli(['run', '--transport', 'sse', '--', 'node', 'server.js']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('mcpact: --transport only applies with --url (in a config, each server names its own: transport: sse)\n');
    const unknown = await runCli(['run', '--transport', 'websocket', '--url', sse.url]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("option '--transport <transport>' argument 'websocket' is invalid. Allowed choices are http, sse.");
  });
});

describe('a plain --url', () => {
  it('falls back to HTTP+SSE on an SSE-only server, and says which transport it used (console and JSON)', async () => {
    const console = await runCli(['run', '--url', sse.url]);
    expect(console.code).toBe(0);
    expect(console.stdout).toMatch(/^server "good" \(sse\)$/m);
    expect(console.stdout).toContain('PASSED 1 server');
    const json = await runCli(['run', '--url', sse.url, '-r', 'json', '-q', '--only', 'protocol']);
    expect((JSON.parse(json.stdout) as JsonReport).servers[0]).toMatchObject({ transport: 'sse', complete: true, findings: [] });
  });

  it('keeps a Streamable HTTP server on Streamable HTTP', async () => {
    const json = await runCli(['run', '--url', streamable.url, '-r', 'json', '-q', '--only', 'protocol,http']);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as JsonReport).servers[0]).toMatchObject({ transport: 'http', complete: true, findings: [] });
  });

  it('diff: an HTTP+SSE server against its Streamable HTTP twin is no change; --transport goes to both URLs', async () => {
    const byFallback = await runCli(['diff', '-q', '-r', 'json', '--against-url', sse.url, '--url', streamable.url]);
    expect(byFallback).toMatchObject({ code: 0, stderr: '' });
    const strict = await runCli(['diff', '-q', '--transport', 'sse', '--against-url', sse.url, '--url', streamable.url]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain(`GET ${streamable.url} answered`);
    const noUrl = await runCli(['diff', '--transport', 'sse', '--against', 'node old.js', '--', 'node', 'new.js']);
    expect(noUrl).toMatchObject({ code: 2, stderr: 'mcpact: --transport only applies with --url or --against-url\n' });
  });

  it('init --url writes the transport the server speaks', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-sse-'));
    const legacy = await runCli(['init', '--url', sse.url, '-o', 'legacy.yaml'], { cwd: dir });
    expect(legacy.code).toBe(0);
    expect(readFileSync(path.join(dir, 'legacy.yaml'), 'utf8')).toContain(`  transport: sse\n  url: ${sse.url}\n`);
    const modern = await runCli(['init', '--url', streamable.url, '-o', 'modern.yaml'], { cwd: dir });
    expect(modern.code).toBe(0);
    expect(readFileSync(path.join(dir, 'modern.yaml'), 'utf8')).toContain(`  transport: http\n  url: ${streamable.url}\n`);
  });
});

describe('servers that are not what they claim', () => {
  const started: (HostileHttpServer | HostileSseServer)[] = [];
  afterAll(() => Promise.all(started.map((server) => server.close())));

  it('an endpoint event naming another origin: one line, exit 2, nothing sent there', async () => {
    const elsewhere = await startHostileHttp('collector');
    const server = await startHostileSse('foreign-endpoint', { elsewhere: `http://localhost:${elsewhere.port}/messages` });
    started.push(elsewhere, server);
    for (const args of [
      ['--url', server.url],
      ['--transport', 'sse', '--url', server.url],
    ]) {
      const result = await runCli(['run', ...args, '--header', 'Authorization: Bearer cli-sse-secret']);
      expect(result.code, args.join(' ')).toBe(2);
      const lines = result.stdout.split('\n');
      const at = lines.findIndex((line) => line.includes('not fully tested'));
      expect(lines[at]).toBe(
        `  ✖ not fully tested: the HTTP+SSE server at ${server.url} named its message endpoint on another origin (http://localhost:${elsewhere.port}): refused, mcpact sends requests and their headers only to the origin it was given`,
      );
      // One line: the summary follows it.
      expect(lines[at + 1]).toMatch(/^INCOMPLETE /);
    }
    expect(elsewhere.seen).toEqual([]);
  });

  it('a server that is neither: the Streamable HTTP refusal, then what the GET got, exit 2', async () => {
    const server = await startHostileSse('html');
    started.push(server);
    const result = await runCli(['run', '--url', server.url]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      `  ✖ not fully tested: HTTP 405 Method Not Allowed at ${server.url}: this URL does not take POST: is it the MCP endpoint? (often /mcp) (the server said: refused with 405)\n` +
        `    no HTTP+SSE stream there either (the 2024-11-05 transport's fallback): GET ${server.url} answered with text/html, not an SSE stream (text/event-stream)\n`,
    );
  });
});
