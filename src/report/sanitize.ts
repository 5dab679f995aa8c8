/**
 * Sanitizers for server-supplied text, one per output format. Everything a server sends is untrusted: the
 * terminal one makes control characters, ANSI/OSC escape sequences and bidi overrides visible instead of letting
 * them move the cursor, recolour, retitle or hyperlink the terminal.
 */
import { outsideEmojiTags } from '../util/emoji-tags.js';
import { codePointLabel, invisiblePattern } from '../util/invisible.js';

/** C0 controls, DEL and C1 controls (ESC and CSI among them). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * Characters that reorder text invisibly (bidi, Trojan Source) or hide content (zero-width, Unicode tags). Variation
 * selectors and the other kinds stay: they change no order, and emoji need them. The tags of a subdivision flag
 * (England's: U+1F3F4, "gbeng" in tags, U+E007F; util/emoji-tags.ts) stay too: they draw the flag, hide at most a
 * subdivision id, and security/hidden-unicode does not report them, so the console shows the flag the server sent.
 */
const HIDING = invisiblePattern(['bidi', 'zero-width', 'tag']);
const codePoint = codePointLabel;
const showHiding = (text: string) => outsideEmojiTags(text, (part) => part.replace(HIDING, codePoint));

/** For terminals: control characters become `\xNN`, newlines `\n`; bidi and invisible characters `<U+XXXX>`. */
export function forTerminal(text: string): string {
  const shown = text.replace(CONTROL, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\t') return '\\t';
    if (char === '\r') return '\\r';
    return hexEscape(char);
  });
  return showHiding(shown);
}

function hexEscape(char: string): string {
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/** Controls other than tab and line breaks: the ones a file format must not pass on as they are. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/**
 * Code units no UTF-8 encoder writes faithfully (lone surrogates) and the noncharacters U+FFFE/U+FFFF: XML 1.0
 * forbids them even as character references, and strict JSON/UTF-8 readers reject or mangle them.
 */
const UNENCODABLE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

/**
 * For files other tools read (XML, Markdown, SARIF): like forTerminal, but tabs and line breaks stay as they are,
 * since each format decides what a line break means, and unencodable code units become `<U+XXXX>`. What is left
 * is valid in every XML 1.0 document and prints harmlessly wherever the file is later shown.
 */
export function visibleText(text: string): string {
  return showHiding(text.replace(UNENCODABLE, codePoint).replace(CONTROL_BUT_WHITESPACE, hexEscape));
}
