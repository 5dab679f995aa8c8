/** The schema comparison itself: effects, pointers, $ref and recursion, and what it does with odd input. */
import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../src/drift/diff/schema-compare.js';

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
    ['dialect', { $schema: 'https://json-schema.org/draft/2020-12/schema' }, { $schema: 'http://json-schema.org/draft-07/schema#' }, 'unknown'],
  ])('%s', (_name, base, revision, effect) => {
    const deltas = compareSchemas(base, revision);
    expect(deltas.map((delta) => delta.effect)).toEqual([effect]);
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
