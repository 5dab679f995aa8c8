/**
 * What sign-in may fetch (#35): https, or loopback while the MCP server is on loopback; never a private or
 * link-local address; the PRM's resource the server's own.
 */
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { addressKind, isLoopbackHost } from '../../../src/connect/oauth/addresses.js';
import { guardedRequest, refusalOf } from '../../../src/connect/oauth/guarded-request.js';
import { authorizationServerUrls, endpointRefusal, isOwnResource, protectedResourceUrls } from '../../../src/connect/oauth/metadata.js';

describe('addressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00::1', 'private'],
    ['0.0.0.0', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['93.184.215.14', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => expect(addressKind(address)).toBe(kind));
  it('is undefined for a name', () => expect(addressKind('example.com')).toBeUndefined());
  it('knows localhost by name', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('api.localhost')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('example.com')).toBe(false);
  });
});

describe('refusalOf', () => {
  const url = (text: string) => new URL(text);
  it('allows https to a public host, and plain http to loopback while the server is on loopback', () => {
    expect(refusalOf(url('https://auth.example.com/token'), false)).toBeUndefined();
    expect(refusalOf(url('http://127.0.0.1:4000/token'), true)).toBeUndefined();
  });
  it('refuses plain http elsewhere, loopback for a server not on loopback, private and link-local addresses, and credentials in the URL', () => {
    expect(refusalOf(url('http://auth.example.com/token'), true)).toMatch(/plain http/);
    expect(refusalOf(url('http://127.0.0.1:4000/token'), false)).toMatch(/on loopback, and the MCP server is not/);
    expect(refusalOf(url('https://10.0.0.5/token'), false)).toMatch(/private address/);
    expect(refusalOf(url('https://[fe80::1]/token'), false)).toMatch(/link-local address/);
    expect(refusalOf(url('https://169.254.169.254/latest/meta-data'), false)).toMatch(/link-local/);
    expect(refusalOf(url('https://user:pw@auth.example.com/'), false)).toMatch(/credentials in the URL/);
    expect(refusalOf(url('file:///etc/passwd'), false)).toMatch(/not an http\(s\) URL/);
  });
  it("lets the MCP server's own origin through whatever its address (the user named it)", () => {
    const policy = { server: new URL('http://10.0.0.5:8080/mcp'), timeoutMs: 1000 };
    expect(endpointRefusal('http://10.0.0.5:8080/.well-known/oauth-protected-resource', policy)).toBeUndefined();
    expect(endpointRefusal('http://10.0.0.6/.well-known/oauth-authorization-server', policy)).toMatch(/^refused http:\/\/10\.0\.0\.6\//);
  });
});

describe('isOwnResource', () => {
  const server = new URL('https://mcp.example.com/v1/mcp');
  it.each([
    ['https://mcp.example.com/v1/mcp', true],
    ['https://MCP.example.com:443/v1/mcp/', true],
    ['https://mcp.example.com', true],
    ['https://mcp.example.com/v1', true],
    ['https://mcp.example.com/v', false],
    ['https://other.example.com/v1/mcp', false],
    ['http://mcp.example.com/v1/mcp', false],
    ['https://mcp.example.com/v1/mcp?tenant=a', false],
    ['not a url', false],
  ])('%s: %s', (resource, own) => expect(isOwnResource(resource, server)).toBe(own));
});

describe('well-known URIs, in the order the MCP text lists them', () => {
  it('protected resource: the path inserted, then the root', () => {
    expect(protectedResourceUrls(new URL('https://example.com/public/mcp'))).toEqual([
      'https://example.com/.well-known/oauth-protected-resource/public/mcp',
      'https://example.com/.well-known/oauth-protected-resource',
    ]);
    expect(protectedResourceUrls(new URL('https://example.com/'))).toEqual(['https://example.com/.well-known/oauth-protected-resource']);
  });
  it('authorization server: RFC 8414 then OpenID Connect, with path insertion and appending for an issuer with a path', () => {
    expect(authorizationServerUrls(new URL('https://auth.example.com/tenant1'))).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server/tenant1',
      'https://auth.example.com/.well-known/openid-configuration/tenant1',
      'https://auth.example.com/tenant1/.well-known/openid-configuration',
    ]);
    expect(authorizationServerUrls(new URL('https://auth.example.com'))).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server',
      'https://auth.example.com/.well-known/openid-configuration',
    ]);
  });
});

describe('guardedRequest checks the address a name resolves to, where it connects', () => {
  it('refuses a name that is not loopback by name but resolves to loopback, for a server not on loopback', async (context) => {
    // The machine's own name resolves to 127.0.x.x on most hosts (/etc/hosts); where it does not, nothing to see here.
    const name = hostname();
    const resolved = await lookup(name).catch(() => undefined);
    if (resolved === undefined || addressKind(resolved.address) !== 'loopback' || isLoopbackHost(name)) return context.skip();
    await expect(
      guardedRequest(`https://${name}:9/.well-known/oauth-authorization-server`, { method: 'GET', maxBytes: 1024, timeoutMs: 2_000, allowLoopback: false }),
    ).rejects.toThrow(new RegExp(`^refused https://${name}:9/\\.well-known/oauth-authorization-server: ${name} resolves to a loopback address \\(127\\.`));
  });
});
