import { defineRule } from '../../engine/rule.js';
import { MODERN_REVISION, since, type RuleSpec } from '../../model/spec.js';
import { envelopeMeta, MODERN_ERRORS } from '../../connect/envelope.js';
import { headersFor } from '../../connect/modern-http.js';
import type { HttpExchange } from '../../connect/transport-probe.js';
import { isObject } from '../protocol/modern.js';
import { exchangeData, notHttp } from './shared.js';
import { callPolicy } from '../../exercise/call-policy.js';
import { paramHeadersOf, type ParamHeader } from '../../connect/param-headers.js';
import type { Surface } from '../../surface/types.js';
import type { ServerSettings } from '../../config/schema.js';
import { items } from '../../surface/items.js';

const ORIGIN_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'MUST',
    binds: 'server',
    section: 'basic/transports/streamable-http#security-endpoint',
    quote: 'If the `Origin` header is present and invalid, servers MUST respond with HTTP 403 Forbidden.',
  }),
};

/** A page no local server serves, as a DNS-rebinding page would send it. */
const FOREIGN_ORIGIN = 'https://mcpact-foreign-origin.example';

const DECODE_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'MUST',
    binds: 'server',
    section: 'basic/transports/streamable-http#value-encoding',
    quote:
      'In particular, servers MUST decode an encoded `Mcp-Name` or `Mcp-Param-{Name}` value before comparing it to the corresponding request body value during Server Validation.',
  }),
};

interface Case {
  name: string;
  method: string;
  params: Record<string, unknown>;
  headers: Record<string, string | null>;
  /** Only a header that matches the body once decoded: it must not be refused as a mismatch. */
  matches?: true;
}

/** Requests whose headers disagree with their body, or lack a required one: each must get 400 and -32020. */
const METHOD_CASES: Case[] = [
  { name: 'Mcp-Method naming another method than the body', method: 'server/discover', params: {}, headers: { 'mcp-method': 'tools/list' } },
  { name: 'no Mcp-Method header', method: 'server/discover', params: {}, headers: { 'mcp-method': null } },
];

/**
 * A name no server serves, in the body: a server that does not check Mcp-Name then answers "unknown tool" (or
 * prompt, or resource) and runs nothing. The header names another such name.
 */
const BODY_NAME = 'mcpact-header-check';
const HEADER_NAME = 'mcpact-other-name';

/** The first method the server declares whose body Mcp-Name mirrors (params.name, or params.uri for resources/read). */
function namedRequest(capabilities: Record<string, unknown>): Pick<Case, 'method' | 'params'> | undefined {
  if (capabilities.tools !== undefined) return { method: 'tools/call', params: { name: BODY_NAME, arguments: {} } };
  if (capabilities.prompts !== undefined) return { method: 'prompts/get', params: { name: BODY_NAME } };
  if (capabilities.resources !== undefined) return { method: 'resources/read', params: { uri: `mcpact://${BODY_NAME}` } };
  return undefined;
}

/** A name outside the header-safe characters (non-ASCII), which a client must send Base64-encoded. */
const ENCODED_SUFFIX = '-\u00e9';

