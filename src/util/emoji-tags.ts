/**
 * Emoji tag sequences (UTS #51, ED-14a: tag_base tag_spec tag_end): the one legitimate use of Unicode tag
 * characters. The valid ones are the flags of subdivisions: the waving black flag U+1F3F4, tag characters that
 * spell a Unicode subdivision id (lower-case letters and digits: a region of two letters or three digits, then a
 * suffix of one to four; or a three-digit region alone), and the cancel tag U+E007F. England is U+1F3F4 "gbeng"
 * U+E007F. Such a sequence shows as a flag and hides at most seven letters and digits, no space and no sentence,
 * so it is not hidden text. Tag characters anywhere else are, and so is a sequence whose tags spell more than a
 * subdivision id: an instruction smuggled as a tag run between a black flag and a cancel tag is too long (or has
 * spaces) and stays hidden text.
 */

const TAG_LETTER = '\\u{e0061}-\\u{e007a}';
const TAG_DIGIT = '\\u{e0030}-\\u{e0039}';
const TAG_ALNUM = `${TAG_LETTER}${TAG_DIGIT}`;
const SEQUENCE = `\\u{1f3f4}(?:[${TAG_LETTER}]{2}[${TAG_ALNUM}]{1,4}|[${TAG_DIGIT}]{3}[${TAG_ALNUM}]{0,4})\\u{e007f}`;

/** One valid sequence, captured, so that `split` keeps it between the parts around it. */
const CAPTURED = new RegExp(`(${SEQUENCE})`, 'u');
const FLAG_BASE = '\u{1f3f4}';

/** `fn` applied to every part of the text outside valid emoji tag sequences; the sequences stay as they are. */
export function outsideEmojiTags(text: string, fn: (part: string) => string): string {
  if (!text.includes(FLAG_BASE)) return fn(text);
  // With one capturing group, split puts each sequence at an odd index, between the parts around it.
  return text
    .split(CAPTURED)
    .map((part, index) => (index % 2 === 1 ? part : fn(part)))
    .join('');
}

/** The text with each valid emoji tag sequence reduced to its flag (U+1F3F4): what is left of tags hides text. */
export function withoutEmojiTags(text: string): string {
  if (!text.includes(FLAG_BASE)) return text;
  return text
    .split(CAPTURED)
    .map((part, index) => (index % 2 === 1 ? FLAG_BASE : part))
    .join('');
}
