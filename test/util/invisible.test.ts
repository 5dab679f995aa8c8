import { describe, expect, it } from 'vitest';
import { codePointLabel, INVISIBLE, invisibleKind, invisiblePattern, type InvisibleKind } from '../../src/util/invisible.js';

describe('the table of invisible characters', () => {
  const kinds = Object.keys(INVISIBLE) as InvisibleKind[];

  it('classifies the first and last code point of every range, and nothing visible', () => {
    for (const kind of kinds) {
      for (const [first, last] of INVISIBLE[kind]) {
        expect(invisibleKind(first), `U+${first.toString(16)}`).toBe(kind);
        expect(invisibleKind(last), `U+${last.toString(16)}`).toBe(kind);
      }
    }
    for (const visible of ['a', 'é', '中', ' ', '\n', '😀', '\u0645']) expect(invisibleKind(visible.codePointAt(0)!)).toBeUndefined();
  });

  it('has no code point in two kinds', () => {
    const seen = new Map<number, InvisibleKind>();
    for (const kind of kinds) {
      for (const [first, last] of INVISIBLE[kind]) {
        for (let code = first; code <= last; code++) {
          expect(seen.get(code), `U+${code.toString(16)}`).toBeUndefined();
          seen.set(code, kind);
        }
      }
    }
  });

  it('builds patterns of the chosen kinds only', () => {
    const hiding = invisiblePattern(['bidi', 'zero-width', 'tag']);
    expect('a\u200bb\u202ec\u{e0041}d\ufe0f\u00ad'.replace(hiding, codePointLabel)).toBe('a<U+200B>b<U+202E>c<U+E0041>d\ufe0f\u00ad');
    expect('a\u200bb\ufe0f\u00ad\u{e0100}'.replace(invisiblePattern(), '')).toBe('ab');
  });
});