function base64Header(value: string): string {
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function nameCases(capabilities: Record<string, unknown>): Case[] {
  const request = namedRequest(capabilities);
  if (request === undefined) return [];
  const source = request.method === 'resources/read' ? 'params.uri' : 'params.name';
  const key = request.method === 'resources/read' ? 'uri' : 'name';
  const unsafe = `${String(request.params[key])}${ENCODED_SUFFIX}`;
  const encoded = { ...request, params: { ...request.params, [key]: unsafe } };
  return [
    { name: `Mcp-Name naming another ${source} than the body`, ...request, headers: { 'mcp-name': HEADER_NAME } },
    { name: 'no Mcp-Name header', ...request, headers: { 'mcp-name': null } },
    { name: `a Base64-encoded Mcp-Name naming another ${source} than the body`, ...encoded, headers: { 'mcp-name': base64Header(HEADER_NAME) } },
    { name: `a Base64-encoded Mcp-Name matching the body's non-ASCII ${source}`, ...encoded, headers: { 'mcp-name': base64Header(unsafe) }, matches: true },
  ];
}

/** A value of the declared type for a parameter mirrored into a header, and another one (for the mismatch). */
const PARAM_VALUES = { string: ['mcpact-header-check', 'mcpact-other-value'], integer: [1, 2], boolean: [true, false] } as const;

/**
 * The first tool mcpact may run with valid input (exercise/call-policy.ts) that mirrors a parameter into a header,
 * sent with that parameter alone in its arguments: once without the Mcp-Param header, once with another value in
 * it. A server that checks the headers refuses both before the tool runs; one that does not runs a read-only tool.
 */
function paramCases(surface: Surface, settings: ServerSettings): Case[] {
  const callable = new Set(
    callPolicy(surface, settings.calls)
      .tools.filter((tool) => tool.valid.allowed)
      .map((tool) => tool.name),
  );
  for (const item of items(surface, 'tools')) {
    const name = item.record?.name;
    if (typeof name !== 'string' || !callable.has(name)) continue;
    const declared = paramHeadersOf(item.record?.inputSchema);
    if (declared.kind !== 'valid') continue;
    const header = declared.headers[0]!;
    const [value, other] = PARAM_VALUES[header.type];
    const params = { name, arguments: nested(header, value) };
    const field = `Mcp-Param-${header.name}`.toLowerCase();
    return [
      {
        name: `${header.path.join('.')} in the arguments of ${name} and no Mcp-Param-${header.name} header`,
        method: 'tools/call',
        params,
        headers: { [field]: null },
      },
      {
        name: `Mcp-Param-${header.name} disagreeing with ${header.path.join('.')} in the arguments of ${name}`,
        method: 'tools/call',
        params,
        headers: { [field]: String(other) },
      },
    ];
  }
  return [];
}

function nested(header: ParamHeader, value: unknown): Record<string, unknown> {
  return header.path.reduceRight<Record<string, unknown>>((inner, key, index) => (index === header.path.length - 1 ? { [key]: value } : { [key]: inner }), {});
}

export const headerValidation = defineRule({
  id: 'http/header-validation',
  family: 'http',
  description:
    'Over Streamable HTTP (2026-07-28), a request whose Mcp-Method, Mcp-Name or Mcp-Param header is missing or disagrees with the body gets 400 and HeaderMismatch (-32020); a foreign Origin gets 403.',
  defaultSeverity: 'error',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/transports/streamable-http#server-validation',
      quote:
        'When rejecting a request due to header validation failure, servers MUST return HTTP status `400 Bad Request` and MUST include a JSON-RPC error response using the following error code:',
      note: 'The code is -32020 (HeaderMismatch); a missing required standard header is one of the validation failures.',
    }),
  },
  alsoQuotes: { 'base64 decoding': DECODE_SPEC, origin: ORIGIN_SPEC },
  docs:
    'In 2026-07-28 the HTTP headers mirror the body (`Mcp-Method` the method, `Mcp-Name` the tool, prompt or ' +
    'resource), so intermediaries can route on them; a server must refuse a request whose headers are missing or ' +
    'disagree with its body, with status 400 and JSON-RPC error -32020. mcpact POSTs `server/discover` (with a ' +
    'correct envelope) once with `Mcp-Method: tools/list` and once without `Mcp-Method`; each must be refused so. ' +
    `For \`Mcp-Name\` it sends the first of \`tools/call\`, \`prompts/get\` and \`resources/read\` the server declares, ` +
    `naming \`${BODY_NAME}\` in the body (no server serves it, so nothing runs), once with \`Mcp-Name: ${HEADER_NAME}\` ` +
    'and once without `Mcp-Name`; each must be refused the same way. A name outside the header-safe characters ' +
    'travels Base64-encoded (`=?base64?…?=`), and the server must decode it before comparing: mcpact sends the ' +
    'name with a non-ASCII letter added, once with the encoding of another name (refused as above) and once with ' +
    'its own encoding, which must not be refused as a mismatch (any other answer will do, the name being unknown). ' +
    'For the first tool that mirrors a parameter into an `Mcp-Param-{Name}` header (`x-mcp-header`) and that mcpact ' +
    'may run (read-only, or allowed in `calls:`), it sends a `tools/call` with that parameter alone, once without ' +
    'the header and once with another value in it: both must be refused the same way, before the tool runs. ' +
    `It also POSTs it with \`Origin: ${FOREIGN_ORIGIN}\`, which must get 403 (DNS-rebinding protection). Over stdio ` +
    'there are no headers, and the rule is skipped.',
  async check({ transport, surface, settings, report, skip, inconclusive }) {
    if (!transport) return skip('needs a real server connection (this target is in memory)');
    if (transport.kind !== 'http') return skip(notHttp(transport));
    await transport.open(async (client) => {
      const send = (headers: Record<string, string | null>, method = 'server/discover', params: Record<string, unknown> = {}) => {
        const id = client.nextRequestId();
        const body = {
          jsonrpc: '2.0',
          id,
          method,
          params: { ...params, _meta: envelopeMeta({ protocolVersion: MODERN_REVISION, clientVersion: 'header-validation' }) },
        };
        const own = Object.fromEntries(Object.entries(headersFor(body)).map(([name, value]) => [name.toLowerCase(), value]));
        return client.send({ method: 'POST', headers: { ...own, ...headers }, body, awaitId: id });
      };
      for (const { name, method, params, headers, matches } of [...METHOD_CASES, ...nameCases(surface.capabilities), ...paramCases(surface, settings)]) {
        const answer = await send(headers, method, params);
        if (answer.kind === 'failed') {
          inconclusive(`${method} with ${name} got no answer (${answer.detail})`);
          continue;
        }
        const code = errorCode(answer);
        const refused = answer.status === 400 && code === MODERN_ERRORS.headerMismatch;
        if (matches) {
          if (refused || code === MODERN_ERRORS.headerMismatch)
            report({
              message: `${method} with ${name} was refused as a header mismatch (status ${answer.status}, -32020); a server MUST decode an encoded Mcp-Name before comparing it with the body`,
              location: { kind: 'server' },
              data: { case: name, ...exchangeData(answer), code },
              cause: 'encoded name not decoded',
              spec: DECODE_SPEC,
            });
          continue;
        }
        if (refused) continue;
        report({
          message: `${method} with ${name} got status ${answer.status}${code === undefined ? '' : ` and JSON-RPC error ${code}`}; expected 400 and HeaderMismatch (-32020)`,
          location: { kind: 'server' },
          data: { case: name, ...exchangeData(answer), code, expected: { status: 400, code: MODERN_ERRORS.headerMismatch } },
          cause: `${answer.status} ${code ?? ''}`,
        });
      }
      const foreign = await send({ origin: FOREIGN_ORIGIN });
      if (foreign.kind === 'failed') return inconclusive(`server/discover with a foreign Origin got no answer (${foreign.detail})`);
      if (foreign.status !== 403)
        report({
          message: `server/discover with Origin ${FOREIGN_ORIGIN} got status ${foreign.status}; a foreign Origin MUST get 403 Forbidden`,
          location: { kind: 'server' },
          data: { origin: FOREIGN_ORIGIN, ...exchangeData(foreign), expected: 403 },
          spec: ORIGIN_SPEC,
        });
    });
  },
});

/** The JSON-RPC error code of the first message of an HTTP answer, if it is an error. */
function errorCode(answer: Extract<HttpExchange, { kind: 'response' }>): number | undefined {
  const first = answer.messages[0];
  const code = isObject(first) && isObject(first.error) ? first.error.code : undefined;
  return typeof code === 'number' ? code : undefined;
}
