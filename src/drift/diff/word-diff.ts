/**
 * Readable wording changes: a word-level diff of two texts in which invisible characters are shown as `<U+200B>`
 * and runs of Unicode tag characters (which can smuggle ASCII past a reader) are decoded as `<tags:...>`.
 */
import { diffWordsWithSpace } from 'diff';
import { outsideEmojiTags } from '../../util/emoji-tags.js';
import { codePointLabel, invisiblePattern } from '../../util/invisible.js';
import { canonicalText } from './text-form.js';

/** Characters that change what a model reads without changing what a person sees (util/invisible.ts), tags aside. */
const INVISIBLE = invisiblePattern(['bidi', 'zero-width', 'filler', 'variation-selector', 'format']);
/** Tag characters U+E0020..U+E007E mirror printable ASCII; U+E0001 and U+E007F are the begin and cancel tags. */
const TAG_RUN = /[\u{e0020}-\u{e007e}]+/gu;
const OTHER_TAGS = invisiblePattern(['tag']);
const codePoint = codePointLabel;

/**
 * The text with every invisible character made visible and tag-character runs decoded. A subdivision flag
 * (util/emoji-tags.ts) stays the flag a reader sees: a change of flag is a change they can see.
 */
export function visible(text: string): string {
  return outsideEmojiTags(text, (part) =>
    part
      .replace(TAG_RUN, (run) => `<tags:${Array.from(run, (char) => String.fromCharCode(char.codePointAt(0)! - 0xe0000)).join('')}>`)
      .replace(OTHER_TAGS, codePoint)
      .replace(INVISIBLE, codePoint),
  );
}

export interface WordDiff {
  /** The whole new text with changes marked git-style: `[-removed-]{+added+}`. */
  marked: string;
  /** Only the changed words with a little context, bounded, for one-line messages. */
  excerpt: string;
}

const CONTEXT_WORDS = 2;
const EXCERPT_LIMIT = 120;

export interface Part {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/**
 * The word diff as parts (hidden characters made visible), for reporters that mark changes their own way. It
 * compares the canonical forms (LF line endings, NFC: text-form.ts), so it marks words, never a line ending or a
 * composed accent that looks the same on both sides.
 */
export function wordParts(before: string, after: string): Part[] {
  return mergeNearbyChanges(diffWordsWithSpace(visible(canonicalText(before)), visible(canonicalText(after))));
}

export function wordDiff(before: string, after: string): WordDiff {
  const parts = wordParts(before, after);
  const marked = parts.map((part) => (part.added ? `{+${part.value}+}` : part.removed ? `[-${part.value}-]` : part.value)).join('');
  const pieces: string[] = [];
  parts.forEach((part, index) => {
    if (part.added || part.removed) {
      pieces.push(part.added ? `{+${part.value}+}` : `[-${part.value}-]`);
      return;
    }
    // Unchanged text keeps a few words of context on the side(s) that touch a change.
    const words = part.value.trim().split(/\s+/);
    const first = index === 0;
    const last = index === parts.length - 1;
    const kept = (first ? 0 : CONTEXT_WORDS) + (last ? 0 : CONTEXT_WORDS);
    if (words.length <= kept + 1) {
      pieces.push(part.value);
      return;
    }
    const head = first ? '' : (/^\s/.test(part.value) ? ' ' : '') + words.slice(0, CONTEXT_WORDS).join(' ');
    const tail = last ? '' : words.slice(-CONTEXT_WORDS).join(' ') + (/\s$/.test(part.value) ? ' ' : '');
    pieces.push(`${head}…${tail}`);
  });
  const excerpt = pieces.join('').replace(/\s+/g, ' ').trim();
  const chars = Array.from(excerpt);
  return { marked, excerpt: chars.length > EXCERPT_LIMIT ? `${chars.slice(0, EXCERPT_LIMIT).join('')}…` : excerpt };
}

/**
 * A minimal token diff can split one edit around a shared full stop ("name{+, e+}.{+g. Lisbon.+}"). Punctuation and
 * spaces between two changes are folded into them, which reads as the edit it was ("name[-.-]{+, e.g. Lisbon.+}").
 */
function mergeNearbyChanges(parts: readonly Part[]): Part[] {
  const merged: Part[] = [];
  const changed = (part: Part | undefined) => part !== undefined && (part.added === true || part.removed === true);
  let index = 0;
  while (index < parts.length) {
    if (!changed(parts[index])) {
      merged.push(parts[index]!);
      index++;
      continue;
    }
    let removed = '';
    let added = '';
    for (;;) {
      while (changed(parts[index])) {
        const part = parts[index]!;
        if (part.added) added += part.value;
        else removed += part.value;
        index++;
      }
      const between = parts[index];
      if (between === undefined || !changed(parts[index + 1]) || !/^[^\p{L}\p{N}]{1,3}$/u.test(between.value)) break;
      removed += between.value;
      added += between.value;
      index++;
    }
    if (removed !== '') merged.push({ value: removed, removed: true });
    if (added !== '') merged.push({ value: added, added: true });
  }
  return merged;
}
