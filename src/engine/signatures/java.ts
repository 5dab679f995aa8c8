/**
 * The Java SDK (io.modelcontextprotocol.sdk:mcp, its classic McpServer API) in the signature tables
 * (engine/signatures.ts). Requests are converted to the SDK's records with Jackson before any handler runs, and
 * every exception that is not an McpError goes out as -32603 with the exception's message. Its unknown-tool answer
 * is the SDK's own constant words with the name in `data`. Observed on the twin fixtures/sdks/java-sdk.
 *
 * The same jar's second server API, io.modelcontextprotocol.modern (2026-07-28 only, no initialize), is an identity of
 * its own: its features decode params with Jackson too, but refuse what does not decode as -32602 "Malformed <record>",
 * and name an unknown tool without `data`. Observed on the twin fixtures/sdks/java-sdk-modern.
 */
import { asRecord } from '../../util/json.js';
import {
  capabilitiesOf,
  invalidRequestGot,
  isEmptyObject,
  isError,
  pageForInvalidCursor,
  said,
  type Sdk,
  type Shown,
  type Signature,
  type Trait,
} from './wire.js';

export const JAVA_TRAITS = {
  'java-unknown-tool': {
    probe: 'unknown-tool',
    description: 'unknown tool: JSON-RPC error -32602 "Unknown tool: invalid_tool_name" with `data` "Tool not found: <name>"',
    test: (outcome, name) =>
      isError(outcome, -32602, 'Unknown tool: invalid_tool_name') && outcome.kind === 'error' && outcome.data === `Tool not found: ${name}`,
  },
  'java-logging-capability': {
    probe: 'initialize',
    description: 'capabilities declare `logging: {}`, which McpServer declares when the author gives no capabilities',
    test: (outcome) => isEmptyObject(capabilitiesOf(outcome)?.logging),
  },
  'java-modern-unknown-tool': {
    probe: 'unknown-tool',
    description: 'unknown tool: JSON-RPC error -32602 "Unknown tool: <name>", no `data`',
    test: (outcome, name) => isError(outcome, -32602, `Unknown tool: ${name}`) && outcome.kind === 'error' && outcome.data === undefined,
  },
  'java-modern-malformed-call': {
    probe: 'malformed-arguments-string',
    description: 'tools/call whose `arguments` is a string: JSON-RPC error -32602 "Malformed CallToolRequest"',
    test: (outcome) => isError(outcome, -32602, 'Malformed CallToolRequest'),
  },
} as const satisfies Record<string, Trait>;

type JavaTraitId = keyof typeof JAVA_TRAITS;

/**
 * Observed on one version (the twin's); other versions are not claimed until a twin runs them. Over Streamable HTTP
 * a tools/call whose `arguments` is a string is never answered, so the identity rests on the unknown-tool answer and
 * the capabilities, which every transport gets.
 */
export const JAVA_SDKS = {
  'java-sdk': {
    name: 'io.modelcontextprotocol.sdk:mcp McpServer',
    versions: '[2.2.0]',
    requires: ['java-unknown-tool', 'java-logging-capability'],
    tested: ['io.modelcontextprotocol.sdk:mcp:2.2.0'],
  },
  'java-sdk-modern': {
    name: 'io.modelcontextprotocol.sdk:mcp modern McpServer',
    versions: '[2.2.0]',
    requires: ['java-modern-unknown-tool', 'java-modern-malformed-call'],
    tested: ['io.modelcontextprotocol.sdk:mcp:2.2.0'],
  },
} as const satisfies Record<string, Sdk<JavaTraitId>>;

type JavaSdkId = keyof typeof JAVA_SDKS;

const JAVA = 'https://github.com/modelcontextprotocol/java-sdk/blob/v2.2.0/mcp-core/src/main/java/io/modelcontextprotocol';

/** The JSON types prompts/wrong-type sends that Jackson turns into a String for a Map<String, String> without a word. */
const COERCED_TO_STRING: readonly unknown[] = ['number', 'boolean'];

/** Jackson's words when `arguments` (a string or an array) does not convert to the map of `record` (CallToolRequest, GetPromptRequest). */
function notAMap(args: unknown, record: string): string | undefined {
  const from =
    typeof args === 'string'
      ? 'String value (token `JsonToken.VALUE_STRING`)'
      : Array.isArray(args)
        ? 'Array value (token `JsonToken.START_ARRAY`)'
        : undefined;
  return (
    from &&
    `tools.jackson.databind.exc.MismatchedInputException: Cannot deserialize value of type \`java.util.LinkedHashMap<java.lang.String,java.lang.Object>\` from ${from}\n at [No location information] (through reference chain: io.modelcontextprotocol.spec.McpSchema$${record}["arguments"])`
  );
}

/** The `arguments` each prompts/malformed-params variant sends that Jackson refuses (exercise/prompts/matrix.ts). */
const PROMPT_ARGUMENTS: Readonly<Record<string, unknown>> = { 'arguments is a string': 'mcpact', 'arguments is an array': [] };

const conversionFailed = (data: Shown['data'], args: unknown, record: string) => {
  const words = notAMap(args, record);
  return words !== undefined && data.code === -32603 && data.said === said(words);
};

/**
 * The transport's answer to a body that is not JSON: the McpError object itself, serialized by Jackson with its
 * stack trace. http/malformed-body keeps the first 500 characters of a body, so the match is on how it begins.
 */
const SERIALIZED_MCP_ERROR =
  '{"jsonRpcError":{"code":-32600,"message":"Invalid message format: Failed to read value"},"cause":null,' +
  '"localizedMessage":"Invalid message format: Failed to read value","message":"Invalid message format: Failed to read value",' +
  '"stackTrace":[{"classLoaderName":"app","className":"io.modelcontextprotocol.spec.McpError$Builder",';

