/**
 * A message or a cause with what differs between occurrences of one cause set aside: the item's own name, quoted
 * values and numbers (JSON-RPC error codes stay). The engine merges findings of one cause by it (engine/merge.ts);
 * a known finding's fingerprint rests on it (report/known-findings.ts), so timings and counts never reach either.
 */

/** Quoted server values (quote() output, possibly cut short with an ellipsis). */
const QUOTED = /"(?:[^"\\]|\\.)*"…?/g;
/** JSON-RPC error codes are a cause of their own: -32602 and -32603 are two defects, not one. */
const NUMBER = /(?<![\w.-])(?!-32\d{3}\b)-?\d+(?:\.\d+)?(?![\w.])/g;

export function mask(text: string, name: string | undefined): string {
  // The item's own name, where the text says it unquoted (a one- or two-letter name would match inside words).
  let masked = name !== undefined && name.length >= 3 ? text.split(name).join('<name>') : text;
  masked = masked.replace(QUOTED, '"<value>"').replace(NUMBER, '<n>');
  return masked;
}
