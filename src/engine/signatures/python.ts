/**
 * The Python SDKs in the signature tables (engine/signatures.ts): the official SDK `mcp` through its high-level
 * APIs (FastMCP in 1.x, MCPServer in 2.x) and the standalone `fastmcp`, which runs on mcp 2.x, and below them the
 * session and stdio transport that every one of them, and `mcp`'s low-level `Server`, runs on. All validate every
 * request against the session's request model, so a tools/call whose `arguments` is a string gets the same -32602
 * "Invalid request parameters" from each; their unknown-tool answers, declared capabilities and generated input
 * schemas tell the high-level APIs apart, and a low-level server, whose handlers are its author's, has only the
 * identity of the session (and, in 1.x, of the low-level Server's decorators) under it. Observed on the twins
 * fixtures/sdks/python-mcp-1, python-mcp-1-lowlevel, python-mcp-2, python-mcp-2-lowlevel and fastmcp; docs/sdks.md
 * lists the evidence.
 */
import { UNKNOWN_PROMPT } from '../../exercise/injected.js';
import { asRecord } from '../../util/json.js';
import {
  capabilitiesOf,
  isEmptyObject,
  isError,
  isErrorResult,
  pageForInvalidCursor,
  said,
  unansweredInvalidRequest,
  unansweredParseError,
  type Sdk,
  type Shown,
  type Signature,
  type Trait,
} from './wire.js';

export const PYTHON_TRAITS = {
  'py-invalid-request-params': {
    probe: 'malformed-arguments-string',
    description: 'tools/call with `arguments` a string: -32602 "Invalid request parameters" with `data: ""` (the request fails the ClientRequest model)',
    test: (outcome) => isError(outcome, -32602, 'Invalid request parameters') && outcome.kind === 'error' && outcome.data === '',
  },
  'py-unknown-tool': {
    probe: 'unknown-tool',
    description: 'unknown tool: an isError result saying "Unknown tool: <name>"',
    test: (outcome, name) => isErrorResult(outcome, `Unknown tool: ${name}`),
  },
  'fastmcp-py-unknown-tool': {
    probe: 'unknown-tool',
    description: 'unknown tool: an isError result saying "Unknown tool: \'<name>\'" (the name quoted)',
    test: (outcome, name) => isErrorResult(outcome, `Unknown tool: '${name}'`),
  },
  'py-experimental-capability': {
    probe: 'initialize',
    description: 'capabilities declare `experimental: {}`, which the mcp 1.x Server declares whatever the author registers',
    test: (outcome) => isEmptyObject(capabilitiesOf(outcome)?.experimental),
  },
  'py-arguments-model': {
    probe: 'tools-list',
    description:
      "every listed tool (one at least) has an inputSchema titled `<function>Arguments`: the pydantic model FastMCP 1.x builds from the function's signature",
    test: (outcome) => {
      const tools = outcome.kind === 'result' ? asRecord(outcome.result)?.tools : undefined;
      return (
        Array.isArray(tools) &&
        tools.length > 0 &&
        tools.every((tool) => {
          const title = asRecord(asRecord(tool)?.inputSchema)?.title;
          return typeof title === 'string' && /^[A-Za-z_]\w*Arguments$/.test(title);
        })
      );
    },
  },
  'fastmcp-py-2-tool-meta': {
    probe: 'tools-list',
    description:
      'every listed tool (one at least) carries `_meta: {"_fastmcp": {...}}`, the tags fastmcp 2.x adds to each tool it lists (include_fastmcp_meta, on by default; 3.x and 4.x name the key `fastmcp`)',
    test: (outcome) => {
      const tools = outcome.kind === 'result' ? asRecord(outcome.result)?.tools : undefined;
      return Array.isArray(tools) && tools.length > 0 && tools.every((tool) => asRecord(asRecord(asRecord(tool)?._meta)?._fastmcp) !== undefined);
    },
  },
  'py-no-experimental-capability': {
    probe: 'initialize',
    description: 'capabilities declare no `experimental` (mcp 1.x always declares it)',
    test: (outcome) => {
      const capabilities = capabilitiesOf(outcome);
      return capabilities !== undefined && !Object.hasOwn(capabilities, 'experimental');
    },
  },
} as const satisfies Record<string, Trait>;

