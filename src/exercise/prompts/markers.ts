/**
 * Leftovers a rendering should not contain (prompts/unresolved-markers judges them): template syntax that was not
 * resolved, and words a rendering bug introduces. Counted on the whole rendered text when the matrix keeps a
 * rendering (kept-rendering.ts), once the values mcpact supplied are blanked out of it: they may contain markers on
 * purpose (`{{to}}` of case template-injection), and a server that renders them verbatim does right.
 */
import { occurrences } from './value-forms.js';

/**
 * Template syntax that should never survive rendering, as a placeholder is shaped: `{{name}}` (with a helper,
 * arguments or a filter: `{{#if draft}}`, `{{ user.name | upper }}`) and `${name}`; and `[object Object]`. A pair of
 * braces is one marker, not two. Braces around anything else (`{{ color: 'red' }}`, a JSX style object) are not a
 * placeholder, and text in code spans and fenced blocks is the author's code, quoted on purpose.
 */
export const SYNTAX_MARKERS = ['{{…}}', '${…}', '[object Object]'] as const;
/** Words that are ordinary English or code in a prompt, but a bug when rendering introduces them. */
export const WORD_MARKERS = ['undefined', 'null', 'NaN'] as const;

export type SyntaxMarker = (typeof SYNTAX_MARKERS)[number];
export type WordMarker = (typeof WORD_MARKERS)[number];
export type Marker = SyntaxMarker | WordMarker;

const WORDS: Record<WordMarker, RegExp> = { undefined: /\bundefined\b/g, null: /\bnull\b/g, NaN: /\bNaN\b/g };
// Bounded runs over classes without braces: linear on any text.
const PLACEHOLDERS: Record<Exclude<SyntaxMarker, '[object Object]'>, RegExp> = {
  '{{…}}': /\{\{[ \t]{0,8}[#/^>&!~]?[ \t]{0,8}[A-Za-z_@$][\w.$@-]{0,63}(?:[ \t]{1,8}[\w.$@'"=-]{1,64}){0,6}[ \t]{0,8}(?:\|[^{}\n]{0,64})?[ \t]{0,8}~?\}\}/g,
  '${…}': /\$\{[ \t]{0,8}[A-Za-z_$][\w.$]{0,63}[ \t]{0,8}\}/g,
};

/** How often `marker` occurs in `text` outside code: a placeholder by its shape, a word only as a whole word. */
export function markerCount(text: string, marker: Marker): number {
  const prose = withoutCode(text);
  if (marker === '[object Object]') return occurrences(prose, marker);
  const pattern = isWord(marker) ? WORDS[marker] : PLACEHOLDERS[marker];
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(prose) !== null) count++;
  return count;
}

/** Every marker's count in `text`. */
export function markerCounts(text: string): ReadonlyMap<Marker, number> {
  return new Map([...SYNTAX_MARKERS, ...WORD_MARKERS].map((marker) => [marker, markerCount(text, marker)]));
}

/** Whether `text` holds any marker at all. */
export function hasMarker(text: string): boolean {
  return [...SYNTAX_MARKERS, ...WORD_MARKERS].some((marker) => markerCount(text, marker) > 0);
}

/**
 * Whether a value mcpact sent can change the count where it is rendered: it holds a marker, or a backtick or fence
 * that would open or close code around the server's own text. Such values are blanked out before counting.
 */
export function bearsOnMarkers(value: string): boolean {
  return value.includes('`') || value.includes('~~~') || hasMarker(value);
}

/**
 * The text with its fenced blocks (``` or ~~~ to the same fence) and inline code spans (backticks on one line)
 * blanked, same length. One pass: each step moves on to the next backtick or fence, so hostile text with thousands
 * of unclosed openers costs no more than its length.
 */
function withoutCode(text: string): string {
  const out: string[] = [];
  let at = 0;
  // Where the next of each opener is, searched again only once passed: two searches over the text in all.
  let tick = -2;
  let tilde = -2;
  while (at < text.length) {
    if (tick !== -1 && tick < at) tick = text.indexOf('`', at);
    if (tilde !== -1 && tilde < at) tilde = text.indexOf('~~~', at);
    const start = tick === -1 ? tilde : tilde === -1 ? tick : Math.min(tick, tilde);
    if (start === -1) break;
    const fence = text.startsWith('```', start) ? '```' : text.startsWith('~~~', start) ? '~~~' : undefined;
    const close = fence !== undefined ? text.indexOf(fence, start + 3) : text.indexOf('`', start + 1);
    // No closer: the rest cannot be code of this kind either; an inline span ends at its line.
    if (close === -1) {
      if (fence !== undefined) break;
      out.push(text.slice(at, start + 1));
      at = start + 1;
      continue;
    }
    const end = close + (fence?.length ?? 1);
    if (fence === undefined && text.slice(start, end).includes('\n')) {
      out.push(text.slice(at, close));
      at = close;
      continue;
    }
    out.push(text.slice(at, start), ' '.repeat(end - start));
    at = end;
  }
  out.push(text.slice(at));
  return out.join('');
}

function isWord(marker: Marker): marker is WordMarker {
  return (WORD_MARKERS as readonly string[]).includes(marker);
}
