/**
 * `x-mcp-header` (2026-07-28, server/tools#x-mcp-header and streamable-http#custom-headers-from-tool-parameters): a
 * tool may name parameters whose values a client mirrors into `Mcp-Param-{name}` headers of its `tools/call`, so
 * intermediaries can route on them. Clients MUST support it, and a server checks the headers against the body, so
 * a client that leaves them out has its calls refused (400, -32020). This module reads the declarations of one
 * tool (and says why they are invalid, when they are) and builds the headers of one call.
 *
 * The schema is the server's: the walk is bounded in depth and in nodes, and never follows `$ref`.
 */
import { headerValue } from './header-value.js';
import { nameRecord } from '../util/json.js';

/** One declared header: its name part, where its value sits in the arguments, and the type it is declared with. */
export interface ParamHeader {
  name: string;
  path: readonly string[];
  type: 'string' | 'integer' | 'boolean';
}

export type ParamHeaders = { kind: 'none' } | { kind: 'valid'; headers: readonly ParamHeader[] } | { kind: 'invalid'; problems: readonly string[] };

/** RFC 9110 `token` (1*tchar): also excludes empty names, spaces and control characters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const KEY = 'x-mcp-header';
/** Schema keywords under which a property is not statically reachable (an annotation below them is invalid). */
const UNREACHABLE = [
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentSchemas',
  'dependencies',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
];
/** Keywords whose values are instances, not schemas: a key named x-mcp-header in them is data. */
const DATA = new Set(['const', 'enum', 'default', 'examples']);
/** Bounds of the walk: a hostile schema costs at most this much, and what lies beyond is not judged. */
const MAX_DEPTH = 32;
const MAX_NODES = 5_000;
const MAX_PROBLEMS = 10;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `x-mcp-header` declarations of an inputSchema, or what makes them invalid. */
export function paramHeadersOf(inputSchema: unknown): ParamHeaders {
  const headers: ParamHeader[] = [];
  const byLowerName = new Map<string, ParamHeader>();
  const problems: string[] = [];
  let nodes = 0;
  const problem = (text: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(text);
  };
  const where = (path: readonly string[]) => (path.length === 0 ? 'the schema root' : `property ${path.join('.')}`);

  // Properties reached by `properties` keys only: their annotations count.
  const reachable = (schema: Record<string, unknown>, path: string[]) => {
    if (++nodes > MAX_NODES || path.length > MAX_DEPTH) return;
    if (Object.hasOwn(schema, KEY)) declare(schema, path);
    for (const keyword of UNREACHABLE) {
      if (Object.hasOwn(schema, keyword)) stray(schema[keyword], [...path, keyword], 0);
    }
    if (isRecord(schema.properties)) {
      for (const [name, child] of Object.entries(schema.properties)) {
        if (nodes > MAX_NODES) return;
        if (isRecord(child)) reachable(child, [...path, name]);
      }
    }
  };
  // Anything below a keyword that breaks the chain: an annotation there makes the definition invalid.
  const stray = (value: unknown, path: string[], depth: number) => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length && nodes <= MAX_NODES; index += 1) stray(value[index], [...path, String(index)], depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    if (Object.hasOwn(value, KEY))
      problem(`x-mcp-header at ${path.join('.')} is not statically reachable from the schema root (only a chain of properties keys is)`);
    for (const [key, child] of Object.entries(value)) {
      if (nodes > MAX_NODES) return;
      if (key !== KEY && !DATA.has(key) && typeof child === 'object' && child !== null) stray(child, [...path, key], depth + 1);
    }
  };
  const declare = (schema: Record<string, unknown>, path: string[]) => {
    const name = schema[KEY];
    if (path.length === 0) return problem('x-mcp-header on the schema root, which is no parameter');
    if (typeof name !== 'string' || !TOKEN.test(name)) {
      return problem(`x-mcp-header of ${where(path)} is ${describe(name)}, not an HTTP field-name token (1*tchar)`);
    }
    if ('$ref' in schema) return problem(`x-mcp-header of ${where(path)} sits beside $ref, which is not statically reachable`);
    const type = schema.type;
    if (type !== 'string' && type !== 'integer' && type !== 'boolean') {
      return problem(`x-mcp-header ${name} is on ${where(path)} of type ${describe(type)}; only integer, string and boolean parameters may carry it`);
    }
    const clash = byLowerName.get(name.toLowerCase());
    if (clash) return problem(`x-mcp-header ${name} of ${where(path)} repeats ${clash.name} of property ${clash.path.join('.')} (names are case-insensitive)`);
    const header = { name, path, type } as const;
    headers.push(header);
    byLowerName.set(name.toLowerCase(), header);
  };

  if (isRecord(inputSchema)) reachable(inputSchema, []);
  if (problems.length > 0) return { kind: 'invalid', problems };
  return headers.length === 0 ? { kind: 'none' } : { kind: 'valid', headers };
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'string') return value === '' ? 'empty' : JSON.stringify(value.slice(0, 40));
  return JSON.stringify(value)?.slice(0, 40) ?? typeof value;
}

/**
 * The `Mcp-Param-*` headers of one call: each declared parameter with a value at its path, converted as the
 * transport says (a string as is, an integer in decimal, a boolean in lower case) and encoded like `Mcp-Name`.
 * A value of another type than declared is left out: the server judges such arguments, not its headers.
 */
export function paramHeaderValues(headers: readonly ParamHeader[], args: unknown): Record<string, string> {
  const out = nameRecord<string>();
  for (const header of headers) {
    let value: unknown = args;
    // The path is property names the server chose: only the arguments' own keys (`constructor` is none).
    for (const key of header.path) value = isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'boolean'
          ? String(value)
          : typeof value === 'number' && Number.isSafeInteger(value)
            ? String(value)
            : undefined;
    if (text !== undefined) out[`Mcp-Param-${header.name}`] = headerValue(text);
  }
  return out;
}