type PythonTraitId = keyof typeof PYTHON_TRAITS;

/** Observed on one version each (the twins'); older versions are not claimed until a twin runs them. */
export const PYTHON_SDKS = {
  'fastmcp-py': {
    name: 'fastmcp (Python, on mcp 2.x)',
    versions: 'fastmcp ==4.2.3',
    requires: ['py-invalid-request-params', 'fastmcp-py-unknown-tool'],
    tested: ['fastmcp==4.2.3'],
  },
  'mcp-py-2': {
    name: 'mcp (Python SDK) MCPServer',
    versions: 'mcp ==2.3.0',
    requires: ['py-invalid-request-params', 'py-unknown-tool', 'py-no-experimental-capability'],
    tested: ['mcp==2.3.0'],
  },
  'mcp-py-1': {
    name: 'mcp (Python SDK) FastMCP',
    versions: 'mcp ==1.30.0',
    // A low-level Server that raises ValueError(f"Unknown tool: {name}"), as the SDK's docs/low-level-server.md does,
    // answers the unknown tool in FastMCP's very words: only FastMCP's generated input schemas tell them apart.
    requires: ['py-invalid-request-params', 'py-unknown-tool', 'py-experimental-capability', 'py-arguments-model'],
    tested: ['mcp==1.30.0'],
  },
  // fastmcp 2.x runs on mcp 1.x (so `experimental: {}`), and its unknown tool goes out in FastMCP 1.x's words
  // through the 1.x Server; its schemas are not FastMCP 1.x's `<function>Arguments` models, and it tags every tool
  // it lists with `_meta._fastmcp`.
  'fastmcp-py-2': {
    name: 'fastmcp (Python, 2.x on mcp 1.x)',
    versions: 'fastmcp ==2.12.5',
    requires: ['py-invalid-request-params', 'py-unknown-tool', 'py-experimental-capability', 'fastmcp-py-2-tool-meta'],
    tested: ['fastmcp==2.12.5'],
  },
  // The session, the stdio transport and the low-level `Server` of mcp 1.x under every 1.x server API, FastMCP's
  // included: the reference servers of that version (mcp-server-sqlite, -duckdb, mcp-shell-server, arxiv-mcp-server)
  // are written on its decorators, whose handlers are the author's. Every mcp 1.x Server declares `experimental: {}`.
  'mcp-py-1-session': {
    name: 'mcp (Python SDK) 1.x low-level Server and session, any server API',
    versions: 'mcp ==1.30.0',
    requires: ['py-invalid-request-params', 'py-experimental-capability'],
    tested: ['mcp==1.30.0'],
  },
  // The session and the stdio transport under every server API, the low-level `Server` of the reference servers
  // (mcp-server-fetch, -git, -time) included: its handlers are the author's, so only the request model speaks for
  // the SDK. The least specific identity, so last: a server on a high-level API is named by that API above.
  'mcp-py-session': {
    name: 'mcp (Python SDK) session and stdio transport, any server API',
    versions: 'mcp ==2.3.0',
    // Without `experimental: {}`, which every mcp 1.x Server declares: the rows it marks cite 2.3.0's transport, and a
    // 1.x server whose API went unrecognised is left unmarked rather than labelled with a version it is not.
    requires: ['py-invalid-request-params', 'py-no-experimental-capability'],
    tested: ['mcp==2.3.0'],
  },
} as const satisfies Record<string, Sdk<PythonTraitId>>;

type PythonSdkId = keyof typeof PYTHON_SDKS;

