/**
 * Leftovers a rendering should not contain (prompts/unresolved-markers judges them): template syntax that was not
 * resolved, and words a rendering bug introduces. Counted on the whole rendered text when the matrix keeps a
 * rendering (kept-rendering.ts), once the values mcpact supplied are blanked out of it: they may contain markers on
 * purpose (`{{to}}` of case template-injection), and a server that renders them verbatim does right.
 */
import { occurrences } from './value-forms.js';

/** Template syntax that should never survive rendering. */
export const SYNTAX_MARKERS = ['{{', '}}', '${', '[object Object]'] as const;
/** Words that are ordinary English or code in a prompt, but a bug when rendering introduces them. */
export const WORD_MARKERS = ['undefined', 'null', 'NaN'] as const;

export type SyntaxMarker = (typeof SYNTAX_MARKERS)[number];
export type WordMarker = (typeof WORD_MARKERS)[number];
export type Marker = SyntaxMarker | WordMarker;

const WORDS: Record<WordMarker, RegExp> = { undefined: /\bundefined\b/g, null: /\bnull\b/g, NaN: /\bNaN\b/g };

/** How often `marker` occurs in `text`: a syntax marker anywhere, a word only as a whole word. */
export function markerCount(text: string, marker: Marker): number {
  if (!isWord(marker)) return occurrences(text, marker);
  const pattern = WORDS[marker];
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text) !== null) count++;
  return count;
}

/** Every marker's count in `text`. */
export function markerCounts(text: string): ReadonlyMap<Marker, number> {
  return new Map([...SYNTAX_MARKERS, ...WORD_MARKERS].map((marker) => [marker, markerCount(text, marker)]));
}

/** Whether `text` holds any marker at all (a value mcpact sent that does is blanked out before counting). */
export function hasMarker(text: string): boolean {
  return [...SYNTAX_MARKERS, ...WORD_MARKERS].some((marker) => markerCount(text, marker) > 0);
}

function isWord(marker: Marker): marker is WordMarker {
  return (WORD_MARKERS as readonly string[]).includes(marker);
}
