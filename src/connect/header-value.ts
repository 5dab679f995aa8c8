/** How a header carries a value that may not be plain visible ASCII: `Mcp-Name` and `Mcp-Param-*` alike. */

/**
 * A value as a header carries it (streamable-http#value-encoding): as is when it is visible ASCII (and spaces
 * inside), else Base64 of its UTF-8 between `=?base64?` and `?=`, as is a plain value that looks like that.
 */
export function headerValue(value: string): string {
  const plain = /^[\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?$/.test(value) && !(value.startsWith('=?base64?') && value.endsWith('?='));
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
