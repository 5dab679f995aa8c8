/** The schema comparison itself: effects, pointers, $ref and recursion, and what it does with odd input. */
import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../src/drift/diff/schema-compare.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const V2020 = 'https://json-schema.org/draft/2020-12/schema';

const effects = (base: unknown, revision: unknown) => compareSchemas(base, revision).map((delta) => [delta.pointer, delta.effect ?? delta.wording]);

describe('compareSchemas', () => {
  it.each([
    ['type added', {}, { type: 'string' }, 'tighten'],
    ['type removed', { type: 'string' }, {}, 'loosen'],
    ['null allowed', { type: 'string' }, { type: ['string', 'null'] }, 'loosen'],
    ['const added', {}, { const: 1 }, 'tighten'],
    ['const changed', { const: 1 }, { const: 2 }, 'both'],
    ['enum replaced', { enum: ['a'] }, { enum: ['b'] }, 'both'],
    ['exclusiveMinimum raised', { exclusiveMinimum: 0 }, { exclusiveMinimum: 1 }, 'tighten'],
    ['minProperties lowered', { minProperties: 2 }, { minProperties: 1 }, 'loosen'],
    ['multipleOf of a multiple', { multipleOf: 2 }, { multipleOf: 4 }, 'tighten'],
    ['multipleOf of a divisor', { multipleOf: 4 }, { multipleOf: 2 }, 'loosen'],
    ['multipleOf unrelated', { multipleOf: 2 }, { multipleOf: 3 }, 'both'],
    ['uniqueItems', {}, { uniqueItems: true }, 'tighten'],
    ['allOf member added', { allOf: [{ type: 'string' }] }, { allOf: [{ type: 'string' }, { minLength: 1 }] }, 'tighten'],
    ['oneOf member removed', { oneOf: [{ type: 'string' }, { type: 'number' }] }, { oneOf: [{ type: 'string' }] }, 'tighten'],
    ['true -> false', true, false, 'tighten'],
    ['false -> {}', false, {}, 'loosen'],
    ['examples', { examples: [1] }, { examples: [2] }, 'neutral'],
    ['unknown keyword', { 'x-vendor': 1 }, { 'x-vendor': 2 }, 'unknown'],
    ['dialect with a tuple', { $schema: DRAFT_07, items: [{ type: 'string' }] }, { $schema: V2020, items: [{ type: 'string' }] }, 'unknown'],
  ])('%s', (_name, base, revision, effect) => {
    const deltas = compareSchemas(base, revision);
    expect(deltas.map((delta) => delta.effect)).toEqual([effect]);
  });

  it('a change of dialect matters only where the schema uses a keyword the two dialects treat differently', () => {
    const common = {
      type: 'object',
      properties: { city: { type: 'string', minLength: 1, format: 'hostname' }, days: { type: 'integer', maximum: 7 }, items: { type: 'array', items: {} } },
      required: ['city'],
      additionalProperties: {},
    };
    // An SDK that writes its zod schemas as 2020-12 instead of draft-07 (SDK 1.x -> 2.x) changes nothing.
    expect(compareSchemas({ $schema: DRAFT_07, ...common }, { ...common, $schema: V2020 })).toEqual([]);
    expect(compareSchemas({ $schema: V2020, ...common }, { $schema: DRAFT_07, ...common })).toEqual([]);
    // No $schema is 2020-12 (MCP's default), and one dialect spelled two ways is one dialect.
    expect(compareSchemas(common, { $schema: V2020, ...common })).toEqual([]);
    expect(compareSchemas({ $schema: DRAFT_07, ...common }, { $schema: 'http://json-schema.org/draft-07/schema', ...common })).toEqual([]);
    // Property names are not keywords (a property called "dependencies" is not the keyword), and an annotation
    // beside a $ref accepts nothing in either dialect.
    const named = { type: 'object', properties: { dependencies: { type: 'string' }, ref: { $ref: '#/$defs/s', description: 'An annotation.' } } };
    expect(compareSchemas({ $schema: DRAFT_07, ...named }, { $schema: V2020, ...named })).toEqual([]);

    const reasons = (base: Record<string, unknown>, revision: Record<string, unknown>) =>
      compareSchemas(base, revision).map((delta) => [delta.pointer, delta.effect, delta.reason]);
    const siblings = { properties: { a: { $ref: '#/$defs/s', maxLength: 3 } }, $defs: { s: { type: 'string' } } };
    expect(reasons({ $schema: DRAFT_07, ...siblings }, { $schema: V2020, ...siblings })).toEqual([
      ['/$schema', 'unknown', '$schema changed from draft-07 to 2020-12, and the schema uses `$ref` beside other keywords, which the two treat differently'],
    ]);
    const nested = { properties: { a: { type: 'object', dependencies: { x: ['y'] } } } };
    expect(reasons({ $schema: DRAFT_07, ...nested }, { $schema: 'https://json-schema.org/draft/2019-09/schema', ...nested })).toEqual([
      ['/$schema', 'unknown', '$schema changed from draft-07 to 2019-09, and the schema uses `dependencies`, which the two treat differently'],
    ]);
    // Between 2019-09 and 2020-12, dependentRequired means the same: only what changed between those two counts.
    const dependent = { dependentRequired: { a: ['b'] } };
    expect(reasons({ $schema: 'https://json-schema.org/draft/2019-09/schema', ...dependent }, { $schema: V2020, ...dependent })).toEqual([]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let index = 0; index < 100; index++) deep = { type: 'object', properties: { x: deep } };
    expect(reasons({ $schema: DRAFT_07, ...deep }, { $schema: V2020, ...deep })).toEqual([
      ['/$schema', 'unknown', '$schema changed from draft-07 to 2020-12, in a schema too large to show that its keywords mean the same in both'],
    ]);
    expect(reasons({ $schema: 'https://example.com/my-dialect' }, { $schema: V2020 })).toEqual([
      ['/$schema', 'unknown', '$schema changed, to or from a dialect mcpact does not know ("https://example.com/my-dialect")'],
    ]);
  });

  it('compares tuples position by position', () => {
    expect(effects({ prefixItems: [{ type: 'string' }] }, { prefixItems: [{ type: 'string' }, { type: 'number' }] })).toEqual([
      ['/prefixItems/1/type', 'tighten'],
    ]);
    expect(effects({ items: [{ type: 'string' }] }, { items: [{ type: 'number' }] })).toEqual([['/items/0/type', 'both']]);
  });

  it('points into $defs for changes behind a $ref, and reports a shared definition once', () => {
    const schema = (max: number) => ({
      $defs: { name: { type: 'string', maxLength: max } },
      type: 'object',
      properties: { first: { $ref: '#/$defs/name' }, last: { $ref: '#/$defs/name' } },
    });
    expect(effects(schema(10), schema(5))).toEqual([['/$defs/name/maxLength', 'tighten']]);
  });

  it('follows a $ref on one side only, keeping its siblings', () => {
    const base = { type: 'object', properties: { a: { type: 'string', minLength: 1 } } };
    const revision = { $defs: { s: { type: 'string', minLength: 1 } }, type: 'object', properties: { a: { $ref: '#/$defs/s', description: 'A.' } } };
    expect(effects(base, revision)).toEqual([['/$defs/s/description', 'description']]);
  });

  it('terminates on recursive schemas, including recursion of different shapes', () => {
    const selfRef = { type: 'object', properties: { next: { $ref: '#' }, v: { type: 'string' } } };
    const selfRefTightened = { type: 'object', properties: { next: { $ref: '#' }, v: { type: 'string', minLength: 1 } } };
    expect(effects(selfRef, selfRefTightened)).toEqual([['/properties/v/minLength', 'tighten']]);
    const mutual = {
      $defs: { a: { type: 'object', properties: { b: { $ref: '#/$defs/b' } } }, b: { type: 'object', properties: { a: { $ref: '#/$defs/a' } } } },
      $ref: '#/$defs/a',
    };
    expect(compareSchemas(selfRef, mutual).length).toBeGreaterThan(0);
    expect(compareSchemas(mutual, mutual)).toEqual([]);
  });

  it('says unknown for what it cannot resolve or judge, and never throws', () => {
    expect(effects({ $ref: 'https://example.com/a.json' }, { $ref: 'https://example.com/b.json' })).toEqual([['/$ref', 'unknown']]);
    expect(effects({ $ref: '#/$defs/missing' }, { $ref: '#/$defs/other' })).toEqual([['/$ref', 'unknown']]);
    expect(effects({ type: 'object' }, { type: 'objekt' })).toEqual([['/type', 'unknown']]);
    expect(effects('a string', 42)).toEqual([['', 'unknown']]);
    const loop = { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' };
    expect(() => compareSchemas(loop, { type: 'string' })).not.toThrow();
  });

  it('gives up with unknown past its depth limit instead of recursing', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    let deeper: Record<string, unknown> = { type: 'number' };
    for (let index = 0; index < 200; index++) {
      deep = { type: 'object', properties: { x: deep } };
      deeper = { type: 'object', properties: { x: deeper } };
    }
    const deltas = compareSchemas(deep, deeper);
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).toMatchObject({ effect: 'unknown', reason: 'nested too deeply to compare' });
  });

  it('reports wording apart from structure', () => {
    const deltas = compareSchemas({ description: 'a', title: 'A' }, { description: 'b', title: 'B' });
    expect(deltas.map((delta) => [delta.wording, delta.effect])).toEqual([
      ['description', undefined],
      ['title', undefined],
    ]);
  });

  it('escapes property names in pointers', () => {
    expect(effects({ properties: { 'a/b~c': {} } }, { properties: {} })).toEqual([['/properties/a~1b~0c', 'both']]);
  });
});
