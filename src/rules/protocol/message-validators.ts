/**
 * The MCP schema of each era, as protocol/message-schema checks messages against it, taken from a registry
 * package pinned in package.json and never copied by hand. No package on the npm registry ships the published
 * `schema.json` (the specification repository's package is private), so the schema comes from the official
 * TypeScript SDK's own schema modules, zod schemas converted with zod's `toJSONSchema` (input side: defaults are
 * optional, as on the wire) and compiled with Ajv, each definition once per process, when a message needs it:
 * - legacy era (2025-11-25 and earlier): `@modelcontextprotocol/sdk` 1.x `types.js`, the schema of 2025-11-25, which
 *   the earlier revisions' messages also meet (each revision only added optional members);
 * - modern era (2026-07-28): `@modelcontextprotocol/core` 2.x, the SDK that speaks it.
 * test/rules/protocol/message-schema.test.ts compares both with the published schema.json of their revision.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvCore, ErrorObject, Options, ValidateFunction } from 'ajv';
import * as z from 'zod';
import type { Era } from '../../model/spec.js';
import { ajvRegExp } from '../../util/linear-regexp.js';
import { definitionsOf } from './message-definitions.js';

const require = createRequire(import.meta.url);
type AjvClass = { default: new (options: Options) => AjvCore };

/** Where each era's schema comes from, as reports and docs name it. */
export const SCHEMA_SOURCES = {
  legacy: '@modelcontextprotocol/sdk types.js',
  modern: '@modelcontextprotocol/core',
} as const satisfies Record<Era, string>;

/** One definition, compiled: validates a value and gives Ajv's errors. */
export type MessageValidator = (value: unknown) => readonly ErrorObject[];

export interface EraSchema {
  source: string;
  /** The definition's validator, compiled on first use; undefined for a name the SDK does not export (not checked). */
  validator: (definition: string) => MessageValidator | undefined;
}

const loaded = new Map<Era, Promise<EraSchema>>();

/** The era's schema: the SDK module is loaded on first use, and each definition compiled once per process. */
export function schemaOf(era: Era): Promise<EraSchema> {
  let schema = loaded.get(era);
  if (!schema) {
    schema = load(era);
    loaded.set(era, schema);
  }
  return schema;
}

async function load(era: Era): Promise<EraSchema> {
  const module: Record<string, unknown> = era === 'legacy' ? await import('@modelcontextprotocol/sdk/types.js') : await import('@modelcontextprotocol/core');
  // Formats (uri, email, date-time) are judged by the rules that own those fields, in the words of the text. Ajv's
  // code optimisation would triple the compile time (some 250 ms more per era) and save little on messages this small.
  const options: Options = { strict: false, allErrors: true, validateFormats: false, code: { regExp: ajvRegExp, optimize: false }, logger: false };
  const ajv = new (require('ajv/dist/2020.js') as AjvClass).default(options);
  const known = new Set(definitionsOf(era));
  const validators = new Map<string, MessageValidator | undefined>();
  const validator = (definition: string): MessageValidator | undefined => {
    if (validators.has(definition)) return validators.get(definition);
    const zodSchema = known.has(definition) ? module[`${definition}Schema`] : undefined;
    let compiled: MessageValidator | undefined;
    if (isZodType(zodSchema)) {
      const validate: ValidateFunction = ajv.compile(z.toJSONSchema(zodSchema, { io: 'input', unrepresentable: 'any' }));
      compiled = (value) => (validate(value) ? [] : (validate.errors ?? []));
    }
    validators.set(definition, compiled);
    return compiled;
  };
  return { source: SCHEMA_SOURCES[era], validator };
}

function isZodType(value: unknown): value is z.core.$ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}
