/**
 * The Go SDKs in the signature tables (engine/signatures.ts): the official go-sdk (typed tools through
 * mcp.AddTool) and mark3labs' mcp-go. go-sdk answers a tools/call whose `arguments` is a string with an isError
 * result in its own words, and an unknown tool with -32602 in its own words. mcp-go answers an unknown tool, and a
 * tools/call without a name, with -32602 in its own words whatever options the server was built with; what it
 * answers to `arguments` a string tells its opt-in input validation (WithInputSchemaValidation) apart, since without
 * it the author's handler answers. Observed on the twins fixtures/sdks/go-sdk, mcp-go (validation on), mcp-go-plain
 * and mcp-go-0.36 (plain handlers, as the SDK's own examples and github-mcp-server are written).
 */
import { asRecord, ownValue } from '../../util/json.js';
import { isError, isErrorResult, said, sameJson, type Sdk, type Shown, type Signature, type Trait } from './wire.js';

/** A JSON value as Go's %q prints its raw JSON (ASCII only, as every value mcpact sends here is). */
const goQuoted = (value: unknown) => JSON.stringify(JSON.stringify(value));

/** go-sdk's words when a typed tool's arguments do not unmarshal into a JSON object. */
const notAnObject = (args: unknown) =>
  `validating "arguments": unmarshaling arguments: json: cannot unmarshal ${goQuoted(args)} into Go value of type map[string]interface {}`;

/** The `arguments` of exercise/tools.ts's malformed-arguments-string call. */
const ARGUMENTS_STRING = 'mcpact';

export const GO_TRAITS = {
  'go-sdk-arguments-unmarshal': {
    probe: 'malformed-arguments-string',
    description: `tools/call with \`arguments\` a string: an isError result saying '${notAnObject(ARGUMENTS_STRING)}'`,
    test: (outcome) => isErrorResult(outcome, notAnObject(ARGUMENTS_STRING)),
  },
  'go-sdk-unknown-tool': {
    probe: 'unknown-tool',
    description: 'unknown tool: JSON-RPC error -32602 \'unknown tool "<name>"\'',
    test: (outcome, name) => isError(outcome, -32602, `unknown tool ${JSON.stringify(name)}`),
  },
  'mcp-go-arguments-schema': {
    probe: 'malformed-arguments-string',
    description: 'tools/call with `arguments` a string: an isError result saying "input schema validation failed: <root>: got string, want object"',
    test: (outcome) => isErrorResult(outcome, 'input schema validation failed: <root>: got string, want object'),
  },
  'mcp-go-unknown-tool': {
    probe: 'unknown-tool',
    description: 'unknown tool: JSON-RPC error -32602 "tool \'<name>\' not found: tool not found"',
    test: (outcome, name) => isError(outcome, -32602, `tool '${name}' not found: tool not found`),
  },
  // The params are decoded without a check that "name" is there, so the tool looked up is the empty name: the SDK's
  // own lookup answers, before any handler, middleware or validation option of the author.
  'mcp-go-nameless-tool': {
    probe: 'malformed-no-name',
    description: 'tools/call whose params have no "name": JSON-RPC error -32602 "tool \'\' not found: tool not found"',
    test: (outcome) => isError(outcome, -32602, "tool '' not found: tool not found"),
  },
} as const satisfies Record<string, Trait>;

type GoTraitId = keyof typeof GO_TRAITS;

/**
 * Observed on the twins' versions; other versions are not claimed until a twin runs them. mcp-go's own answers
 * (the two traits of `mcp-go-server`, and its prompts/get answers) have the same words in the source of every
 * version from v0.36.0 (github-mcp-server v0.15.0's) to v1.6.0, and the twins run both ends.
 */
export const GO_SDKS = {
  'go-sdk': {
    name: 'github.com/modelcontextprotocol/go-sdk (mcp.AddTool)',
    versions: 'v1.8.0',
    requires: ['go-sdk-arguments-unmarshal', 'go-sdk-unknown-tool'],
    tested: ['github.com/modelcontextprotocol/go-sdk@v1.8.0'],
  },
  'mcp-go': {
    name: 'github.com/mark3labs/mcp-go (WithInputSchemaValidation)',
    versions: 'v1.6.0',
    requires: ['mcp-go-arguments-schema', 'mcp-go-unknown-tool'],
    tested: ['github.com/mark3labs/mcp-go@v1.6.0'],
  },
  // Any server on MCPServer, with or without the opt-in options: less specific than `mcp-go`, so after it.
  'mcp-go-server': {
    name: 'github.com/mark3labs/mcp-go (MCPServer, any options)',
    versions: 'v0.36.0 to v1.6.0',
    requires: ['mcp-go-unknown-tool', 'mcp-go-nameless-tool'],
    tested: ['github.com/mark3labs/mcp-go@v0.36.0', 'github.com/mark3labs/mcp-go@v1.6.0'],
  },
} as const satisfies Record<string, Sdk<GoTraitId>>;

