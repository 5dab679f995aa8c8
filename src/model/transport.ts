/**
 * How mcpact reaches a server: a child over stdio, Streamable HTTP, the legacy HTTP+SSE transport of revision
 * 2024-11-05 (deprecated since 2025-03-26, still spoken by older servers), or in memory (tests).
 */
export const TRANSPORTS = ['stdio', 'http', 'sse', 'memory'] as const;
export type TransportKind = (typeof TRANSPORTS)[number];

/** The transports a URL may name (`--transport`): Streamable HTTP, or the legacy HTTP+SSE. */
export const URL_TRANSPORTS = ['http', 'sse'] as const satisfies readonly TransportKind[];

/** Each transport as messages name it ("applies to stdio servers only (this one is reached over …)"). */
export const TRANSPORT_NAMES = {
  stdio: 'stdio',
  http: 'Streamable HTTP',
  sse: 'HTTP+SSE, the 2024-11-05 transport',
  memory: 'memory',
} as const satisfies Record<TransportKind, string>;
