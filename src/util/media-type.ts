/**
 * Media type syntax: `type/subtype` where both are RFC 6838 restricted names, then optional `; name=value`
 * parameters (RFC 9110 section 8.3.1: the value is a token or a quoted string, whitespace allowed around ";").
 */
import { quote } from './text.js';
import type { TextProblem } from './uri.js';

/** RFC 6838 section 4.2: a letter or digit, then up to 126 of these. */
const RESTRICTED_NAME = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED_STRING = '"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E\\x80-\\xFF]|\\\\[\\t \\x21-\\x7E\\x80-\\xFF])*"';
/** What may follow a ";": whitespace, an optional parameter, whitespace. Everything is optional, so it never backtracks. */
const AFTER_SEMICOLON = `[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED_STRING}))?[ \\t]*`;

export function mediaTypeProblem(value: string): TextProblem | undefined {
  const semicolon = value.includes(';') ? value.indexOf(';') : value.length;
  let end = semicolon;
  while (semicolon < value.length && (value[end - 1] === ' ' || value[end - 1] === '\t')) end--;
  const essence = value.slice(0, end);
  const slash = essence.indexOf('/');
  if (slash === -1) return { column: 1, message: 'it has no "/" between type and subtype' };
  const type = essence.slice(0, slash);
  const subtype = essence.slice(slash + 1);
  if (!RESTRICTED_NAME.test(type)) return { column: 1, message: `type ${quote(type)} is not an RFC 6838 name` };
  if (!RESTRICTED_NAME.test(subtype)) {
    return { column: columnAt(value, slash + 1), message: `subtype ${quote(subtype)} is not an RFC 6838 name` };
  }
  const parameter = new RegExp(AFTER_SEMICOLON, 'y');
  let index = semicolon;
  while (index < value.length) {
    parameter.lastIndex = index + 1; // past the ";"
    parameter.exec(value);
    index = parameter.lastIndex;
    if (index < value.length && value[index] !== ';') {
      return {
        column: columnAt(value, index),
        message: `unexpected ${quote(String.fromCodePoint(value.codePointAt(index) ?? 0))} in the parameters: each is name=value, the value a token or a quoted string`,
      };
    }
  }
  return undefined;
}

/** 1-based column of a UTF-16 index, counted in code points. */
function columnAt(text: string, index: number): number {
  return [...text.slice(0, index)].length + 1;
}