type GoSdkId = keyof typeof GO_SDKS;

const GO_SDK = 'https://github.com/modelcontextprotocol/go-sdk/blob/v1.8.0';
const GO_SDK_ISSUES = 'https://github.com/modelcontextprotocol/go-sdk/issues';
const MCP_GO = 'https://github.com/mark3labs/mcp-go/blob/v1.6.0';
const MCP_GO_036 = 'https://github.com/mark3labs/mcp-go/blob/v0.36.0';

const answered = (data: Shown['data'], code: number, text: string) => data.code === code && data.said === said(text);

/** A prompts/wrong-type finding whose only accepted variant is null: Go decodes a JSON null into "" of map[string]string. */
const nullTakenForEmpty = ({ data }: Shown) => data.verdict === 'accepted' && sameJson(data.variants, ['null']);

/** The Go type name encoding/json gives each JSON value prompts/wrong-type sends (its first variant). */
const GO_JSON_TYPES: Readonly<Record<string, string>> = { number: 'number', boolean: 'bool', object: 'object', array: 'array' };

/** mcp-go's words for prompts/get params that do not decode into GetPromptParams, by malformed-params variant. */
const UNPARSABLE_PROMPTS_GET: Readonly<Record<string, string>> = {
  'arguments is a string': 'string into Go struct field GetPromptParams.params.arguments of type map[string]string',
  'arguments is an array': 'array into Go struct field GetPromptParams.params.arguments of type map[string]string',
  'name not a string': 'number into Go struct field GetPromptParams.params.name of type string',
};

/**
 * mcp-go leaves required prompt arguments to the handler and sends the handler's error as -32603 whatever it says:
 * v0.36.0 to v1.2.1 give a handler no way to pick the code (v1.6.0 has server.NewHandlerError for it). One row per
 * prompts case that a handler checking its required argument refuses, matched when its words name the argument.
 */
function handlerError(ruleId: string, what: string): Signature<GoSdkId> {
  return {
    ruleId,
    sdks: ['mcp-go-server'],
    description: `${what}: the handler refuses it, and mcp-go sends a handler's error as -32603 (no way to pick the code before v1.6.0's server.NewHandlerError).`,
    reference: `${MCP_GO_036}/server/server.go#L906-L913`,
    match: ({ data }) => data.verdict === 'wrong-code' && data.code === -32603 && typeof data.said === 'string' && data.said.includes(String(data.argument)),
  };
}

const unparsable = (what: string) => `unparsable prompts/get request: json: cannot unmarshal ${what}`;

/** go-sdk's header check decodes prompts/get params into GetPromptParams first, and calls its failure a mismatch. */
const HEADER_EXTRACTION = 'failed to extract name from parameters for method "prompts/get"';

/**
 * go-sdk v1.8.0 compares the raw Mcp-Name header with the body: a Base64-encoded header that matches the body once
 * decoded is refused with its encoded form quoted (the two names in its words are mcpact's, so they are read back
 * and checked against each other, not copied from the rule).
 */
function encodedNameRefused({ data }: Shown): boolean {
  if (data.status !== 400 || data.code !== -32020 || typeof data.body !== 'string') return false;
  let message: unknown;
  try {
    message = asRecord(asRecord(JSON.parse(data.body))?.error)?.message;
  } catch {
    return false;
  }
  const match =
    typeof message === 'string'
      ? /^header mismatch: Mcp-Name header value '(=\?base64\?[A-Za-z0-9+/=]+\?=)' does not match body value '([^']+)'$/.exec(message)
      : null;
  return match !== null && match[1] === `=?base64?${Buffer.from(match[2]!, 'utf8').toString('base64')}?=`;
}

