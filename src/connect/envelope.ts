/**
 * The per-request `_meta` envelope of the modern era (2026-07-28 basic/index#_meta): every request carries its
 * protocol version and the client's capabilities, and mcpact names itself. mcpact declares no client capability,
 * so a server that needs one must say so (MissingRequiredClientCapabilityError) rather than assume it.
 */
export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** The JSON-RPC error codes only the modern era defines (2026-07-28 basic/index#error-codes). */
export const MODERN_ERRORS = { headerMismatch: -32020, missingClientCapability: -32021, unsupportedProtocolVersion: -32022 } as const;

/**
 * Whether an answer is HeaderMismatch to a request whose name mcpact could not put in a Mcp-Name header (absent, or
 * not a string). Over 2026-07-28 HTTP such a request lacks a header the transport requires, and a server that checks
 * headers before the body refuses it so, as the transport says it must: as correct a refusal of a malformed name as
 * -32602. Found on the Go SDKs' and the Python SDK 2.x's twins (fixtures/sdks).
 */
export function refusedAtHeaders(outcome: { kind: string; code?: unknown }, name: unknown): boolean {
  return typeof name !== 'string' && outcome.kind === 'error' && outcome.code === MODERN_ERRORS.headerMismatch;
}

/**
 * The client capabilities mcpact declares in every modern request: none. It answers no elicitation, sampling or
 * roots request for real (exercise/prompts/input-required.ts), so it offers none, and a server that needs one must
 * refuse (MissingRequiredClientCapabilityError) or ask by an input request the rules then judge as undeclared.
 */
export const CLIENT_CAPABILITIES: Readonly<Record<string, unknown>> = Object.freeze({});

export interface Envelope {
  protocolVersion: string;
  clientVersion: string;
}

/** The envelope's fields, as they go into `params._meta`. */
export function envelopeMeta(envelope: Envelope): Record<string, unknown> {
  return {
    [META_KEYS.protocolVersion]: envelope.protocolVersion,
    [META_KEYS.clientInfo]: { name: 'mcpact', version: envelope.clientVersion },
    [META_KEYS.clientCapabilities]: { ...CLIENT_CAPABILITIES },
  };
}

/**
 * A request with the envelope in its params: params that are an object (or none) get `_meta` merged in, the
 * request's own `_meta` keys winning; params of another type (a rule sending them on purpose) are left alone.
 */
export function withEnvelope(message: Record<string, unknown>, envelope: Envelope): Record<string, unknown> {
  if (typeof message.method !== 'string' || !('id' in message)) return message;
  const params = message.params;
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) return message;
  const given = (params ?? {}) as Record<string, unknown>;
  const ownMeta = given._meta;
  if (ownMeta !== undefined && (typeof ownMeta !== 'object' || ownMeta === null || Array.isArray(ownMeta))) return message;
  return { ...message, params: { ...given, _meta: { ...envelopeMeta(envelope), ...(ownMeta as Record<string, unknown> | undefined) } } };
}

/** Whether a JSON-RPC error is one only a modern server sends: the era probe then knows the server is modern. */
export function isModernError(code: unknown): boolean {
  return Object.values(MODERN_ERRORS).includes(code as never);
}
