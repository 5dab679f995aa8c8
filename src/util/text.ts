/** Text as it appears in messages: bounded, because servers are untrusted. */

/**
 * A server value as it appears in a message: JSON-quoted and cut short, because servers are untrusted and a name
 * or URI may be megabytes long. The full value belongs in the finding's `data`.
 */
export const QUOTE_MAX = 80;

export function quote(value: unknown, max = QUOTE_MAX): string {
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= max) return text;
  let end = max - 1;
  // Never end on the first half of a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** Shortens text to `max` characters (counted in code points) with a marker saying how much was cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}… (${chars.length - max} more characters)`;
}

/**
 * A copy of `text` that shares no memory with it. V8 makes a slice of a long string a view that keeps the whole
 * string alive, so an excerpt kept from a server's 8 MB answer would keep the 8 MB too.
 */
export function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}