const serializedException = ({ data }: Shown) => data.status === 400 && typeof data.body === 'string' && data.body.startsWith(SERIALIZED_MCP_ERROR);

export const JAVA_SIGNATURES = {
  'java-malformed-call': {
    ruleId: 'tools/malformed-call',
    sdks: ['java-sdk'],
    description:
      "tools/call params are converted to CallToolRequest with Jackson before any handler runs; the conversion error goes out as -32603 with Jackson's message (McpServerSession.toJsonRpcError).",
    reference: `${JAVA}/spec/McpServerSession.java`,
    match: ({ data }) => data.outcome === 'error' && conversionFailed(data, asRecord(data.params)?.arguments, 'CallToolRequest'),
  },
  'java-malformed-prompts-get': {
    ruleId: 'prompts/malformed-params',
    sdks: ['java-sdk'],
    description: 'prompts/get params are converted to GetPromptRequest with Jackson before any handler runs: -32603 with its message.',
    reference: `${JAVA}/spec/McpServerSession.java`,
    match: ({ data }) =>
      typeof data.variant === 'string' &&
      Object.hasOwn(PROMPT_ARGUMENTS, data.variant) &&
      conversionFailed(data, PROMPT_ARGUMENTS[data.variant], 'GetPromptRequest'),
  },
  'java-http-malformed-unanswered': {
    ruleId: 'tools/call-answered',
    sdks: ['java-sdk'],
    description:
      "Over Streamable HTTP the request stream calls the tools/call handler before it attaches its error handler, and the handler throws from Jackson's conversion: the stream closes with no answer.",
    reference: `${JAVA}/spec/McpStreamableServerSession.java`,
    match: ({ data, transport }) => transport === 'http' && data.kind === 'malformed' && data.outcome === 'timeout',
  },
  'java-http-malformed-prompts-get': {
    ruleId: 'prompts/malformed-params',
    sdks: ['java-sdk'],
    description: 'Over Streamable HTTP malformed prompts/get params fail the same way before the error handler is attached: no answer.',
    reference: `${JAVA}/spec/McpStreamableServerSession.java`,
    match: ({ data, transport }) =>
      transport === 'http' && data.verdict === 'hang' && typeof data.variant === 'string' && Object.hasOwn(PROMPT_ARGUMENTS, data.variant),
  },
  'java-list-ignores-cursor': {
    ruleId: 'protocol/invalid-cursor',
    sdks: ['java-sdk'],
    description: "McpAsyncServer's own tools, prompts, resources and templates list handlers return everything in one page and ignore the cursor.",
    reference: `${JAVA}/server/McpAsyncServer.java`,
    match: pageForInvalidCursor(),
  },
  'java-set-level': {
    ruleId: 'protocol/logging-invalid-level',
    sdks: ['java-sdk'],
    description:
      "logging is declared by default, and the SDK's logging/setLevel handler deserializes an unknown level to null and answers {} (2.0 migration notes).",
    reference: `${JAVA}/server/McpAsyncServer.java`,
    match: ({ data }) => data.outcome === 'result',
  },
  'java-stdio-bad-line': {
    ruleId: 'stdio/survives-bad-line',
    sdks: ['java-sdk'],
    description: 'The stdio read loop breaks on a line it cannot deserialize and then closes the session: later requests get nothing.',
    reference: `${JAVA}/server/transport/StdioServerTransportProvider.java`,
    match: ({ data, transport }) => transport === 'stdio' && data.ping === 'closed',
  },
  'java-stdio-invalid-request': {
    ruleId: 'stdio/invalid-request',
    sdks: ['java-sdk'],
    description: 'McpSchema.deserializeJsonRpcMessage checks neither the "jsonrpc" value nor the type of params, so both invalid requests are served.',
    reference: `${JAVA}/spec/McpSchema.java`,
    match: invalidRequestGot('result'),
  },
  'java-protocol-version-header': {
    ruleId: 'http/protocol-version-header',
    sdks: ['java-sdk'],
    description:
      'The Streamable HTTP transport checks no MCP-Protocol-Version header (its header validator is a no-op by default): an unsupported version is served.',
    reference: `${JAVA}/server/transport/HttpServletStreamableServerTransportProvider.java`,
    match: ({ data }) => data.status === 200 && typeof data.header === 'string',
  },
  'java-http-malformed-body': {
    ruleId: 'http/malformed-body',
    sdks: ['java-sdk'],
    description:
      'A POST body that is not JSON gets 400 with the McpError object itself serialized by Jackson (-32600, its stack trace included), not a JSON-RPC -32700.',
    reference: `${JAVA}/server/transport/HttpServletStreamableServerTransportProvider.java`,
    match: serializedException,
  },
  'java-modern-prompt-argument-coerced': {
    ruleId: 'prompts/wrong-type',
    sdks: ['java-sdk-modern'],
    description:
      'GetPromptRequest.arguments is a Map<String, String>: Jackson decodes a number or a boolean into its text before the handler runs, so the handler gets "42" and cannot tell it from a string (an object or an array is refused, -32602 "Malformed GetPromptRequest").',
    reference: `${JAVA}/modern/McpSchema.java`,
    match: ({ data }) =>
      data.verdict === 'accepted' &&
      Array.isArray(data.variants) &&
      data.variants.length > 0 &&
      data.variants.every((variant) => COERCED_TO_STRING.includes(variant)),
  },
} as const satisfies Record<string, Signature<JavaSdkId>>;
