/**
 * The one way sign-in reaches a URL it did not get from the user: metadata documents and the token endpoint (#35).
 * Each request is checked before it is sent and where it connects:
 * - https only, except to a loopback host while the MCP server is on loopback too (local development, tests);
 * - never to a private or link-local address, checked on the addresses the name resolves to, at connect time, so
 *   that a name resolving to one address when checked and another when connected cannot slip through;
 * - bounded in bytes and in time; a redirect is returned, never followed (the caller decides, connect/oauth/discovery.ts).
 * It is node:http(s), not fetch: fetch offers no hook on the address it connects to.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressKind, isLoopbackHost } from './addresses.js';
import { nameRecord } from '../../util/json.js';

export interface GuardedRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Largest body read; past it the request fails. */
  maxBytes: number;
  timeoutMs: number;
  /** Loopback hosts and plain http to them are allowed (the MCP server is on loopback itself). */
  allowLoopback: boolean;
  /** The MCP server's own origin: the user named it, so the address policy does not apply to it. */
  ownOrigin?: boolean;
  signal?: AbortSignal;
}

export interface GuardedResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with ", " (WWW-Authenticate is read with every challenge). */
  headers: Record<string, string>;
  body: string;
}

/** A URL the policy refuses, or a request that failed: the message is one line a user can act on. */
export class GuardedRequestError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
    this.name = 'GuardedRequestError';
  }
}

/** Why `url` may not be fetched at all (before any resolution), or undefined when it may. */
export function refusalOf(url: URL, allowLoopback: boolean): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${url.protocol} is not an http(s) URL`;
  if (url.username !== '' || url.password !== '') return 'it carries credentials in the URL';
  const loopback = isLoopbackHost(url.hostname);
  if (loopback && !allowLoopback) return 'it is on loopback, and the MCP server is not (mcpact follows loopback URLs only for a server on loopback)';
  if (url.protocol === 'http:' && !loopback) return 'it is plain http (OAuth endpoints must be https, except on loopback)';
  const kind = addressKind(url.hostname);
  if (kind === 'private' || kind === 'link-local') return `it is a ${kind} address`;
  return undefined;
}

export async function guardedRequest(target: string | URL, request: GuardedRequest): Promise<GuardedResponse> {
  const url = typeof target === 'string' ? new URL(target) : target;
  const refusal = request.ownOrigin === true ? undefined : refusalOf(url, request.allowLoopback);
  if (refusal !== undefined) throw new GuardedRequestError(`refused ${shown(url)}: ${refusal}`, true);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<GuardedResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: GuardedRequestError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      reject(error);
    };
    const outgoing = send(url, {
      method: request.method,
      headers: { ...request.headers, ...(request.body !== undefined && { 'content-length': String(Buffer.byteLength(request.body)) }) },
      ...(request.ownOrigin !== true && { lookup: checkedLookup(url, request.allowLoopback, (message) => fail(new GuardedRequestError(message, true))) }),
      // One connection per request: a pooled socket would skip the address check of a later request.
      agent: false,
    });
    const timer = setTimeout(() => fail(new GuardedRequestError(`no answer from ${shown(url)} within ${request.timeoutMs} ms`, false)), request.timeoutMs);
    const abort = () => fail(new GuardedRequestError(`stopped before ${shown(url)} answered`, false));
    if (request.signal?.aborted) abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    outgoing.on('socket', (socket) =>
      socket.on('connect', () => {
        if (request.ownOrigin === true) return;
        // An IP literal is connected to without a lookup: checked here on the address actually reached.
        const kind = addressKind(socket.remoteAddress ?? '');
        if (kind === 'private' || kind === 'link-local' || (kind === 'loopback' && !request.allowLoopback))
          fail(new GuardedRequestError(`refused ${shown(url)}: it connects to a ${kind} address`, true));
      }),
    );
    outgoing.on('error', (error) => fail(new GuardedRequestError(`cannot reach ${shown(url)}: ${error.message}`, false)));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
        if (bytes > request.maxBytes)
          fail(new GuardedRequestError(`the answer of ${shown(url)} is over ${Math.round(request.maxBytes / 1024)} KiB: not read further`, false));
        else chunks.push(chunk);
      });
      response.on('error', (error) => fail(new GuardedRequestError(`cannot read the answer of ${shown(url)}: ${error.message}`, false)));
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', abort);
        resolve({ status: response.statusCode ?? 0, headers: flatHeaders(response.headers), body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    outgoing.end(request.body);
  });
}

/** The URL as shown in a message: without its query and fragment, which may carry anything. */
export function shown(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat = nameRecord<string>();
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

/** dns.lookup, with every address the name resolves to checked: one refused address refuses the name. */
function checkedLookup(url: URL, allowLoopback: boolean, refuse: (message: string) => void): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((entry) => {
        const kind = addressKind(entry.address);
        return kind === 'private' || kind === 'link-local' || (kind === 'loopback' && !allowLoopback);
      });
      if (bad !== undefined) {
        const message = `refused ${shown(url)}: ${hostname} resolves to a ${addressKind(bad.address)} address (${bad.address})`;
        refuse(message);
        return callback(Object.assign(new Error(message), { code: 'EREFUSED' }), '', 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