const MCP_1 = 'https://github.com/modelcontextprotocol/python-sdk/blob/v1.30.0/src/mcp';
const MCP_2 = 'https://github.com/modelcontextprotocol/python-sdk/blob/v2.3.0/src/mcp';
const FASTMCP = 'https://github.com/PrefectHQ/fastmcp/blob/v4.2.3/fastmcp_slim/fastmcp';
const FASTMCP_2 = 'https://github.com/PrefectHQ/fastmcp/blob/v2.12.5/src/fastmcp';

/** An error answer with this code whose whole message is one of `texts`. */
const answered = (data: Shown['data'], code: number, ...texts: string[]) => data.code === code && texts.some((text) => data.said === said(text));

/** What MCPServer (2.x) answers when a handler raises: the text with code 0 up to 2025-11-25, withheld in 2026-07-28. */
const raised = (data: Shown['data'], text: string) => answered(data, 0, text) || answered(data, -32603, 'Internal server error');

/** The prompt name an unknown-prompt case asked for: its case variant, or mcpact's made-up name. */
const askedPrompt = (data: Shown['data']) => (typeof data.variant === 'string' ? data.variant : UNKNOWN_PROMPT);

/** The missing-argument words of FastMCP/MCPServer (a Python set of one name). */
const missing = (data: Shown['data']) => `Missing required arguments: {'${String(data.argument)}'}`;

/** The argument name an unknown-argument case sent: its case variant, or mcpact's made-up argument. */
const sentArgument = (data: Shown['data']) => String(typeof data.variant === 'string' ? data.variant : data.argument);

/**
 * FastMCP 1.x renders a prompt through pydantic's validate_call, and an undeclared argument fails it with pydantic's
 * words (the rest of the text is pydantic's, whose version is in its URL).
 */
const unexpectedKeyword = ({ data, name }: Shown) =>
  data.code === 0 &&
  typeof data.said === 'string' &&
  data.said.startsWith(
    `Error rendering prompt ${String(name)}: 1 validation error for ${String(name)}\n${sentArgument(data)}\n  Unexpected keyword argument [type=unexpected_keyword_argument, `,
  );

