/**
 * HTML escaping for the HTML report, through one tagged template: every value interpolated into `html\`…\`` is
 * escaped unless it is markup this reporter built itself (an `Html`), so forgetting to escape is not possible.
 * Server text first goes through `visibleText` (controls, lone surrogates, bidi, zero-width and tag characters
 * become visible escapes), then the five markup characters become entities: the result is safe in element
 * content and in quoted attribute values alike. Nothing the server sent is ever placed in a script, a style, an
 * event handler or a URL: links go only to addresses mcpact builds (`safeUrl` refuses every other scheme).
 */
import { visibleText } from './sanitize.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Markup this reporter wrote: passed through the template as it is. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

/** Text for element content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return visibleText(text).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function piece(value: HtmlValue): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** The template: literal parts are ours, every interpolated value is escaped unless it is `Html`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += piece(value) + (strings[index + 1] ?? '');
  });
  return new Html(text);
}

/** The `<U+200B>` and `<tags:…>` labels that visibleText and the drift word diff write for hidden characters. */
const HIDDEN_LABEL = /<U\+[0-9A-F]{4,6}>|<tags:[^>]*>|\\x[0-9a-f]{2}/g;

/**
 * Server text for element content with every hidden character shown as a marked label, so a zero-width space or
 * a bidi override stands out instead of reading as ordinary text.
 */
export function shownText(text: string): Html {
  const visible = visibleText(text);
  let out = '';
  let last = 0;
  for (const match of visible.matchAll(HIDDEN_LABEL)) {
    out += escapeVisible(visible.slice(last, match.index)) + `<mark class="hidden-char">${escapeVisible(match[0])}</mark>`;
    last = match.index + match[0].length;
  }
  return new Html(out + escapeVisible(visible.slice(last)));
}

/** Escaping of text that already went through visibleText. */
function escapeVisible(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** An address mcpact built (rule docs, spec pages, upstream references): https only, or nothing. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
