/**
 * The one table of characters a reader cannot see but a model (or a terminal) acts on, by kind. The terminal and
 * file sanitizers escape some kinds, the security scan removes all of them before matching, the drift word diff
 * marks all of them, and security/hidden-unicode reports the kinds that can carry or reorder text.
 */
export type InvisibleKind = 'tag' | 'bidi' | 'zero-width' | 'filler' | 'variation-selector' | 'format' | 'control';

type Range = readonly [first: number, last: number];

export const INVISIBLE: Readonly<Record<InvisibleKind, readonly Range[]>> = {
  /** Unicode tags spell ASCII invisibly: a whole instruction can hide in a description. */
  tag: [[0xe0000, 0xe007f]],
  /** Embeddings, overrides, isolates and marks that reorder what is shown ("Trojan Source"). */
  bidi: [
    [0x061c, 0x061c],
    [0x200e, 0x200f],
    [0x202a, 0x202e],
    [0x2066, 0x2069],
  ],
  /** Zero-width spaces, joiners, word joiner, invisible operators, byte-order mark, Mongolian vowel separator. */
  'zero-width': [
    [0x180e, 0x180e],
    [0x200b, 0x200d],
    [0x2060, 0x2064],
    [0xfeff, 0xfeff],
  ],
  /** Letters that render as nothing (Hangul fillers, Khmer inherent vowels, the braille blank). */
  filler: [
    [0x115f, 0x1160],
    [0x17b4, 0x17b5],
    [0x2800, 0x2800],
    [0x3164, 0x3164],
    [0xffa0, 0xffa0],
  ],
  /** Choose a glyph after a visible character; a run of them, or one alone, carries data. */
  'variation-selector': [
    [0xfe00, 0xfe0f],
    [0xe0100, 0xe01ef],
  ],
  /** Other default-ignorable format characters: soft hyphen, grapheme joiner, Mongolian selectors, deprecated controls. */
  format: [
    [0x00ad, 0x00ad],
    [0x034f, 0x034f],
    [0x180b, 0x180d],
    [0x180f, 0x180f],
    [0x2065, 0x2065],
    [0x206a, 0x206f],
  ],
  /**
   * C0 controls but tab, line feed and carriage return; DEL; C1 controls. None has a use in a description, and ESC
   * (or CSI, U+009B) starts a terminal escape sequence that recolours, hides or rewrites what a person reviewing
   * the text in a terminal sees ("ESC[8m" conceals the words after it), while the model reads every character.
   */
  control: [
    [0x0000, 0x0008],
    [0x000b, 0x000c],
    [0x000e, 0x001f],
    [0x007f, 0x009f],
  ],
};

const KINDS = Object.keys(INVISIBLE) as InvisibleKind[];

/** The kind of an invisible code point, or undefined for every other one. */
export function invisibleKind(code: number): InvisibleKind | undefined {
  return KINDS.find((kind) => INVISIBLE[kind].some(([first, last]) => code >= first && code <= last));
}

const hex = (code: number) => code.toString(16);

/** A global regex (with the u flag) that matches one character of any of these kinds. */
export function invisiblePattern(kinds: readonly InvisibleKind[] = KINDS): RegExp {
  const ranges = kinds
    .flatMap((kind) => INVISIBLE[kind])
    .map(([first, last]) => (first === last ? `\\u{${hex(first)}}` : `\\u{${hex(first)}}-\\u{${hex(last)}}`));
  return new RegExp(`[${ranges.join('')}]`, 'gu');
}

/** `<U+200B>`: how every output shows a character it will not pass on as it is. */
export function codePointLabel(char: string): string {
  return `<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`;
}
