/**
 * Absolute URI check (RFC 3986 section 4.3): a scheme, then only characters a URI may hold. It does not parse the
 * authority or the path; non-ASCII characters are tolerated, as in IRIs (RFC 3987).
 */
import { quote } from './text.js';

/** What is wrong and at which column (1-based, counted in code points). */
export interface TextProblem {
  column: number;
  message: string;
}

const SCHEME_CHAR = /^[A-Za-z0-9+.-]$/;
const HEX = /^[0-9A-Fa-f]$/;
/** Characters RFC 3986 excludes from URIs outright (section 2 and appendix C). */
const EXCLUDED = new Set(['<', '>', '"', '{', '}', '|', '\\', '^', '`']);

export function absoluteUriProblem(uri: string): TextProblem | undefined {
  const chars = [...uri];
  const colon = chars.indexOf(':');
  const beforeColon = colon === -1 ? chars : chars.slice(0, colon);
  if (colon === -1 || beforeColon.some((char) => char === '/' || char === '?' || char === '#')) {
    return { column: 1, message: 'it has no scheme (an absolute URI starts with one, such as "file:")' };
  }
  if (colon === 0) return { column: 1, message: 'its scheme is empty' };
  const badScheme = beforeColon.findIndex((char, index) => (index === 0 ? !/^[A-Za-z]$/.test(char) : !SCHEME_CHAR.test(char)));
  if (badScheme !== -1) {
    return {
      column: badScheme + 1,
      message: `its scheme contains ${quote(beforeColon[badScheme])}: a scheme is a letter followed by letters, digits, "+", "-" and "."`,
    };
  }
  for (let index = colon + 1; index < chars.length; index++) {
    const char = chars[index] ?? '';
    const column = index + 1;
    if (/\p{Cc}/u.test(char)) return { column, message: `it contains the control character ${quote(char)}` };
    if (/\s/u.test(char)) return { column, message: `it contains whitespace ${quote(char)}` };
    if (EXCLUDED.has(char)) return { column, message: `it contains ${quote(char)}, which must be percent-encoded` };
    if (char === '%' && !(HEX.test(chars[index + 1] ?? '') && HEX.test(chars[index + 2] ?? ''))) {
      return { column, message: 'it has a "%" not followed by two hex digits' };
    }
  }
  return undefined;
}
