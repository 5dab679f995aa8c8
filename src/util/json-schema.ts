/**
 * Checks that a value is a usable JSON Schema in the dialect it declares (2020-12 when it declares none, as MCP
 * 2025-11-25 prescribes), by validating it against its meta-schema and compiling it with Ajv.
 * Ajv instances are created lazily, one per dialect, and schemas are never left registered.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvCore, AnySchemaObject, Options } from 'ajv';
import { ajvRegExp } from './linear-regexp.js';
import { holdsNestingCut, MAX_NESTING } from './nesting.js';

const require = createRequire(import.meta.url);
/** `require` returns `any`; these name the parts of the CommonJS modules used here. */
type AjvClass = { default: new (options: Options) => AjvCore };
type AjvFormats = { default: (ajv: AjvCore) => AjvCore };

export type Dialect = '2020-12' | '2019-09' | 'draft-07' | 'draft-06';

/** By a schema's `$schema`, which the server writes (a Map: `constructor` is no dialect). */
const DIALECT_BY_URI = new Map<string, Dialect>([
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
  ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['http://json-schema.org/draft-06/schema', 'draft-06'],
]);

export function dialectOf(schemaUri: string): Dialect | undefined {
  // Publishers write these with and without the trailing '#', and with either scheme.
  const normalized = schemaUri
    .replace(/#$/, '')
    .replace(/^http:\/\/json-schema\.org\/draft\/(2020-12|2019-09)\//, 'https://json-schema.org/draft/$1/')
    .replace(/^https:\/\/json-schema\.org\/draft-0/, 'http://json-schema.org/draft-0');
  return DIALECT_BY_URI.get(normalized);
}

const instances = new Map<Dialect, AjvCore>();

const SILENT = { log: () => undefined, warn: () => undefined, error: () => undefined };

export function ajvFor(dialect: Dialect): AjvCore {
  let ajv = instances.get(dialect);
  if (ajv) return ajv;
  // Patterns are the server's: matched in linear time (util/linear-regexp.ts). Ajv's own log lines (an unknown
  // format, quoting the server's schema) would reach the terminal unsanitized: they say nothing a rule does not.
  // Own properties only: a required `constructor` or `toString` is not there because every object inherits one.
  const options: Options = { strict: false, allErrors: true, ownProperties: true, validateFormats: true, code: { regExp: ajvRegExp }, logger: SILENT };
  if (dialect === '2020-12') ajv = new (require('ajv/dist/2020.js') as AjvClass).default(options);
  else if (dialect === '2019-09') ajv = new (require('ajv/dist/2019.js') as AjvClass).default(options);
  else {
    ajv = new (require('ajv') as AjvClass).default(options);
    if (dialect === 'draft-06') ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as AnySchemaObject);
  }
  (require('ajv-formats') as AjvFormats).default(ajv);
  instances.set(dialect, ajv);
  return ajv;
}

export type SchemaProblem = { pointer: string; message: string };

/** Keywords whose errors only compiling finds: references to resolve, and regular expressions to build. */
const COMPILE_KEYS = new Set(['$ref', '$dynamicRef', '$recursiveRef', 'pattern', 'patternProperties']);
/** Deeper than this, a schema is compiled anyway (and a pathological one fails there, as it should). */
const SCAN_DEPTH = 256;

/** Whether a schema uses such a keyword anywhere, scanned without recursion so depth cannot overflow the stack. */
function needsCompiling(schema: unknown): boolean {
  const stack: [unknown, number][] = [[schema, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > SCAN_DEPTH) return true;
    for (const [key, child] of Object.entries(value)) {
      if (COMPILE_KEYS.has(key)) return true;
      stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Problems that make `schema` unusable as a tool's input or output schema: not an object, root type not
 * "object" (unless `objectRoot` is false: an outputSchema of 2026-07-28 may describe any JSON value), an unknown
 * dialect, a meta-schema violation, or a schema Ajv cannot compile (bad $ref, too deep).
 */
export function schemaProblems(schema: unknown, { objectRoot = true }: { objectRoot?: boolean } = {}): SchemaProblem[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return [{ pointer: '', message: `must be a JSON Schema object, got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}` }];
  }
  const record = schema as Record<string, unknown>;
  // Cut on input (util/nesting.ts): the schema is the server's defect, said as Ajv's overflow would say it.
  if (holdsNestingCut(record)) return [{ pointer: '', message: `is nested too deeply (mcpact reads messages to ${MAX_NESTING.toLocaleString('en')} levels)` }];
  const problems: SchemaProblem[] = [];
  if (objectRoot && record.type !== 'object') {
    problems.push({ pointer: '/type', message: `root "type" must be "object", got ${JSON.stringify(record.type) ?? 'nothing'}` });
  }
  let dialect: Dialect = '2020-12';
  if (record.$schema !== undefined) {
    const declared = typeof record.$schema === 'string' ? dialectOf(record.$schema) : undefined;
    if (!declared) {
      problems.push({ pointer: '/$schema', message: `declares a dialect mcpact cannot check: ${JSON.stringify(record.$schema)}` });
      return problems;
    }
    dialect = declared;
  }
  const ajv = ajvFor(dialect);
  try {
    if (!ajv.validateSchema(record)) {
      // One problem per place: a bad `type` also fails the meta-schema's anyOf branches, which says nothing new.
      const seen = new Set<string>();
      for (const error of ajv.errors ?? []) {
        if (seen.has(error.instancePath)) continue;
        seen.add(error.instancePath);
        problems.push({ pointer: error.instancePath, message: `${error.instancePath || 'schema'} ${error.message ?? 'is invalid'}` });
      }
      return problems;
    }
    // Compiling is most of the cost on servers with thousands of tools; once the meta-schema accepts a schema,
    // what compiling adds is resolving references and building patterns, so only schemas that have any (or are
    // too deep to tell) pay it.
    if (needsCompiling(record)) ajv.compile(record);
  } catch (error) {
    const message =
      error instanceof RangeError ? 'is nested too deeply to compile' : `does not compile: ${error instanceof Error ? error.message : String(error)}`;
    problems.push({ pointer: '', message });
  } finally {
    // Unregister whatever happened: an $id shared by two tools (or left by a schema that failed) must not make
    // the next one fail.
    ajv.removeSchema(record);
    if (typeof record.$id === 'string') ajv.removeSchema(record.$id);
  }
  return problems;
}