export const PYTHON_SIGNATURES = {
  'mcp-py-1-unknown-tool-result': {
    ruleId: 'tools/unknown-tool',
    sdks: ['mcp-py-1'],
    description: 'FastMCP raises ToolError("Unknown tool: <name>") and the Server turns every exception of a tool call into an isError result.',
    reference: `${MCP_1}/server/fastmcp/tools/tool_manager.py#L78`,
    match: ({ data }) => data.outcome === 'result' && data.isError === true && data.said === said(`Unknown tool: ${String(asRecord(data.params)?.name)}`),
  },
  'mcp-py-1-unknown-prompt': {
    ruleId: 'prompts/unknown-prompt',
    sdks: ['mcp-py-1'],
    description: 'FastMCP raises ValueError("Unknown prompt: <name>"), and the Server answers any exception of a handler with code 0 and its text.',
    reference: `${MCP_1}/server/lowlevel/server.py#L791-L794`,
    match: ({ data }) => answered(data, 0, `Unknown prompt: ${askedPrompt(data)}`),
  },
  'mcp-py-1-missing-required': {
    ruleId: 'prompts/missing-required',
    sdks: ['mcp-py-1'],
    description: 'FastMCP checks required prompt arguments itself and raises ValueError("Missing required arguments: {...}"): code 0.',
    reference: `${MCP_1}/server/fastmcp/prompts/base.py#L149`,
    match: ({ data }) => answered(data, 0, missing(data)),
  },
  'mcp-py-1-unknown-argument': {
    ruleId: 'prompts/unknown-argument',
    sdks: ['mcp-py-1'],
    description:
      "FastMCP renders a prompt through pydantic's validate_call: an undeclared argument is pydantic's unexpected_keyword_argument error, a case variant of a required one its missing-argument error; both code 0.",
    reference: `${MCP_1}/server/fastmcp/prompts/base.py#L125-L156`,
    match: (shown) => unexpectedKeyword(shown) || answered(shown.data, 0, missing(shown.data)),
  },
  'mcp-py-1-list-ignores-cursor': {
    ruleId: 'protocol/invalid-cursor',
    sdks: ['mcp-py-1'],
    description: "FastMCP's list handlers take no request (FastMCP 1.x has no pagination), so an invalid cursor gets the whole list.",
    reference: `${MCP_1}/server/fastmcp/server.py`,
    match: pageForInvalidCursor(),
  },
  'mcp-py-1-unknown-method': {
    ruleId: 'protocol/unknown-method',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description: 'Every request is validated against the ClientRequest union first; an unknown method fails it and gets -32602 "Invalid request parameters".',
    reference: `${MCP_1}/shared/session.py#L380-L395`,
    match: ({ data }) => answered(data, -32602, 'Invalid request parameters'),
  },
  'mcp-py-1-unknown-resource': {
    ruleId: 'resources/unknown-resource',
    sdks: ['mcp-py-1'],
    description: 'FastMCP raises ValueError("Unknown resource: <uri>") for a URI nothing matches: code 0 (1.x has no -32002).',
    reference: `${MCP_1}/server/fastmcp/resources/resource_manager.py#L105`,
    match: ({ data }) => answered(data, 0, `Unknown resource: ${String(data.uri)}`),
  },
  'mcp-py-1-stdio-parse-error': {
    ruleId: 'stdio/parse-error',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description:
      'The stdio transport passes a line that is not JSON to the Server as an exception, which logs it to the client (notifications/message) and answers nothing.',
    reference: `${MCP_1}/server/stdio.py#L64-L68`,
    match: unansweredParseError,
  },
  'mcp-py-1-stdio-invalid-request': {
    ruleId: 'stdio/invalid-request',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description:
      'A line that is JSON but not a JSON-RPC message ("jsonrpc": "1.0", params a string) fails validation in the stdio transport: logged, not answered.',
    reference: `${MCP_1}/server/stdio.py#L64-L68`,
    match: unansweredInvalidRequest,
  },
  // The low-level Server of 1.x, under any API: what its decorators and its request dispatch do with what a handler
  // raises or returns, whatever the author's words. After FastMCP's rows, which name FastMCP by its own words.
  'mcp-py-1-session-unknown-tool-result': {
    ruleId: 'tools/unknown-tool',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description:
      "The call_tool decorator turns every exception of the author's handler, McpError included, into an isError result with its text: a tool handler cannot answer with a JSON-RPC error.",
    reference: `${MCP_1}/server/lowlevel/server.py#L585-L590`,
    match: ({ data }) => data.outcome === 'result' && data.isError === true,
  },
  'mcp-py-1-session-unknown-prompt': {
    ruleId: 'prompts/unknown-prompt',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description:
      "The Server answers any exception a handler raises (the ValueError of its docs and reference servers) with JSON-RPC code 0 and the exception's text.",
    reference: `${MCP_1}/server/lowlevel/server.py#L791-L794`,
    match: ({ data }) => data.code === 0,
  },
  'mcp-py-1-session-missing-required': {
    ruleId: 'prompts/missing-required',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description: "The get_prompt decorator passes the arguments as sent; the handler's ValueError for a missing one goes out as code 0.",
    reference: `${MCP_1}/server/lowlevel/server.py#L791-L794`,
    match: ({ data }) => data.code === 0,
  },
  'mcp-py-1-session-empty-required': {
    ruleId: 'prompts/empty-required',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description: "The handler's ValueError for a required argument sent empty goes out as code 0, as for a missing one.",
    reference: `${MCP_1}/server/lowlevel/server.py#L791-L794`,
    match: ({ data }) => data.code === 0,
  },
  'mcp-py-1-session-unknown-argument': {
    ruleId: 'prompts/unknown-argument',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description:
      "The low-level Server checks no prompt argument itself: the handler's ValueError for one it does not know, or for a required one sent in a case variant (so missing), goes out as code 0.",
    reference: `${MCP_1}/server/lowlevel/server.py#L791-L794`,
    match: ({ data }) => data.code === 0,
  },
  'mcp-py-1-session-unknown-resource': {
    ruleId: 'resources/unknown-resource',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description: "The read_resource handler's ValueError for a URI it does not serve goes out as code 0 (mcp 1.x has no -32002 of its own).",
    reference: `${MCP_1}/server/lowlevel/server.py#L791-L794`,
    match: ({ data }) => data.code === 0,
  },
  'mcp-py-1-session-templates-ignore-cursor': {
    ruleId: 'protocol/invalid-cursor',
    sdks: ['mcp-py-1', 'mcp-py-1-session'],
    description:
      'The list_resource_templates decorator calls its handler without the request (unlike list_tools, list_prompts and list_resources, which hand it over to a handler that takes it): an invalid cursor gets the whole list.',
    reference: `${MCP_1}/server/lowlevel/server.py#L325-L335`,
    match: pageForInvalidCursor(['resources/templates/list']),
  },
  'mcp-py-2-unknown-tool-result': {
    ruleId: 'tools/unknown-tool',
    sdks: ['mcp-py-2'],
    description: 'MCPServer raises ToolError("Unknown tool: <name>"), which goes out as an isError result.',
    reference: `${MCP_2}/server/mcpserver/tools/tool_manager.py#L72`,
    match: ({ data }) => data.outcome === 'result' && data.isError === true && data.said === said(`Unknown tool: ${String(asRecord(data.params)?.name)}`),
  },
  'mcp-py-2-unknown-prompt': {
    ruleId: 'prompts/unknown-prompt',
    sdks: ['mcp-py-2'],
    description:
      'MCPServer raises ValueError("Unknown prompt: <name>"): up to 2025-11-25 the dispatcher answers code 0 with its text (its own TODO says INTERNAL_ERROR), in 2026-07-28 -32603 "Internal server error" (server/runner.py modern_error_data).',
    reference: `${MCP_2}/shared/jsonrpc_dispatcher.py#L771-L777`,
    match: ({ data }) => raised(data, `Unknown prompt: ${askedPrompt(data)}`),
  },
  'mcp-py-2-missing-required': {
    ruleId: 'prompts/missing-required',
    sdks: ['mcp-py-2'],
    description: 'MCPServer raises ValueError("Missing required arguments: {...}"): code 0 up to 2025-11-25, -32603 "Internal server error" in 2026-07-28.',
    reference: `${MCP_2}/server/mcpserver/prompts/base.py#L177`,
    match: ({ data }) => raised(data, missing(data)),
  },
  'mcp-py-2-unknown-argument': {
    ruleId: 'prompts/unknown-argument',
    sdks: ['mcp-py-2'],
    description:
      'MCPServer renders a prompt through pydantic\'s validate_call and withholds its words: an undeclared argument is "Error rendering prompt <name>", a case variant of a required one the missing-argument error; code 0 up to 2025-11-25, -32603 "Internal server error" in 2026-07-28.',
    reference: `${MCP_2}/server/mcpserver/prompts/base.py`,
    match: ({ data, name }) => raised(data, `Error rendering prompt ${String(name)}`) || raised(data, missing(data)),
  },
  'mcp-py-2-list-ignores-cursor': {
    ruleId: 'protocol/invalid-cursor',
    sdks: ['mcp-py-2'],
    description: "MCPServer's list handlers return every item without reading params.cursor, so an invalid cursor gets the whole list.",
    reference: `${MCP_2}/server/mcpserver/server.py#L427-L430`,
    match: pageForInvalidCursor(),
  },
  'mcp-py-2-unknown-resource': {
    ruleId: 'resources/unknown-resource',
    sdks: ['mcp-py-2'],
    description: 'MCPServer answers a URI nothing matches with -32602 "Unknown resource: <uri>" on every revision (SEP-2164); 2025-11-25 asks for -32002.',
    reference: `${MCP_2}/server/mcpserver/resources/resource_manager.py#L127`,
    match: ({ data }) => answered(data, -32602, `Unknown resource: ${String(data.uri)}`),
  },
  'mcp-py-2-stdio-parse-error': {
    ruleId: 'stdio/parse-error',
    sdks: ['fastmcp-py', 'mcp-py-2', 'mcp-py-session'],
    description: 'The stdio transport forwards a line that is not JSON as an exception, which the server side only logs at debug level: no answer at all.',
    reference: `${MCP_2}/server/stdio.py#L189-L192`,
    match: unansweredParseError,
  },
  'mcp-py-2-stdio-invalid-request': {
    ruleId: 'stdio/invalid-request',
    sdks: ['fastmcp-py', 'mcp-py-2', 'mcp-py-session'],
    description: 'A line that is JSON but not a JSON-RPC message fails validation in the stdio transport and is dropped the same way: no answer.',
    reference: `${MCP_2}/server/stdio.py#L189-L192`,
    match: unansweredInvalidRequest,
  },
  'fastmcp-py-unknown-tool-result': {
    ruleId: 'tools/unknown-tool',
    sdks: ['fastmcp-py'],
    description:
      'fastmcp answers an unknown tool with an isError result "Unknown tool: \'<name>\'", "matching the v1 SDK\'s call_tool behavior" (its comment).',
    reference: `${FASTMCP}/server/mixins/mcp_operations.py#L314-L325`,
    match: ({ data }) => data.outcome === 'result' && data.isError === true && data.said === said(`Unknown tool: '${String(asRecord(data.params)?.name)}'`),
  },
  'fastmcp-py-list-ignores-cursor': {
    ruleId: 'protocol/invalid-cursor',
    sdks: ['fastmcp-py'],
    description: 'fastmcp reads cursors only when the server was built with list_page_size (default none): an invalid cursor gets the whole list.',
    reference: `${FASTMCP}/server/mixins/mcp_operations.py#L63-L76`,
    match: pageForInvalidCursor(),
  },
  'fastmcp-py-2-list-ignores-cursor': {
    ruleId: 'protocol/invalid-cursor',
    sdks: ['fastmcp-py-2'],
    description:
      'fastmcp 2.x registers list handlers that take no request (_mcp_list_tools, _mcp_list_resources, _mcp_list_prompts), so an invalid cursor gets the whole list.',
    reference: `${FASTMCP_2}/server/server.py#L387-L392`,
    match: pageForInvalidCursor(['tools/list', 'resources/list', 'prompts/list']),
  },
  'fastmcp-py-wrapped-result': {
    ruleId: 'tools/structured-text',
    sdks: ['fastmcp-py', 'fastmcp-py-2'],
    description:
      'fastmcp gives a tool that returns a non-object (a `str`) the outputSchema `{"result": ...}` marked `x-fastmcp-wrap-result`, and answers `structuredContent: {"result": <value>}` beside the value itself as text, not the serialized JSON (2.x to 4.x).',
    reference: `${FASTMCP}/tools/base.py#L540-L545`,
    match: ({ data }) => data.shape === 'value-wrapped' && Array.isArray(data.outputSchemaMarks) && data.outputSchemaMarks.includes('x-fastmcp-wrap-result'),
  },
  'fastmcp-py-unknown-resource': {
    ruleId: 'resources/unknown-resource',
    sdks: ['fastmcp-py'],
    description: 'fastmcp answers a URI nothing matches with -32602 "Resource not found: \'<uri>\'" on every revision (SEP-2164); 2025-11-25 asks for -32002.',
    reference: `${FASTMCP}/server/mixins/mcp_operations.py#L402-L410`,
    match: ({ data }) => answered(data, -32602, `Resource not found: '${String(data.uri)}'`),
  },
} as const satisfies Record<string, Signature<PythonSdkId>>;
