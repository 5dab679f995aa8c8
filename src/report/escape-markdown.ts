/**
 * GitHub-flavoured Markdown escaping for server-supplied text, for the step summary and the pull-request comment.
 * Server text must stay text there: no HTML (so nothing can close a `<details>` block either), no links, images,
 * autolinks, emphasis, code spans, math or table cells of its own, and no @-mentions or issue references that
 * would notify people or cross-link issues.
 */
import { visibleText } from './sanitize.js';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
/** Inline punctuation that opens emphasis, code spans, links, images, strikethrough or math, or splits a table cell. */
const PUNCTUATION = /[\\`*_[\]()!~|$]/g;
/**
 * A zero-width space, written as a character reference so it is visible in the Markdown source. GitHub finds
 * mentions, issue references and bare URLs in the rendered text, after Markdown escapes are gone, so those are
 * broken up with this character instead of a backslash.
 */
const BREAK = '&#8203;';

/** For inline text (a list item or a table cell): one line, rendered literally. */
export function markdownInline(text: string): string {
  return (
    visibleText(text)
      .replace(/\r\n|[\r\n\t]/g, ' ')
      .replace(/[&<>]/g, (char) => HTML_ENTITIES[char] ?? char)
      .replace(PUNCTUATION, '\\$&')
      // At the start of a list item or a line, these would open a heading, a list or a setext underline.
      .replace(/^[#+=-]/, '\\$&')
      .replace(/^(\d+)([.)])/, '$1\\$2')
      // Issue references (#12) first: the breaks inserted below contain "#8" themselves.
      .replace(/#(?=\d)/g, `#${BREAK}`)
      .replace(/@/g, `@${BREAK}`)
      .replace(/:\/\//g, `:${BREAK}//`)
      .replace(/\bwww\./gi, (match) => `${match.slice(0, 3)}${BREAK}.`)
      // Leading spaces would make indented code; as references they are text (and contain no "#" followed by
      // a digit any more once the issue references are done).
      .replace(/^ +/, (spaces) => '&#32;'.repeat(spaces.length))
  );
}

/** Our own identifiers (rule ids, severities) as code; anything with unexpected characters is escaped as text. */
export function markdownCode(text: string): string {
  return /^[A-Za-z0-9_./:-]+$/.test(text) ? `\`${text}\`` : markdownInline(text);
}

/**
 * A fenced code block: its content is never parsed as Markdown or HTML. The fence is longer than any run of
 * backticks in the text, so the text cannot close it.
 */
export function markdownCodeBlock(text: string): string {
  const body = visibleText(text).replace(/\r\n?/g, '\n');
  const longest = (body.match(/`+/g) ?? []).reduce((max, run) => Math.max(max, run.length), 0);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${body}${body.endsWith('\n') ? '' : '\n'}${fence}`;
}
