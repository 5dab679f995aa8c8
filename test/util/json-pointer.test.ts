import { describe, expect, it } from 'vitest';
import { escapePointerSegment, pointer, pointerSegments, unescapePointerSegment } from '../../src/util/json-pointer.js';

describe('JSON Pointer (RFC 6901)', () => {
  it('escapes ~ before /, and decodes ~1 before ~0', () => {
    expect(escapePointerSegment('a/b~c')).toBe('a~1b~0c');
    expect(unescapePointerSegment('a~1b~0c')).toBe('a/b~c');
    // `~01` is an escaped `~` followed by `1`, never a `/`.
    expect(unescapePointerSegment('~01')).toBe('~1');
  });

  it('builds and splits pointers, the empty pointer being the whole document', () => {
    expect(pointer('properties', 'a/b', 0)).toBe('/properties/a~1b/0');
    expect(pointer()).toBe('');
    expect(pointerSegments('/properties/a~1b/0')).toEqual(['properties', 'a/b', '0']);
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('/')).toEqual(['']);
  });
});
