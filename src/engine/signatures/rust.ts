/**
 * rmcp, the Rust SDK, in the signature tables (engine/signatures.ts), with its macros (#[tool_router],
 * #[prompt_router]). Its ClientRequest is an untagged serde enum that ends in CustomRequest, so a tools/call whose
 * params fail CallToolRequestParams falls through to the default custom-request handler: -32601 with the method
 * as its whole message. Observed on the twin fixtures/sdks/rmcp.
 */
import { isError, pageForInvalidCursor, said, sameJson, unansweredParseError, type Sdk, type Shown, type Signature, type Trait } from './wire.js';

export const RUST_TRAITS = {
  'rmcp-custom-request': {
    probe: 'malformed-arguments-string',
    description: 'tools/call with `arguments` a string: JSON-RPC error -32601 whose message is "tools/call"',
    test: (outcome) => isError(outcome, -32601, 'tools/call'),
  },
  'rmcp-unknown-tool': {
    probe: 'unknown-tool',
    description: 'unknown tool: JSON-RPC error -32602 "tool not found" (no name)',
    test: (outcome) => isError(outcome, -32602, 'tool not found'),
  },
} as const satisfies Record<string, Trait>;

type RustTraitId = keyof typeof RUST_TRAITS;

/** Observed on one version (the twin's); other versions are not claimed until a twin runs them. */
export const RUST_SDKS = {
  rmcp: {
    name: 'rmcp (Rust SDK, tool router)',
    versions: '=3.11.0',
    requires: ['rmcp-custom-request', 'rmcp-unknown-tool'],
    tested: ['rmcp@3.11.0'],
  },
} as const satisfies Record<string, Sdk<RustTraitId>>;

type RustSdkId = keyof typeof RUST_SDKS;

const RMCP = 'https://github.com/modelcontextprotocol/rust-sdk/blob/rmcp-v3.11.0/crates/rmcp';
const RMCP_MACROS = 'https://github.com/modelcontextprotocol/rust-sdk/blob/rmcp-v3.11.0/crates/rmcp-macros';

const customRequest = (method: string) => (shown: Shown) => shown.data.code === -32601 && shown.data.said === said(method);

export const RUST_SIGNATURES = {
  'rmcp-malformed-call': {
    ruleId: 'tools/malformed-call',
    sdks: ['rmcp'],
    description:
      'tools/call params that fail CallToolRequestParams fall through the untagged ClientRequest enum to CustomRequest, and the default on_custom_request answers -32601 with the method as message.',
    reference: `${RMCP}/src/model.rs#L4903-L4956`,
    match: customRequest('tools/call'),
  },
  'rmcp-malformed-prompts-get': {
    ruleId: 'prompts/malformed-params',
    sdks: ['rmcp'],
    description: 'prompts/get params that fail GetPromptRequestParams fall through to CustomRequest the same way: -32601 "prompts/get".',
    reference: `${RMCP}/src/handler/server.rs#L636-L648`,
    match: customRequest('prompts/get'),
  },
  'rmcp-prompt-null-argument': {
    ruleId: 'prompts/wrong-type',
    sdks: ['rmcp'],
    description:
      "Prompt arguments are any JSON values, deserialized by serde into the author's struct: a null is None for an Option<String> (rmcp's own examples), so it is taken as absent.",
    reference: `${RMCP}/src/handler/server/prompt.rs#L169-L190`,
    match: ({ data }) => data.verdict === 'accepted' && sameJson(data.variants, ['null']),
  },
  'rmcp-list-ignores-cursor': {
    ruleId: 'protocol/invalid-cursor',
    sdks: ['rmcp'],
    description: 'The list_tools and list_prompts that #[tool_handler] and #[prompt_handler] generate ignore the request: every item, no cursor read.',
    reference: `${RMCP_MACROS}/src/tool_handler.rs#L64-L80`,
    match: pageForInvalidCursor(['tools/list', 'prompts/list']),
  },
  'rmcp-stdio-parse-error': {
    ruleId: 'stdio/parse-error',
    sdks: ['rmcp'],
    description: 'The stdio transport ignores a line it cannot parse ("Ignoring unparsable incoming message"): no -32700, on purpose since rust-sdk#938.',
    reference: 'https://github.com/modelcontextprotocol/rust-sdk/issues/938',
    match: unansweredParseError,
  },
  'rmcp-http-malformed-body': {
    ruleId: 'http/malformed-body',
    sdks: ['rmcp'],
    description:
      'A POST body that is not JSON gets HTTP 415 with serde\'s words as plain text ("fail to deserialize request body ..."), not a JSON-RPC -32700.',
    reference: `${RMCP}/src/transport/common/server_side_http.rs#L256-L266`,
    match: ({ data }) =>
      data.status === 415 &&
      typeof data.sent === 'string' &&
      data.body === `fail to deserialize request body EOF while parsing an object at line 1 column ${data.sent.length}`,
  },
} as const satisfies Record<string, Signature<RustSdkId>>;
