/**
 * Names that are keys of Object.prototype (`constructor`, `toString`, `__proto__`), unit by unit: the helpers that
 * keep them (util/json.ts), and the places that used to find inherited functions or lose `__proto__`. The whole
 * run against such a server is test/hostile/names.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../src/drift/diff/schema-compare.js';
import { invalidVariants, validExamples } from '../../src/exercise/inputs.js';
import { bounded } from '../../src/util/bound.js';
import { dialectOf } from '../../src/util/json-schema.js';
import { nameRecord, ownValue } from '../../src/util/json.js';
import { compileSchema } from '../../src/util/schema-validator.js';
import { expandUriTemplate } from '../../src/util/uri-expand.js';
import { parseUriTemplate } from '../../src/util/uri-template.js';

const NAMES = Object.getOwnPropertyNames(Object.prototype);
/** `{"__proto__": ...}` as a server sends it: JSON.parse makes the key an own property. */
const withProto = (value: unknown): Record<string, unknown> => JSON.parse(`{"__proto__":${JSON.stringify(value)}}`) as Record<string, unknown>;

describe('ownValue and nameRecord', () => {
  it('read and store every name as data', () => {
    for (const name of NAMES) expect(ownValue({}, name)).toBeUndefined();
    expect(ownValue(withProto('x'), '__proto__')).toBe('x');
    const record = nameRecord(NAMES.map((name) => [name, name.length]));
    expect(Object.keys(record).sort()).toEqual([...NAMES].sort());
    expect(record.__proto__).toBe('__proto__'.length);
    expect(nameRecord<number>().constructor).toBeUndefined();
  });
});

describe('what used to find inherited functions or lose __proto__', () => {
  it('bounded copies (reports, the trace) keep a __proto__ key', () => {
    const copy = bounded(withProto({ type: 'string' }));
    expect(Object.hasOwn(copy as object, '__proto__')).toBe(true);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"type":"string"}}');
  });

  it('a $schema or format named constructor is nothing mcpact knows', () => {
    expect(dialectOf('constructor')).toBeUndefined();
    const schema = { type: 'object', properties: { a: { type: 'string', format: 'constructor' } }, required: ['a'] };
    const compiled = compileSchema(schema)!;
    expect(validExamples(schema, compiled.validate, 1).length).toBeGreaterThan(0);
  });

  it('a required constructor or toString is missing from {}, although {} inherits both', () => {
    const compiled = compileSchema({ type: 'object', required: ['constructor', 'toString'] })!;
    expect(compiled.validate({})).toBe(false);
    expect(compiled.validate({ constructor: 'a', toString: 'b' })).toBe(true);
  });

  it('inputs are generated with every such property, __proto__ included, and invalid variants break each', () => {
    const properties = Object.fromEntries(NAMES.map((name) => [name, { type: 'string' }]));
    const schema = { type: 'object', properties, required: NAMES, additionalProperties: false };
    const compiled = compileSchema(schema)!;
    const [example] = validExamples(schema, compiled.validate, 7);
    expect(Object.keys(example ?? {}).sort()).toEqual([...NAMES].sort());
    expect(typeof example?.__proto__).toBe('string');
    const missing = invalidVariants(schema, compiled.validate, example).filter((variant) => variant.kind === 'missing-required');
    expect(missing.map((variant) => variant.property).sort()).toEqual([...NAMES].sort());
    const blind = invalidVariants(schema, compiled.validate, undefined).find((variant) => variant.kind === 'wrong-type');
    expect(Object.keys(blind?.arguments ?? {}).sort()).toEqual([...NAMES].sort());
  });

  it('a template variable named __proto__ or toString expands with its value, and only with its own', () => {
    const parsed = parseUriTemplate('names:///{__proto__}/{toString}');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(expandUriTemplate(parsed.parts, nameRecord([['__proto__', 'a']]))).toBe('names:///a/');
  });

  it('a schema keyword on one side only is one change, not a comparison with an inherited function', () => {
    const deltas = compareSchemas({ type: 'object' }, { type: 'object', constructor: 1 });
    expect(deltas.map((delta) => [delta.pointer, delta.effect])).toEqual([['/constructor', 'unknown']]);
    expect(deltas[0]?.before).toBeUndefined();
  });
});
