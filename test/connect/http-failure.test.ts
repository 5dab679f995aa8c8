/** The wording of an HTTP exchange that ended without an MCP answer (#32), for the errors the CLI tests cannot easily make. */
import { describe, expect, it } from 'vitest';
import { httpFailure } from '../../src/connect/http-failure.js';
import { NO_SECRETS, secretsOf } from '../../src/util/secrets.js';

/** What the SDK's transport throws for a refused POST: its StreamableHTTPError keeps the status as `code`. */
function sdkError(status: number, body: string): Error {
  return Object.assign(new Error(`Streamable HTTP error: Error POSTing to endpoint: ${body}`), { code: status });
}

const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}:3000`), { code: 'ECONNREFUSED', address, port: 3000 });

describe('httpFailure', () => {
  it('names a 5xx as the server failing, and a status without a hint plainly; the query of the URL is left out', () => {
    expect(httpFailure(sdkError(503, 'busy'), 'http://h.example/mcp?token=abc', NO_SECRETS)).toBe(
      'HTTP 503 Service Unavailable at http://h.example/mcp: the server failed: its own log says why (the server said: busy)',
    );
    expect(httpFailure(sdkError(418, ''), 'http://h.example/mcp', NO_SECRETS)).toBe("HTTP 418 I'm a Teapot at http://h.example/mcp");
  });

  it('redacts a secret in the body before cutting it, even past the first 4,000 characters of markup', () => {
    const secret = 'Zq7vK2mX9pL4wR8tN3bY6cH1dF5gJ0sA';
    const body = `${'<i></i>'.repeat(571)}${secret} rejected`;
    const said = httpFailure(sdkError(401, body), 'http://h.example/mcp', secretsOf([secret]))!;
    expect(said).toMatch(/\(the server said: \[redacted\]…\)$/);
    expect(said).not.toContain(secret.slice(0, 8));
  });

  it('calls a connect refused on every address (localhost: ::1 and 127.0.0.1) nothing listening, with the port the scheme implies', () => {
    const both = new TypeError('fetch failed', { cause: new AggregateError([refused('::1'), refused('127.0.0.1')]) });
    expect(httpFailure(both, 'https://localhost/mcp', NO_SECRETS)).toBe(
      'nothing is listening at localhost:443 (connection refused): is the server running, and on that port?',
    );
    const mixed = new TypeError('fetch failed', { cause: new AggregateError([refused('::1'), Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })]) });
    expect(httpFailure(mixed, 'https://localhost/mcp', NO_SECRETS)).toBeUndefined();
  });

  it('leaves other errors, and a redirect it did not follow, to the words of whoever threw them', () => {
    expect(
      httpFailure(
        new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' }) }),
        'http://x/mcp',
        NO_SECRETS,
      ),
    ).toBeUndefined();
    expect(httpFailure(sdkError(302, 'redirected to https://elsewhere/'), 'http://x/mcp', NO_SECRETS)).toBeUndefined();
    expect(httpFailure(Object.assign(new Error('HTTP 404'), { code: 404 }), 'http://x/mcp', NO_SECRETS)).toBeUndefined();
    expect(httpFailure(undefined, 'http://x/mcp', NO_SECRETS)).toBeUndefined();
  });
});
