import { describe, expect, it } from 'vitest';
import { COMPILED_KEPT, compileSchema } from '../../src/util/schema-validator.js';

const shape = (limit: number) => ({ type: 'object', properties: { limit: { type: 'integer', maximum: limit } }, required: ['limit'] });

describe('compileSchema', () => {
  it('compiles a schema once however many tools repeat it, and validates with it', () => {
    const first = compileSchema(shape(10));
    // An equal schema in another object (another tool's inputSchema) gets the same compiled function.
    expect(compileSchema(structuredClone(shape(10)))).toBe(first);
    expect(first?.validate({ limit: 3 })).toBe(true);
    expect(first?.validate({ limit: 11 })).toBe(false);
    expect(first?.errors()).toEqual(['/limit must be <= 10']);
    expect(compileSchema(shape(20))).not.toBe(first);
  });

  it('keeps at most COMPILED_KEPT schemas: a server of distinct schemas costs compiles, not memory', () => {
    const first = compileSchema(shape(-1));
    for (let index = 0; index < COMPILED_KEPT; index++) compileSchema(shape(100_000 + index));
    // Pushed out by the others: compiled anew, and still right.
    const again = compileSchema(shape(-1));
    expect(again).not.toBe(first);
    expect(again?.validate({ limit: -1 })).toBe(true);
  });

  it('remembers a schema that does not compile as undefined', () => {
    expect(compileSchema({ type: 'object', properties: { a: { type: 'no-such-type' } } })).toBeUndefined();
    expect(compileSchema({ $schema: 'https://example.com/unknown-dialect', type: 'object' })).toBeUndefined();
  });
});
