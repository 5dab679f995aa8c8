import { describe, expect, it } from 'vitest';
import { quote } from '../../src/util/text.js';

describe('quote', () => {
  it('JSON-quotes short values as they are', () => {
    expect(quote('a b')).toBe('"a b"');
    expect(quote(42)).toBe('42');
    expect(quote(null)).toBe('null');
    expect(quote(undefined)).toBe('undefined');
    expect(quote('\u0007')).toBe('"\\u0007"');
  });

  it('cuts long values to the limit with an ellipsis', () => {
    const quoted = quote('x'.repeat(10_000));
    expect(quoted).toHaveLength(80);
    expect(quoted.startsWith('"xxx')).toBe(true);
    expect(quoted.endsWith('…')).toBe(true);
    expect(quote('abcdef', 5)).toBe('"abc…');
  });

  it('never leaves half a surrogate pair', () => {
    const quoted = quote('😀'.repeat(100), 6);
    expect(quoted).toBe('"😀😀…');
    expect(quote('a😀😀😀', 4)).toBe('"a…');
  });
});