export const GO_SIGNATURES = {
  'go-sdk-malformed-call': {
    ruleId: 'tools/malformed-call',
    sdks: ['go-sdk'],
    description: "mcp.AddTool's wrapper turns arguments that do not unmarshal into an object into an isError result, not -32602.",
    reference: `${GO_SDK}/mcp/server.go#L400-L406`,
    match: ({ data }) => {
      const args = asRecord(data.params)?.arguments;
      return data.outcome === 'result' && args !== undefined && data.said === said(notAnObject(args));
    },
  },
  'go-sdk-prompt-null-argument': {
    ruleId: 'prompts/wrong-type',
    sdks: ['go-sdk'],
    description: 'GetPromptParams.Arguments is map[string]string: a JSON null decodes to "" without error, so the handler cannot tell null from empty.',
    reference: `${GO_SDK}/mcp/protocol.go#L949`,
    match: nullTakenForEmpty,
  },
  'go-sdk-http-prompt-argument-type': {
    ruleId: 'prompts/wrong-type',
    sdks: ['go-sdk'],
    description:
      'Over Streamable HTTP (2026-07-28) the header check decodes prompts/get params into GetPromptParams before anything else; a non-string argument fails it and is answered as a header mismatch, -32020 "failed to extract name ...".',
    reference: `${GO_SDK}/mcp/streamable_headers.go#L35-L55`,
    match: ({ data, transport }) => transport === 'http' && answered(data, -32020, HEADER_EXTRACTION),
  },
  'go-sdk-http-malformed-prompts-get': {
    ruleId: 'prompts/malformed-params',
    sdks: ['go-sdk'],
    description:
      'Over Streamable HTTP (2026-07-28), prompts/get whose arguments is not an object fails the same header check: -32020 "failed to extract name ...".',
    reference: `${GO_SDK}/mcp/streamable_headers.go#L35-L55`,
    match: ({ data, transport }) => transport === 'http' && answered(data, -32020, HEADER_EXTRACTION),
  },
  'go-sdk-set-level': {
    ruleId: 'protocol/logging-invalid-level',
    sdks: ['go-sdk'],
    description: 'The SDK declares logging by default and its logging/setLevel handler stores any string as the level.',
    reference: `${GO_SDK}/mcp/server.go#L2123-L2129`,
    match: ({ data }) => data.outcome === 'result',
  },
  'go-sdk-unknown-resource': {
    ruleId: 'resources/unknown-resource',
    sdks: ['go-sdk'],
    description: 'ResourceNotFoundError is -32602 "Resource not found" on every revision since v1.7.0 (SEP-2164); 2025-11-25 asks for -32002.',
    reference: `${GO_SDK}/mcp/resource.go#L36-L66`,
    match: ({ data }) => answered(data, -32602, 'Resource not found'),
  },
  'go-sdk-stdio-bad-line': {
    ruleId: 'stdio/survives-bad-line',
    sdks: ['go-sdk'],
    description: 'After a line it cannot decode the stdio transport returns from Server.Run: the session is over and later requests get nothing.',
    reference: `${GO_SDK_ISSUES}/1209`,
    match: ({ data, transport }) => transport === 'stdio' && data.ping === 'closed',
  },
  'go-sdk-unsupported-version': {
    ruleId: 'protocol/unsupported-version',
    sdks: ['go-sdk'],
    description:
      'The era is picked by comparing version strings, so a version below 2026-07-28 is taken for the initialize era, where server/discover is refused as -32601 \'method not found: "server/discover"\' (fixed after v1.8.0).',
    reference: `${GO_SDK_ISSUES}/1260`,
    match: ({ data }) => answered(data, -32601, 'method not found: "server/discover"'),
  },
  'go-sdk-encoded-name': {
    ruleId: 'http/header-validation',
    sdks: ['go-sdk'],
    description:
      'The Mcp-Name check compares the raw header with the body, so a Base64-encoded name that matches once decoded is refused (fixed after v1.8.0).',
    reference: `${GO_SDK_ISSUES}/1234`,
    match: encodedNameRefused,
  },
  'go-sdk-http-malformed-body': {
    ruleId: 'http/malformed-body',
    sdks: ['go-sdk'],
    description: 'A POST body that is not JSON gets 400 text/plain "malformed payload: ..." from http.Error, not a JSON-RPC -32700.',
    reference: `${GO_SDK}/mcp/streamable.go#L1439-L1442`,
    match: ({ data }) => data.status === 400 && data.body === 'malformed payload: unmarshaling jsonrpc message: unexpected EOF\n',
  },
  'go-sdk-http-unknown-method': {
    ruleId: 'protocol/unknown-method',
    sdks: ['go-sdk'],
    description:
      'Over Streamable HTTP up to 2025-11-25 an unknown method gets 400 text/plain "JSON RPC not handled", no JSON-RPC answer (-32601 with 404 only from 2026-07-28).',
    reference: `${GO_SDK}/mcp/streamable.go#L1480-L1490`,
    match: ({ data, transport }) => transport === 'http' && data.outcome === 'closed',
  },
  'mcp-go-malformed-call': {
    ruleId: 'tools/malformed-call',
    sdks: ['mcp-go'],
    description: 'With WithInputSchemaValidation, arguments that are not an object fail the input schema and are answered as an isError result, not -32602.',
    reference: `${MCP_GO}/server/server.go#L534-L540`,
    match: ({ data }) => {
      const args = asRecord(data.params)?.arguments;
      const type = typeof args === 'string' ? 'string' : Array.isArray(args) ? 'array' : undefined;
      return data.outcome === 'result' && type !== undefined && data.said === said(`input schema validation failed: <root>: got ${type}, want object`);
    },
  },
  'mcp-go-malformed-prompts-get': {
    ruleId: 'prompts/malformed-params',
    sdks: ['mcp-go', 'mcp-go-server'],
    description:
      'prompts/get params that do not decode into GetPromptParams get -32600 "unparsable prompts/get request: ...": every params-decode failure is INVALID_REQUEST.',
    reference: `${MCP_GO}/server/request_handler.go#L513-L527`,
    match: ({ data }) => {
      const what = typeof data.variant === 'string' ? ownValue(UNPARSABLE_PROMPTS_GET, data.variant) : undefined;
      return what !== undefined && answered(data, -32600, unparsable(what));
    },
  },
  'mcp-go-prompt-argument-type': {
    ruleId: 'prompts/wrong-type',
    sdks: ['mcp-go', 'mcp-go-server'],
    description: 'Prompt arguments are map[string]string: a non-string argument fails to decode, -32600 "unparsable prompts/get request: ...".',
    reference: `${MCP_GO}/mcp/prompts.go#L34`,
    match: ({ data }) => {
      const type = typeof data.variant === 'string' ? ownValue(GO_JSON_TYPES, data.variant) : undefined;
      return type !== undefined && answered(data, -32600, unparsable(`${type} into Go struct field GetPromptParams.params.arguments of type string`));
    },
  },
  'mcp-go-prompt-null-argument': {
    ruleId: 'prompts/wrong-type',
    sdks: ['mcp-go', 'mcp-go-server'],
    description: 'Prompt arguments are map[string]string: a JSON null decodes to "" without error, so the handler cannot tell null from empty.',
    reference: `${MCP_GO}/mcp/prompts.go#L34`,
    match: nullTakenForEmpty,
  },
  'mcp-go-unsupported-version': {
    ruleId: 'protocol/unsupported-version',
    sdks: ['mcp-go', 'mcp-go-server'],
    description:
      'The era is picked by comparing version strings, so a version below 2026-07-28 is taken for the initialize era, where server/discover gets -32601 "\\"server/discover\\" requires protocol version 2026-07-28 or later" (the versions that speak 2026-07-28, v1.x; v0.36.0 knows no server/discover).',
    reference: `${MCP_GO}/server/request_handler.go#L261-L269`,
    match: ({ data }) => answered(data, -32601, '"server/discover" requires protocol version 2026-07-28 or later'),
  },
  'mcp-go-arguments-unchecked': {
    ruleId: 'tools/malformed-call',
    sdks: ['mcp-go-server'],
    description:
      'Without WithInputSchemaValidation, `arguments` is decoded as any JSON value and handed to the handler, whose req.GetArguments() is then nil: the handler answers, in its own words, as for a call without arguments.',
    reference: `${MCP_GO}/mcp/tools.go#L70-L86`,
    match: ({ data }) => {
      const args = asRecord(data.params)?.arguments;
      return data.outcome === 'result' && (typeof args === 'string' || Array.isArray(args));
    },
  },
  'mcp-go-structured-content-dropped': {
    ruleId: 'tools/structured-content',
    sdks: ['mcp-go-server'],
    description:
      "CallToolResult's MarshalJSON writes _meta, content and isError only, so the structuredContent a handler returns never reaches the wire (mcp-go#522, fixed in v0.37.0 by #523). Marked where the server negotiated 2025-06-18, its newest revision then: later versions that still do cannot be told apart from the wire.",
    reference: `${MCP_GO_036}/mcp/tools.go#L473-L495`,
    match: ({ data }) => data.negotiated === '2025-06-18' && data.errors === undefined && data.said === undefined && data.code === undefined,
  },
  'mcp-go-handler-error-missing': handlerError('prompts/missing-required', 'A required prompt argument left out'),
  'mcp-go-handler-error-empty': handlerError('prompts/empty-required', 'An empty required argument (absent and empty read alike from map[string]string)'),
  'mcp-go-handler-error-null': handlerError('prompts/wrong-type', 'A required argument sent as null (decoded as "")'),
  'mcp-go-handler-error-case': handlerError('prompts/unknown-argument', 'A required argument sent under a name of other case (so it is missing)'),
} as const satisfies Record<string, Signature<GoSdkId>>;
