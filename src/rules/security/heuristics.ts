/**
 * Text as a model reads it, and the tool names a text refers to. The signals the security rules look for are in
 * signals.ts; this file only prepares text for them: Unicode folded (NFKC), Unicode tag characters decoded to the
 * ASCII they spell (a model reads them; a reviewer does not see them), every other invisible character (control
 * characters among them) removed so `ig<U+200B>nore` is "ignore", Cyrillic or Greek lookalikes in a Latin word read
 * as the Latin letters they pass for ("ignоre" with a Cyrillic о is "ignore"), marks on Latin letters dropped
 * ("ignöre" and "i̇gnore" are "ignore"), quotes and spaces made plain.
 */
import { outsideEmojiTags, withoutEmojiTags } from '../../util/emoji-tags.js';
import { invisiblePattern } from '../../util/invisible.js';
import { foldLookalikes } from '../../util/lookalike.js';

/** Every invisible kind (util/invisible.ts): removed before matching, so they cannot split a word out of a pattern. */
const INVISIBLE = invisiblePattern();

/**
 * Marks on a Latin letter: a model reads "ignöre" as "ignore", a keyword filter does not. Dropping them costs an
 * accented language nothing the scan looks for (its patterns are English); the excerpts say so (scan.ts#scanData).
 */
const LATIN_MARKS = /(\p{Script=Latin})\p{Mn}+/gu;

/** True when the text has a Latin letter with a mark, which the excerpts show without it. */
export function hasMarkedLatin(text: string): boolean {
  LATIN_MARKS.lastIndex = 0;
  return LATIN_MARKS.test(text.normalize('NFD'));
}

/** The text as a model reads it: compatibility forms folded, invisible characters gone, quotes and spaces plain. */
export function normalizeText(text: string): string {
  // Vertical tab, form feed and next line are controls that separate words: a space, not nothing. Lookalike
  // letters are folded once the invisible characters that could split their word are gone ("ig<U+200B>nоre").
  return foldLookalikes(
    decodeTags(text)
      .normalize('NFKC')
      .replace(/[\v\f\u0085]/g, ' ')
      .replace(INVISIBLE, ''),
  )
    .normalize('NFD')
    .replace(LATIN_MARKS, '$1')
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ');
}

/**
 * Unicode tag characters (U+E0020..U+E007E) spell printable ASCII: replace each with the character it stands for.
 * The tags of a subdivision flag (util/emoji-tags.ts) are read as the flag they draw, not as letters.
 */
export function decodeTags(text: string): string {
  if (!hasTags(text)) return text;
  return outsideEmojiTags(text, (part) => part.replace(/[\u{E0020}-\u{E007E}]/gu, (char) => String.fromCharCode(char.codePointAt(0)! - 0xe0000)));
}

/** True when a text carries Unicode tag characters outside a flag, whose decoded form findings show. */
export function hasTags(text: string): boolean {
  return /[\u{E0020}-\u{E007E}]/u.test(withoutEmojiTags(text));
}

/** True for names that look like tool identifiers: snake_case, kebab-case, dotted or camelCase. */
export function identifierShaped(name: string): boolean {
  return /[a-z0-9][_.-][a-z0-9]/i.test(name) || /[a-z][A-Z]/.test(name);
}

// ---------------------------------------------------------------------------------------------------------------
// Tool references: "the send_email tool", "`search` tool", "tool named fetch_url".

const REFERENCES = [
  /[`'"]([A-Za-z][\w.-]{0,63})[`'"]\s+(?:tool|function)\b/g,
  /\b([a-z][a-z0-9]*(?:[_.][a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)\s+(?:tool|function)\b/g,
  /\b(?:tool|function)\s+(?:named\s+|called\s+)?[`'"]([A-Za-z][\w.-]{0,63})[`'"]/g,
  /\b(?:tool|function)\s+(?:named|called)\s+([a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)\b/g,
  // The moment of a use, "when using brave_local_search", and a value "submitted to `map_geocode`": what is used or
  // submitted to is a tool, though the word "tool" is not there (MCPTox's orders about other servers' arguments).
  /\b(?:[Ww]hen(?:ever)?|[Bb]efore|[Aa]fter)\s+(?:you\s+)?(?:using|calling|invoking|use|call|invoke)\s+(?:the\s+)?[`'"]?([a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)\b/g,
  /\b(?:submitted|sent|passed|given)\s+to\s+[`'"]([A-Za-z][\w.-]{0,63})[`'"]/g,
];

/** Names the text refers to as tools, in order of appearance, each once. */
export function toolReferences(raw: string): { name: string; index: number }[] {
  const text = normalizeText(raw);
  const found = new Map<string, number>();
  for (const pattern of REFERENCES) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const name = match[1]!;
      if (!found.has(name)) found.set(name, match.index);
    }
  }
  return [...found].map(([name, index]) => ({ name, index })).sort((a, b) => a.index - b.index);
}

/** Identifier-like tokens of a text (for finding another server's tool names in it). */
export function identifierTokens(raw: string): Set<string> {
  return new Set(normalizeText(raw).match(/[A-Za-z][\w.-]*[A-Za-z0-9]/g) ?? []);
}
