/**
 * A reusable validate function for one JSON Schema in the dialect it declares (2020-12 when it declares none),
 * for checking generated inputs and structured results. The schema is unregistered from the shared Ajv instance
 * right after compiling, so two tools that reuse an `$id` never collide; the compiled function stays usable.
 */
import { ajvFor, dialectOf, type Dialect } from './json-schema.js';
import { asRecord } from './json.js';

export type SchemaValidator = (value: unknown) => boolean;

export interface Compiled {
  validate: SchemaValidator;
  /** Ajv's messages for the last rejected value, as "<pointer> <message>". */
  errors(): string[];
}

/**
 * Compiled schemas by their JSON text, most recent last: servers repeat the same few input shapes over thousands
 * of tools, and compiling is the costly part (about a millisecond each). Bounded, so a server of distinct schemas
 * costs compiles, never memory that grows with it.
 */
const COMPILED = new Map<string, Compiled | undefined>();
export const COMPILED_KEPT = 256;

/** undefined when the schema is not an object, declares an unknown dialect, or does not compile. */
export function compileSchema(schema: unknown): Compiled | undefined {
  const record = asRecord(schema);
  if (!record) return undefined;
  const key = JSON.stringify(record);
  if (COMPILED.has(key)) {
    const known = COMPILED.get(key);
    COMPILED.delete(key);
    COMPILED.set(key, known);
    return known;
  }
  const compiled = compileRecord(record);
  COMPILED.set(key, compiled);
  if (COMPILED.size > COMPILED_KEPT) COMPILED.delete(COMPILED.keys().next().value!);
  return compiled;
}

function compileRecord(record: Record<string, unknown>): Compiled | undefined {
  let dialect: Dialect = '2020-12';
  if (record.$schema !== undefined) {
    const declared = typeof record.$schema === 'string' ? dialectOf(record.$schema) : undefined;
    if (!declared) return undefined;
    dialect = declared;
  }
  const ajv = ajvFor(dialect);
  try {
    const validate = ajv.compile(record);
    return {
      validate: (value) => validate(value) === true,
      errors: () => (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`),
    };
  } catch {
    return undefined; // schema/tool-input-schema and schema/tool-output-schema report broken schemas
  } finally {
    ajv.removeSchema(record);
    if (typeof record.$id === 'string') ajv.removeSchema(record.$id);
  }
}
