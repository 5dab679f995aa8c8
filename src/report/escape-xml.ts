/**
 * XML 1.0 escaping for server-supplied text. `visibleText` first turns everything XML 1.0 cannot carry at all
 * (NUL and other controls, lone surrogates, U+FFFE/U+FFFF) into visible escapes; then markup characters become
 * entities. `>` is always escaped, so no text can end a CDATA section or a comment either.
 */
import { visibleText } from './sanitize.js';

const TEXT_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
/** In attribute values a parser normalizes tabs and line breaks to spaces unless they are character references. */
const ATTRIBUTE_ENTITIES: Record<string, string> = { ...TEXT_ENTITIES, '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;' };

/** For element content. */
export function xmlText(text: string): string {
  return visibleText(text).replace(/[&<>\r]/g, (char) => TEXT_ENTITIES[char] ?? char);
}

/** For a quoted attribute value. */
export function xmlAttribute(text: string): string {
  return visibleText(text).replace(/[&<>"'\t\n\r]/g, (char) => ATTRIBUTE_ENTITIES[char] ?? char);
}
