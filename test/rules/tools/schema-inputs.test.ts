import { describe, expect, it } from 'vitest';
import { invalidVariants, seedFor, validExamples } from '../../../src/exercise/inputs.js';
import { compileSchema } from '../../../src/util/schema-validator.js';

const SCHEMAS: Record<string, Record<string, unknown>> = {
  strings: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 3, maxLength: 5 },
      code: { type: 'string', pattern: '^[A-Z]{2}-[0-9]{3}$' },
      mail: { type: 'string', format: 'email' },
    },
    required: ['name', 'code', 'mail'],
  },
  numbers: {
    type: 'object',
    properties: { n: { type: 'integer', minimum: 10, maximum: 20 }, x: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 } },
    required: ['n', 'x'],
  },
  nested: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    definitions: { point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] } },
    properties: { points: { type: 'array', items: { $ref: '#/definitions/point' }, minItems: 2, uniqueItems: true }, mode: { enum: ['a', 'b'] } },
    required: ['points'],
    additionalProperties: false,
  },
  unions: {
    type: 'object',
    properties: { value: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] }, tags: { type: ['array', 'null'], items: { type: 'string' } } },
    required: ['value'],
  },
};

describe('schema-driven inputs', () => {
  it.each(Object.entries(SCHEMAS))('generates valid examples the schema accepts, reproducibly: %s', (name, schema) => {
    const compiled = compileSchema(schema)!;
    const examples = validExamples(schema, compiled.validate, seedFor(name));
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(compiled.validate(example), JSON.stringify(example)).toBe(true);
    expect(validExamples(schema, compiled.validate, seedFor(name))).toEqual(examples);
  });

  it.each(Object.entries(SCHEMAS))('builds invalid variants the schema rejects, each on one property: %s', (name, schema) => {
    const compiled = compileSchema(schema)!;
    const base = validExamples(schema, compiled.validate, seedFor(name))[0]!;
    const variants = invalidVariants(schema, compiled.validate, base);
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) expect(compiled.validate(variant.arguments), JSON.stringify(variant)).toBe(false);
  });

  it('covers every kind of variant where the schema allows it', () => {
    const schema = SCHEMAS.nested!;
    const compiled = compileSchema(schema)!;
    const kinds = invalidVariants(schema, compiled.validate, validExamples(schema, compiled.validate, 1)[0]).map(
      (variant) => `${variant.kind}:${variant.keyword}`,
    );
    expect(kinds).toEqual(
      expect.arrayContaining(['missing-required:required', 'wrong-type:type', 'enum:enum', 'bound:minItems', 'additional-property:additionalProperties']),
    );
  });

  it('without a base, leaves no required property usable', () => {
    const schema = SCHEMAS.numbers!;
    const compiled = compileSchema(schema)!;
    expect(invalidVariants(schema, compiled.validate, undefined).map((variant) => variant.arguments)).toEqual([
      {},
      { n: 'mcpact-not-a-number', x: 'mcpact-not-a-number' },
    ]);
  });

  it('marks a wrong type coercible only where, converted as a coercing validator converts it, the schema accepts it', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        mode: { type: 'string', enum: ['fast', 'full'] },
        code: { type: 'string', pattern: '^[A-Z]+$' },
        n: { type: 'integer' },
        all: { type: 'boolean' },
        strict: { type: 'boolean', const: false },
      },
      required: ['id'],
    };
    const compiled = compileSchema(schema)!;
    const coercible = (base: Record<string, unknown> | undefined) =>
      invalidVariants(schema, compiled.validate, base)
        .filter((variant) => variant.kind === 'wrong-type')
        .map((variant) => `${variant.property ?? '(all required)'}:${variant.coercible === true}`);
    // "12345" is an id, but no mode and no code; a string sent for an integer is no number to anyone; a string sent
    // for a boolean is true to zod's z.coerce.boolean(), which "strict" does not allow.
    expect(coercible({ id: 'a', mode: 'fast', code: 'AB', n: 1, all: true, strict: false })).toEqual([
      'id:true',
      'mode:false',
      'code:false',
      'n:false',
      'all:true',
      'strict:false',
    ]);
    expect(coercible(undefined)).toEqual(['(all required):true']);
  });

  it('keeps numbers small and URLs on example.com', () => {
    const schema = { type: 'object', properties: { seconds: { type: 'number' }, url: { type: 'string', format: 'uri' } }, required: ['seconds', 'url'] };
    const compiled = compileSchema(schema)!;
    for (const example of validExamples(schema, compiled.validate, 7)) {
      expect(example.seconds).toBeLessThanOrEqual(3);
      expect(String(example.url)).toMatch(/^https:\/\/example\.com\//);
    }
  });
});
