import { describe, expect, it } from 'vitest';
import { asArray, fieldProblems, stringField, type Field } from '../../src/util/shape.js';

const FIELDS: Field[] = [
  { key: 'name', kind: 'string', required: true },
  { key: 'tags', kind: 'array' },
  { key: 'meta', kind: 'object' },
  { key: 'flag', kind: 'boolean' },
  { key: 'size', kind: 'number' },
];

describe('fieldProblems', () => {
  it('accepts fields of the right type and absent optional fields', () => {
    expect(fieldProblems({ name: 'a' }, FIELDS)).toEqual([]);
    expect(fieldProblems({ name: '', tags: [], meta: {}, flag: false, size: 0, other: null }, FIELDS)).toEqual([]);
  });

  it('reports a missing required field', () => {
    expect(fieldProblems({}, FIELDS)).toEqual([{ key: 'name', message: '"name" is missing: it must be a string', got: undefined }]);
  });

  it('reports wrong types, null included, in field order', () => {
    expect(fieldProblems({ name: 1, tags: {}, meta: [], flag: null, size: '1' }, FIELDS).map((problem) => problem.message)).toEqual([
      '"name" must be a string, got number',
      '"tags" must be an array, got object',
      '"meta" must be an object, got array',
      '"flag" must be a boolean, got null',
      '"size" must be a number, got string',
    ]);
  });

  it('looks at own fields only', () => {
    expect(fieldProblems({}, [{ key: 'constructor', kind: 'string', required: true }])).toHaveLength(1);
    expect(fieldProblems({}, [{ key: 'toString', kind: 'string' }])).toEqual([]);
  });
});

describe('asArray and stringField', () => {
  it('narrow untrusted values', () => {
    expect(asArray([1])).toEqual([1]);
    expect(asArray({ length: 1 })).toBeUndefined();
    expect(stringField({ name: 'a' }, 'name')).toBe('a');
    expect(stringField({ name: 1 }, 'name')).toBeUndefined();
    expect(stringField(['a'], '0')).toBeUndefined();
    expect(stringField('name', 'length')).toBeUndefined();
  });
});
