/**
 * Text hidden in base64 inside a longer text: a description that carries "aWdub3JlIHByZXZpb3Vz..." says something
 * to a model that decodes it and nothing to a person who reads it. Only runs that decode to readable text count:
 * hashes, ids and images decode to bytes, not words.
 */

/** A run of the base64 alphabet, standing alone (not inside a word, a URL path segment or a longer run). */
const RUN = /(?<![\w+/=-])[A-Za-z0-9+/]{24,8192}={0,2}(?![\w+/=-])/g;
/** How many runs of one text are decoded: a hostile text may hold thousands. */
const MAX_RUNS = 16;
/** The share of a decoded run that must be printable ASCII (tab, line feed and carriage return included). */
const READABLE = 0.95;

export interface Base64Text {
  /** Where the run starts in the text, and its length. */
  index: number;
  length: number;
  /** What it decodes to. */
  decoded: string;
}

function readable(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  let printable = 0;
  for (const byte of bytes) if ((byte >= 0x20 && byte < 0x7f) || byte === 0x09 || byte === 0x0a || byte === 0x0d) printable++;
  // Words have spaces or punctuation between them; a run of letters that happens to decode to letters is no text.
  return printable / bytes.length >= READABLE && /[\s(;:,.'"=]/.test(bytes.toString('latin1'));
}

/** The runs of `text` that are base64 of readable text, first ones first, at most MAX_RUNS. */
export function base64Texts(text: string): Base64Text[] {
  const found: Base64Text[] = [];
  RUN.lastIndex = 0;
  let tried = 0;
  for (let match = RUN.exec(text); match && tried < MAX_RUNS; match = RUN.exec(text)) {
    // Mixed case or digits: an all-lowercase or all-uppercase run is a word, a constant or a hex digest.
    if (!/[a-z]/.test(match[0]) || !/[A-Z0-9+/]/.test(match[0])) continue;
    tried++;
    const bytes = Buffer.from(match[0], 'base64');
    // Canonical base64 only: re-encoding gives the run back (without its padding), so stray letters are no encoding.
    if (bytes.toString('base64').replace(/=+$/, '') !== match[0].replace(/=+$/, '')) continue;
    if (readable(bytes)) found.push({ index: match.index, length: match[0].length, decoded: bytes.toString('latin1') });
  }
  return found;
}
