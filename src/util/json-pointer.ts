/** JSON Pointer (RFC 6901) segments: the one encoder and decoder every schema walk and diff uses. */

/** `a/b~c` -> `a~1b~0c`. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `a~1b~0c` -> `a/b~c` (`~1` first would turn `~01` into `/`, so `~1` is decoded before `~0`). */
export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The pointer of a path: `pointer('properties', 'a/b')` -> `/properties/a~1b`; no segments is `''`. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((segment) => '/' + escapePointerSegment(String(segment))).join('');
}

/** The segments of a pointer: `/properties/a~1b` -> `['properties', 'a/b']`; `''` is the empty path. */
export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointerSegment);
}
