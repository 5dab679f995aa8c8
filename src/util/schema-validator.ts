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

/** undefined when the schema is not an object, declares an unknown dialect, or does not compile. */
export function compileSchema(schema: unknown): Compiled | undefined {
  const record = asRecord(schema);
  if (!record) return undefined;
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
