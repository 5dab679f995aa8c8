import { describe, expect, it } from 'vitest';
import { paramHeadersOf, paramHeaderValues } from '../../src/connect/param-headers.js';

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

describe('paramHeadersOf', () => {
  it('reads declarations on properties reached through properties keys, nested ones too', () => {
    const declared = paramHeadersOf(
      schema({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        query: { type: 'string' },
        options: { type: 'object', properties: { dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' } } },
        limit: { type: 'integer', 'x-mcp-header': 'Limit' },
      }),
    );
    expect(declared).toEqual({
      kind: 'valid',
      headers: [
        { name: 'Region', path: ['region'], type: 'string' },
        { name: 'Dry-Run', path: ['options', 'dryRun'], type: 'boolean' },
        { name: 'Limit', path: ['limit'], type: 'integer' },
      ],
    });
  });

  it('says none when nothing is declared, and for schemas that are no objects', () => {
    expect(paramHeadersOf(schema({ a: { type: 'string' } }))).toEqual({ kind: 'none' });
    expect(paramHeadersOf(undefined)).toEqual({ kind: 'none' });
    expect(paramHeadersOf('nope')).toEqual({ kind: 'none' });
  });

  it.each([
    ['an empty name', schema({ a: { type: 'string', 'x-mcp-header': '' } }), /is empty, not an HTTP field-name token/],
    ['a name with a space', schema({ a: { type: 'string', 'x-mcp-header': 'My Region' } }), /"My Region", not an HTTP field-name token/],
    ['a name with CR LF', schema({ a: { type: 'string', 'x-mcp-header': 'A\r\nB' } }), /not an HTTP field-name token/],
    ['a name that is no string', schema({ a: { type: 'string', 'x-mcp-header': 7 } }), /is 7, not an HTTP field-name token/],
    ['a number parameter', schema({ a: { type: 'number', 'x-mcp-header': 'A' } }), /of type "number"; only integer, string and boolean/],
    ['an untyped parameter', schema({ a: { 'x-mcp-header': 'A' } }), /of type missing/],
    [
      'names equal but for case',
      schema({ a: { type: 'string', 'x-mcp-header': 'Zone' }, b: { type: 'string', 'x-mcp-header': 'zone' } }),
      /zone of property b repeats Zone of property a/,
    ],
    ['under items', schema({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } }), /at a\.items is not statically reachable/],
    [
      'under anyOf',
      schema({}, { anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] }),
      /at anyOf\.0\.properties\.a is not statically reachable/,
    ],
    ['in $defs', schema({ a: { $ref: '#/$defs/r' } }, { $defs: { r: { type: 'string', 'x-mcp-header': 'R' } } }), /at \$defs\.r is not statically reachable/],
    ['beside $ref', schema({ a: { $ref: '#/$defs/r', type: 'string', 'x-mcp-header': 'A' } }), /sits beside \$ref/],
    ['on the root', { type: 'object', 'x-mcp-header': 'Root' }, /on the schema root/],
  ])('finds %s invalid', (_name, inputSchema, problem) => {
    const declared = paramHeadersOf(inputSchema);
    expect(declared.kind).toBe('invalid');
    expect(declared.kind === 'invalid' && declared.problems[0]).toMatch(problem);
  });

  it('reads a key named x-mcp-header inside const, enum, default or examples as data', () => {
    const inputSchema = schema({ a: { type: 'object', default: { 'x-mcp-header': 'X' }, examples: [{ 'x-mcp-header': 'Y' }] } });
    expect(paramHeadersOf(inputSchema)).toEqual({ kind: 'none' });
  });

  it('stays bounded on a deep or wide hostile schema', () => {
    let deep: Record<string, unknown> = { type: 'string', 'x-mcp-header': 'Deep' };
    for (let level = 0; level < 10_000; level += 1) deep = { type: 'object', properties: { a: deep } };
    const wide = schema(Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`p${index}`, { type: 'string', 'x-mcp-header': `H${index}` }])));
    // Beyond 32 levels nothing is read; of 100,000 properties, the first 5,000 nodes are.
    expect(paramHeadersOf(deep).kind).toBe('none');
    const declared = paramHeadersOf(wide);
    expect(declared.kind).toBe('valid');
    expect(declared.kind === 'valid' && declared.headers.length).toBe(4_999);
  });
});

describe('paramHeaderValues', () => {
  const headers = [
    { name: 'Region', path: ['region'], type: 'string' },
    { name: 'Days', path: ['days'], type: 'integer' },
    { name: 'Dry-Run', path: ['options', 'dryRun'], type: 'boolean' },
  ] as const;

  it('converts strings, integers and booleans as the transport says', () => {
    expect(paramHeaderValues(headers, { region: 'us-west1', days: 3, options: { dryRun: false } })).toEqual({
      'Mcp-Param-Region': 'us-west1',
      'Mcp-Param-Days': '3',
      'Mcp-Param-Dry-Run': 'false',
    });
  });

  it('leaves out absent and null values, and values of another type', () => {
    expect(paramHeaderValues(headers, { region: null, days: 2.5 })).toEqual({});
    expect(paramHeaderValues(headers, undefined)).toEqual({});
  });

  it('Base64-encodes values that are not plain visible ASCII, and plain ones that look encoded', () => {
    expect(paramHeaderValues(headers, { region: 'Hello, 世界' })).toEqual({ 'Mcp-Param-Region': '=?base64?SGVsbG8sIOS4lueVjA==?=' });
    expect(paramHeaderValues(headers, { region: ' padded ' })).toEqual({ 'Mcp-Param-Region': '=?base64?IHBhZGRlZCA=?=' });
    expect(paramHeaderValues(headers, { region: '=?base64?literal?=' })).toEqual({ 'Mcp-Param-Region': '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=' });
  });
});
