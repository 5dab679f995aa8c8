/**
 * The transport of one server entry of a client's config (`mcpServers` of desktop clients and IDEs, `servers` of VS
 * Code's mcp.json), read the same way by `mcpact init --from` and by `-c <client config>`.
 */
export type ClientTransport = 'stdio' | 'http' | 'sse';

/** A URL whose path is `/sse`-ended: the SSE endpoint of the SDK's examples and of most servers of that transport. */
const SSE_PATH = /^[^?#]*\/sse\/?(?:[?#].*)?$/i;

/**
 * A `command` is stdio. A `url` is the legacy HTTP+SSE transport (2024-11-05) when the entry says so (`type: "sse"`,
 * or Cline's `transport: "sse"`), or says nothing and its path ends in /sse, which clients without a type field
 * took for SSE; any other `url` is Streamable HTTP. Undefined: neither a command nor a url.
 */
export function clientTransport(entry: Record<string, unknown>): ClientTransport | undefined {
  if (typeof entry.command === 'string') return 'stdio';
  if (typeof entry.url !== 'string') return undefined;
  const declared = entry.type ?? entry.transport;
  if (declared === 'sse') return 'sse';
  return declared === undefined && SSE_PATH.test(entry.url) ? 'sse' : 'http';
}
