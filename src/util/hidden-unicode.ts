/**
 * Characters a reader cannot see but a model reads: Unicode tag characters (which spell ASCII invisibly, so a
 * whole instruction can hide in a description), bidi controls (which reorder what is shown, "Trojan Source"),
 * zero-width characters and fillers that hide or split words. Legitimate uses are left alone: a zero-width
 * joiner inside an emoji sequence, joiners between letters of scripts that need them (Arabic, Indic, ...),
 * a variation selector after a character, left-to-right / right-to-left marks in text that has right-to-left
 * letters, and the tag characters of a subdivision flag (util/emoji-tags.ts).
 */
import { withoutEmojiTags } from './emoji-tags.js';
import { invisibleKind, type InvisibleKind } from './invisible.js';

export type HiddenKind = Exclude<InvisibleKind, 'format'>;

export interface HiddenFinding {
  counts: Partial<Record<HiddenKind, number>>;
  /** Code points found, as U+XXXX, each once, at most 20. */
  codePoints: string[];
  /** The ASCII that tag characters spell, when there are any. */
  decodedTags?: string;
}

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Hebrew}]/u;
// eslint-disable-next-line no-misleading-character-class -- combining marks and variation selectors are listed one by one on purpose: each is a part of an emoji sequence
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{1f1e6}-\u{1f1ff}\ufe0f\u20e3]/u;

/** The kinds reported here; `format` characters (soft hyphens, ...) carry no text and have everyday uses. */
function classify(code: number): HiddenKind | undefined {
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
  const hasRtl = RTL_LETTER.test(text);
  chars.forEach((char, index) => {
    const code = char.codePointAt(0)!;
    const kind = classify(code);
    if (!kind || benign(kind, code, chars, index, hasRtl)) return;
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (codePoints.size < 20) codePoints.add(`U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
    if (kind === 'tag' && code >= 0xe0020 && code <= 0xe007e) tags += String.fromCharCode(code - 0xe0000);
  });
  if (codePoints.size === 0) return undefined;
  return { counts, codePoints: [...codePoints], ...(tags.length > 0 && { decodedTags: tags }) };
}

function benign(kind: HiddenKind, code: number, chars: string[], index: number, hasRtl: boolean): boolean {
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
