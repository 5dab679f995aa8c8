/**
 * Dynamic client registration for `mcpact login` (#35): what mcpact asks to be registered as (a public native
 * client with the one loopback redirect URI), and a refusal or an answer without a client id as one line.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { registerClient, RegistrationError } from '../../../src/connect/oauth/registration.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A registration endpoint on 127.0.0.1 that answers as told and keeps what it was sent. */
async function endpoint(answer: (res: ServerResponse) => void): Promise<{ url: string; bodies: unknown[] }> {
  const bodies: unknown[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${address.port}/reg`, bodies };
}

const request = (url: string) => ({ endpoint: url, redirectUri: 'http://127.0.0.1:4567/callback', scope: 'mcp:read', timeoutMs: 2_000, allowLoopback: true });

describe('registerClient', () => {
  it('asks for a public native client with the exact loopback redirect URI, and reads its client id', async () => {
    const reg = await endpoint((res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"client_id":"dyn-1"}'));
    expect(await registerClient(request(reg.url))).toEqual({ clientId: 'dyn-1' });
    expect(reg.bodies).toEqual([
      {
        client_name: 'mcpact',
        application_type: 'native',
        redirect_uris: ['http://127.0.0.1:4567/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope: 'mcp:read',
      },
    ]);
  });

  it('a refusal names the endpoint, the status and what it said; an answer without client_id is one line too', async () => {
    const refused = await endpoint((res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_redirect_uri","error_description":"loopback\\nnot allowed"}'),
    );
    await expect(registerClient(request(refused.url))).rejects.toThrow(
      `the registration endpoint ${refused.url} refused to register mcpact with HTTP 400: invalid_redirect_uri (loopback not allowed)`,
    );
    await close?.();
    const empty = await endpoint((res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"client_secret":"s"}'));
    await expect(registerClient(request(empty.url))).rejects.toThrow(RegistrationError);
    await expect(registerClient(request(empty.url))).rejects.toThrow(/answered without a client_id/);
  });

  it('is refused on loopback when the MCP server is not there (the address policy of every OAuth request)', async () => {
    const reg = await endpoint((res) => res.writeHead(201).end('{"client_id":"x"}'));
    await expect(registerClient({ ...request(reg.url), allowLoopback: false })).rejects.toThrow(/registration endpoint: refused .* on loopback/);
    expect(reg.bodies).toEqual([]);
  });
});
