/**
 * Characters a reader cannot see but a model reads: Unicode tag characters (which spell ASCII invisibly, so a
 * whole instruction can hide in a description), bidi controls (which reorder what is shown, "Trojan Source"),
 * zero-width characters and fillers that hide or split words. Legitimate uses are left alone: a zero-width
 * joiner inside an emoji sequence, joiners between letters of scripts that need them (Arabic, Indic, ...),
 * a variation selector after a character, left-to-right / right-to-left marks in text that has right-to-left
 * letters, and the tag characters of a subdivision flag (util/emoji-tags.ts).
 *
 * A zero-width character can also be stray formatting, pasted with text copied from a web page (Lark's docs put
 * "How \u200b\u200bto obtain" in @larksuiteoapi/lark-mcp's descriptions): a short run beside whitespace or at an
 * edge of the text splits no word, since dropping it leaves the same words, so it hides nothing from a reader or a
 * filter that matches words. Such characters are still found, and counted apart (`stray`); a run inside a word
 * ("ig\u200bnore", which escapes a keyword filter) or a long run (which can spell bits) is not stray.
 */
import { withoutEmojiTags } from './emoji-tags.js';
import { invisibleKind, type InvisibleKind } from './invisible.js';
import { lookalikeWords } from './lookalike.js';

/** The invisible kinds reported; `format` characters (soft hyphens, ...) carry no text and have everyday uses. */
type InvisibleHidden = Exclude<InvisibleKind, 'format'>;
/** The invisible kinds reported, and `lookalike`: a Cyrillic or Greek letter drawn like a Latin one, in a Latin word. */
export type HiddenKind = InvisibleHidden | 'lookalike';

export interface HiddenFinding {
  counts: Partial<Record<HiddenKind, number>>;
  /** Code points found, as U+XXXX, each once, at most 20. */
  codePoints: string[];
  /** The ASCII that tag characters spell, when there are any. */
  decodedTags?: string;
  /** Of the zero-width characters counted, those that are stray formatting (strayZeroWidth), when there are any. */
  stray?: number;
  /** Words with lookalike letters, as they read in Latin ("from" for "frоm"), at most five, when there are any. */
  looksLike?: string[];
}

/** The longest run of zero-width characters that may be stray formatting; zero-width steganography needs long runs. */
export const MAX_STRAY_RUN = 3;

const WORD_CHAR = /[\p{L}\p{M}\p{N}\p{Pc}]/u;
const SPACE = /\s/u;

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Hebrew}]/u;
// eslint-disable-next-line no-misleading-character-class -- combining marks and variation selectors are listed one by one on purpose: each is a part of an emoji sequence
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{1f1e6}-\u{1f1ff}\ufe0f\u20e3]/u;

function classify(code: number): InvisibleHidden | undefined {
  const kind = invisibleKind(code);
  return kind === 'format' ? undefined : kind;
}

export function hiddenUnicode(scanned: string): HiddenFinding | undefined {
  // A flag such as England's spells its subdivision id in tags: it shows as a flag and hides nothing.
  const text = withoutEmojiTags(scanned);
  const chars = Array.from(text);
  const counts: Partial<Record<HiddenKind, number>> = {};
  const codePoints = new Set<string>();
  let tags = '';
  let stray = 0;
  const hasRtl = RTL_LETTER.test(text);
  chars.forEach((char, index) => {
    const code = char.codePointAt(0)!;
    const kind = classify(code);
    if (!kind || benign(kind, code, chars, index, hasRtl)) return;
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (kind === 'zero-width' && strayZeroWidth(chars, index)) stray++;
    if (codePoints.size < 20) codePoints.add(codePointOf(code));
    if (kind === 'tag' && code >= 0xe0020 && code <= 0xe007e) tags += String.fromCharCode(code - 0xe0000);
  });
  const lookalikes = lookalikeWords(text);
  for (const { chars: found } of lookalikes) {
    counts.lookalike = (counts.lookalike ?? 0) + found.length;
    for (const char of found) if (codePoints.size < 20) codePoints.add(codePointOf(char.codePointAt(0)!));
  }
  if (codePoints.size === 0) return undefined;
  const looksLike = [...new Set(lookalikes.map((entry) => entry.reads))].slice(0, 5);
  return {
    counts,
    codePoints: [...codePoints],
    ...(tags.length > 0 && { decodedTags: tags }),
    ...(stray > 0 && { stray }),
    ...(looksLike.length > 0 && { looksLike }),
  };
}

const codePointOf = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

const isZeroWidth = (char: string | undefined) => char !== undefined && invisibleKind(char.codePointAt(0)!) === 'zero-width';

/**
 * Whether the zero-width character at `index` is stray formatting: its run of zero-width characters is at most
 * MAX_STRAY_RUN long, sits beside whitespace or an edge of the text on one side at least, and splits no word (the
 * characters on either side of the run are not both letters or digits). "lookup\u200b first" and "How \u200bto"
 * are stray; "ig\u200bnore" and "lookup\u200b." are not (the first splits a word, the second is beside no space).
 */
export function strayZeroWidth(chars: readonly string[], index: number): boolean {
  let start = index;
  while (isZeroWidth(chars[start - 1])) start--;
  let end = index;
  while (isZeroWidth(chars[end + 1])) end++;
  if (end - start + 1 > MAX_STRAY_RUN) return false;
  const before = chars[start - 1];
  const after = chars[end + 1];
  const splitsWord = before !== undefined && after !== undefined && WORD_CHAR.test(before) && WORD_CHAR.test(after);
  const besideSpace = before === undefined || after === undefined || SPACE.test(before) || SPACE.test(after);
  return besideSpace && !splitsWord;
}

function benign(kind: InvisibleHidden, code: number, chars: string[], index: number, hasRtl: boolean): boolean {
  const before = chars[index - 1] ?? '';
  const after = chars[index + 1] ?? '';
  if (kind === 'bidi') return (code === 0x200e || code === 0x200f || code === 0x061c) && hasRtl;
  if (kind === 'zero-width' && (code === 0x200c || code === 0x200d)) {
    if (code === 0x200d && EMOJI.test(before) && EMOJI.test(after)) return true;
    return JOINING_SCRIPT.test(before) || JOINING_SCRIPT.test(after);
  }
  if (kind === 'zero-width' && code === 0xfeff) return index === 0; // a byte-order mark at the start
  if (kind === 'variation-selector') {
    // One selector after a visible character chooses its glyph; a run of them, or one alone, carries data.
    const previous = before.codePointAt(0);
    return (
      previous !== undefined &&
      classify(previous) === undefined &&
      !/\s/.test(before) &&
      (chars[index + 1] === undefined || classify(chars[index + 1]!.codePointAt(0)!) !== 'variation-selector')
    );
  }
  return false;
}
