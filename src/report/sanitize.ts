/**
 * Sanitizers for server-supplied text, one per output format. Everything a server sends is untrusted: the
 * terminal one makes control characters, ANSI/OSC escape sequences and bidi overrides visible instead of letting
 * them move the cursor, recolour, retitle or hyperlink the terminal.
 */

/** C0 controls, DEL and C1 controls (ESC and CSI among them). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Bidi embeddings, overrides and isolates, and marks that reorder text invisibly (Trojan Source). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Invisible characters that hide content: zero-width, word joiner, BOM, Unicode tags. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]|[\u{e0000}-\u{e007f}]/gu;

function codePoint(char: string): string {
  return `<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** For terminals: control characters become `\xNN`, newlines `\n`; bidi and invisible characters `<U+XXXX>`. */
export function forTerminal(text: string): string {
  return text
    .replace(CONTROL, (char) => {
      if (char === '\n') return '\\n';
      if (char === '\t') return '\\t';
      if (char === '\r') return '\\r';
      return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    })
    .replace(BIDI, codePoint)
    .replace(INVISIBLE, codePoint);
}

/** Shortens text to `max` characters (counted in code points) with a marker saying how much was cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}… (${chars.length - max} more characters)`;
}
