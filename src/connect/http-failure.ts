/**
 * Why an HTTP server gave no MCP answer, said the way a user can act on it (#32): the status it answered with, or
 * that nothing listens at the address. The SDK's transport reports both as an error that ends the exchange, which
 * the session otherwise words as "server closed the connection": true of neither a 404 page nor a refused connect.
 */
import { STATUS_CODES } from 'node:http';
import type { Secrets } from '../util/secrets.js';

/** What the SDK puts before the body of a refused POST (`StreamableHTTPError`, client/streamableHttp.js). */
const SDK_PREFIX = 'Streamable HTTP error: ';
const POST_PREFIX = 'Error POSTing to endpoint: ';

/** How much of the server's body the message quotes, once its markup is gone: enough to recognize the page. */
const SAID_CHARS = 160;

/** How much of the body is looked at before its markup is removed: a body may be up to 64 MiB. */
const SCAN_CHARS = 4_000;

/** What to check, by status; a status without a row gets none. */
const HINTS: Readonly<Record<number, string>> = {
  401: 'the server needs OAuth credentials: sign in with mcpact login --url (in a browser), with --oauth-client-id and --oauth-client-secret (or --oauth-refresh-token), oauth: in a config (docs/auth.md), or give a token with --header "Authorization: Bearer …"',
  403: 'does it need other credentials? give them with --header (headers: in a config)',
  404: 'is the path right? MCP endpoints are often /mcp',
  405: 'this URL does not take POST: is it the MCP endpoint? (often /mcp)',
};

/**
 * The one-line reason for an HTTP exchange that ended without an answer, or undefined when the error is neither an
 * HTTP status nor a refused connection (the caller then keeps its own words). Server text in it is redacted, cut and
 * stripped of markup here; the terminal sanitizer still applies where it is printed.
 */
export function httpFailure(error: Error | undefined, url: string, secrets: Secrets): string | undefined {
  if (error === undefined) return undefined;
  const where = endpoint(url);
  const status = statusOf(error);
  if (status !== undefined) {
    const hint = HINTS[status] ?? (status >= 500 ? 'the server failed: its own log says why' : undefined);
    const said = bodyOf(error.message, secrets);
    return `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''} at ${where}${hint ? `: ${hint}` : ''}${said ? ` (the server said: ${said})` : ''}`;
  }
  const code = networkCode(error);
  if (code === 'ECONNREFUSED') return `nothing is listening at ${address(url)} (connection refused): is the server running, and on that port?`;
  if (code === 'bad port')
    return `fetch does not connect to port ${address(url).split(':').pop()} (one of the ports the Fetch standard blocks): use another port`;
  return undefined;
}

/**
 * The status of an error the SDK's transport threw for an HTTP answer that is no MCP answer: it keeps the status as
 * `code`. Matched by shape, not by class, so that a stdio run does not load the SDK's HTTP client. A redirect it did
 * not follow is left to the SDK's own words, which say where it pointed.
 */
export function statusOf(error: Error): number | undefined {
  const { code } = error as Error & { code?: unknown };
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 400 || code > 599) return undefined;
  return error.message.startsWith(SDK_PREFIX) ? code : undefined;
}

/** The text of the body the SDK quoted, without markup, redacted before it is cut. */
function bodyOf(message: string, secrets: Secrets): string {
  const start = message.indexOf(POST_PREFIX);
  if (start === -1) return '';
  const body = message.slice(start + POST_PREFIX.length);
  // Redacted and cut before anything else reads it: a secret the cut goes through is redacted at the cut.
  const scanned = secrets.head(body, SCAN_CHARS);
  const text = scanned
    .replace(/<[^<>]*>/g, ' ')
    .replace(/<[^<>]*$/, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // head again for the last cut: it keeps a [redacted] marker whole.
  const said = secrets.head(text, SAID_CHARS);
  return said.length < text.length || scanned.length < body.length ? `${said.trimEnd()}…` : said;
}

/** The code of the network failure under fetch's "fetch failed" (or fetch's own "bad port"), a few causes deep. */
function networkCode(error: Error): string | undefined {
  let value: unknown = error;
  for (let depth = 0; depth < 5 && value instanceof Error; depth++) {
    const { code } = value as Error & { code?: unknown };
    if (code === 'ECONNREFUSED' || value.message === 'bad port') return typeof code === 'string' ? code : value.message;
    // Several addresses tried (localhost: ::1, then 127.0.0.1): refused only if every one refused.
    if (value instanceof AggregateError && value.errors.length > 0) {
      const codes = new Set(value.errors.map((inner: unknown) => (inner instanceof Error ? networkCode(inner) : undefined)));
      return codes.size === 1 && codes.has('ECONNREFUSED') ? 'ECONNREFUSED' : undefined;
    }
    value = (value as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The URL the user gave, without its query (which may carry a token) or credentials. */
export function endpoint(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(an invalid URL)';
  }
}

/** host:port as the user gave it, with the scheme's default port made explicit. */
function address(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return '(an invalid URL)';
  }
}
