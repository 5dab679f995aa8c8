/**
 * The TypeScript SDKs and npm fastmcp in the signature tables (engine/signatures.ts): how each is recognised, and
 * the findings each is known to produce. Every row is pinned by a test against the real SDK server from npm
 * (test/engine/signatures.test.ts) and by the TypeScript twins (fixtures/sdks/typescript-sdk-*).
 */
import { UNKNOWN_PROMPT } from '../../exercise/injected.js';
import { asRecord, ownValue } from '../../util/json.js';
import {
  capabilitiesOf,
  hasExactly,
  isEmptyObject,
  isError,
  isErrorResult,
  pageForInvalidCursor,
  said,
  sameJson,
  unansweredInvalidRequest,
  unansweredParseError,
  type Sdk,
  type Signature,
  type Trait,
} from './wire.js';

/**
 * The request validation dump of zod 3 (SDK 1.x before 1.23) and zod 4 (1.23 on), as the SDK sends it: the
 * ZodError message, which is the issue list as JSON indented by two spaces.
 */
type DumpFormat = 'zod3' | 'zod4';

/** What was wrong with the params, as a request schema sees it. */
interface Issue {
  path: string[];
  expected: 'object' | 'string';
  received: 'string' | 'array' | 'number' | 'boolean' | 'null' | 'object' | 'undefined';
}

export function zodDump(format: DumpFormat, issue: Issue): string {
  if (format === 'zod3') {
    const message = issue.received === 'undefined' ? 'Required' : `Expected ${issue.expected}, received ${issue.received}`;
    return JSON.stringify([{ code: 'invalid_type', expected: issue.expected, received: issue.received, path: issue.path, message }], null, 2);
  }
  // zod 4 names a record a record, and words every issue alike.
  const expected = issue.expected === 'object' ? 'record' : issue.expected;
  return JSON.stringify(
    [{ expected, code: 'invalid_type', path: issue.path, message: `Invalid input: expected ${expected}, received ${issue.received}` }],
    null,
    2,
  );
}

const ARGUMENTS_STRING: Issue = { path: ['params', 'arguments'], expected: 'object', received: 'string' };

export const TS_TRAITS = {
  'zod3-request-dump': {
    probe: 'malformed-arguments-string',
    description: 'tools/call with `arguments` a string: -32603 and the zod 3 issue list of the request schema',
    test: (outcome) => isError(outcome, -32603, zodDump('zod3', ARGUMENTS_STRING)),
  },
  'zod4-request-dump': {
    probe: 'malformed-arguments-string',
    description: 'tools/call with `arguments` a string: -32603 and the zod 4 issue list of the request schema',
    test: (outcome) => isError(outcome, -32603, zodDump('zod4', ARGUMENTS_STRING)),
  },
  'v2-request-dump': {
    probe: 'malformed-arguments-string',
    description: 'tools/call with `arguments` a string: -32602 "Invalid tools/call request: " and the zod 4 issue list',
    test: (outcome) => isError(outcome, -32602, `Invalid tools/call request: ${zodDump('zod4', ARGUMENTS_STRING)}`),
  },
  'mcp-server-unknown-tool-error': {
    probe: 'unknown-tool',
    description: 'unknown tool: JSON-RPC error -32602 "MCP error -32602: Tool <name> not found"',
    test: (outcome, name) => isError(outcome, -32602, `MCP error -32602: Tool ${name} not found`),
  },
  'mcp-server-unknown-tool-result': {
    probe: 'unknown-tool',
    description: 'unknown tool: an isError result saying "MCP error -32602: Tool <name> not found"',
    test: (outcome, name) => isErrorResult(outcome, `MCP error -32602: Tool ${name} not found`),
  },
  'v2-unknown-tool': {
    probe: 'unknown-tool',
    description: 'unknown tool: JSON-RPC error -32602 "Tool <name> not found"',
    test: (outcome, name) => isError(outcome, -32602, `Tool ${name} not found`),
  },
  'fastmcp-capabilities': {
    probe: 'initialize',
    description: 'initialize declares `logging: {}` and `completions: {}`, which fastmcp declares whatever the server registers',
    test: (outcome) => {
      const capabilities = capabilitiesOf(outcome);
      return capabilities !== undefined && isEmptyObject(capabilities.logging) && isEmptyObject(capabilities.completions);
    },
  },
  'fastmcp-unknown-tool': {
    probe: 'unknown-tool',
    description: 'unknown tool: JSON-RPC error -32601 "MCP error -32601: Unknown tool: <name>"',
    test: (outcome, name) => isError(outcome, -32601, `MCP error -32601: Unknown tool: ${name}`),
  },
} as const satisfies Record<string, Trait>;

type TsTraitId = keyof typeof TS_TRAITS;

/**
 * Most specific first: a mark names the first identity of its row that the server has. The version ranges come
 * from the SDK's history: zod 4 from 1.23.0 (typescript-sdk #1040), unknown tools as isError results from 1.21.0
 * (#1044), the 2.x packages from 2.0.0.
 */
export const TS_SDKS = {
  fastmcp: {
    name: 'fastmcp (on @modelcontextprotocol/sdk 1.x)',
    versions: 'fastmcp 3.x-4.x',
    // Its unknown-tool answer alone is also what many hand-written low-level servers throw (tavily-mcp does).
    requires: ['zod4-request-dump', 'fastmcp-unknown-tool', 'fastmcp-capabilities'],
    tested: ['fastmcp@4.20.16'],
  },
  'mcp-server-2': {
    name: '@modelcontextprotocol/server McpServer',
    versions: '>=2.0.0 <3.0.0',
    requires: ['v2-request-dump', 'v2-unknown-tool'],
    tested: ['@modelcontextprotocol/server@2.4.0'],
  },
  'mcp-server-1-zod4': {
    name: '@modelcontextprotocol/sdk McpServer',
    versions: '>=1.23.0 <2.0.0',
    requires: ['zod4-request-dump', 'mcp-server-unknown-tool-result'],
    tested: ['@modelcontextprotocol/sdk@1.32.2'],
  },
  'mcp-server-1-zod3': {
    name: '@modelcontextprotocol/sdk McpServer',
    versions: '>=1.21.0 <1.23.0',
    requires: ['zod3-request-dump', 'mcp-server-unknown-tool-result'],
    tested: ['@modelcontextprotocol/sdk@1.22.0'],
  },
  'mcp-server-1-old': {
    name: '@modelcontextprotocol/sdk McpServer',
    versions: '>=1.0.0 <1.21.0',
    requires: ['zod3-request-dump', 'mcp-server-unknown-tool-error'],
    tested: ['@modelcontextprotocol/sdk@1.12.1'],
  },
  'sdk-2': {
    name: '@modelcontextprotocol/server',
    versions: '>=2.0.0 <3.0.0',
    requires: ['v2-request-dump'],
    tested: ['@modelcontextprotocol/server@2.4.0'],
  },
  'sdk-1-zod4': {
    name: '@modelcontextprotocol/sdk',
    versions: '>=1.23.0 <2.0.0',
    requires: ['zod4-request-dump'],
    tested: ['@modelcontextprotocol/sdk@1.32.2'],
  },
  'sdk-1-zod3': {
    name: '@modelcontextprotocol/sdk',
    versions: '>=1.0.0 <1.23.0',
    requires: ['zod3-request-dump'],
    tested: ['@modelcontextprotocol/sdk@1.0.4', '@modelcontextprotocol/sdk@1.12.1', '@modelcontextprotocol/sdk@1.22.0'],
  },
} as const satisfies Record<string, Sdk<TsTraitId>>;

type TsSdkId = keyof typeof TS_SDKS;

const SDK_1 = ['sdk-1-zod4', 'sdk-1-zod3'] as const;
const ANY_SDK = ['fastmcp', 'sdk-2', ...SDK_1] as const;
/** The identities whose list handlers belong to the SDK (McpServer, fastmcp), not to the author. */
const SDK_LISTS = ['fastmcp', 'mcp-server-2', 'mcp-server-1-zod4', 'mcp-server-1-zod3', 'mcp-server-1-old'] as const;

/** The three malformed tools/call params of exercise/tools.ts, as the request schema sees them. */
function toolsCallIssue(params: unknown): Issue | undefined {
  const record = asRecord(params);
  if (record === undefined) return undefined;
  if (!('name' in record)) return { path: ['params', 'name'], expected: 'string', received: 'undefined' };
  if (typeof record.arguments === 'string') return ARGUMENTS_STRING;
  if (Array.isArray(record.arguments)) return { path: ['params', 'arguments'], expected: 'object', received: 'array' };
  return undefined;
}

/** The four malformed prompts/get cases of exercise/prompts/matrix.ts, by variant. */
const PROMPTS_GET_ISSUES: Readonly<Record<string, Issue>> = {
  'name missing': { path: ['params', 'name'], expected: 'string', received: 'undefined' },
  'name not a string': { path: ['params', 'name'], expected: 'string', received: 'number' },
  'arguments is an array': { path: ['params', 'arguments'], expected: 'object', received: 'array' },
  'arguments is a string': { path: ['params', 'arguments'], expected: 'object', received: 'string' },
};

const malformedCall =
  (format: DumpFormat): Signature['match'] =>
  ({ data }) => {
    const issue = toolsCallIssue(data.params);
    return issue !== undefined && data.outcome === 'error' && data.code === -32603 && data.said === said(zodDump(format, issue));
  };

const malformedPromptsGet =
  (format: DumpFormat): Signature['match'] =>
  ({ data, promptCase }) => {
    const issue = typeof data.variant === 'string' ? ownValue(PROMPTS_GET_ISSUES, data.variant) : undefined;
    const answer = issue && promptCase?.(data.variant as string);
    return issue !== undefined && data.code === -32603 && answer !== undefined && isError(answer, -32603, zodDump(format, issue));
  };

/** The JSON types prompts/wrong-type sends an argument as (exercise/prompts: its variants), as zod names them. */
const WRONG_TYPES: Readonly<Record<string, Issue['received']>> = { number: 'number', boolean: 'boolean', null: 'null', object: 'object', array: 'array' };

/**
 * prompts/wrong-type keeps the answer to its first variant in data: the request schema's issue at
 * params.arguments.<argument>, and nothing else, in the SDK's words.
 */
const argumentNotString =
  (format: DumpFormat): Signature['match'] =>
  ({ data }) => {
    const received = typeof data.variant === 'string' ? ownValue(WRONG_TYPES, data.variant) : undefined;
    if (received === undefined || typeof data.argument !== 'string' || data.code !== -32603) return false;
    return data.said === said(zodDump(format, { path: ['params', 'arguments', data.argument], expected: 'string', received }));
  };

const TS_SDK = 'https://github.com/modelcontextprotocol/typescript-sdk';
const FASTMCP_SOURCE = 'https://github.com/punkpeye/fastmcp/blob/main/src/FastMCP.ts';

/** fastmcp's own check of a prompt's required arguments: -32600 "Prompt '<name>' requires argument '<argument>': ...". */
const promptArgumentRequired: Signature['match'] = ({ data, name }) =>
  data.code === -32600 && typeof data.said === 'string' && data.said.startsWith(`MCP error -32600: Prompt '${String(name)}' requires argument '`);

/**
 * A required argument left out rendered exactly what a rendering with one of its values rendered, the rest of the
 * arguments alike: the server applied a default. McpServer 1.x declares an argument of a zod 4 argsSchema required
 * unless its schema type is `optional` (promptArgumentsFromSchema, isSchemaOptional), so a `.default()` is declared
 * required and then accepted when left out.
 */
const defaultDeclaredRequired: Signature['match'] = ({ data, name, promptRenders }) => {
  const argument = data.argument;
  if (data.case !== 'missing-required' || data.verdict !== 'accepted' || typeof argument !== 'string' || name === undefined) return false;
  const renders = promptRenders?.(name) ?? [];
  const left = renders.find((render) => render.case === 'missing-required' && render.argument === argument);
  if (left === undefined || Object.hasOwn(left.arguments, argument)) return false;
  return renders.some(
    (render) =>
      render !== left &&
      render.digest === left.digest &&
      typeof render.arguments[argument] === 'string' &&
      sameJson(withoutKey(render.arguments, argument), withoutKey(left.arguments, argument)),
  );
};

/** The arguments without `key`, in key order (sameJson compares serializations). */
const withoutKey = (args: Readonly<Record<string, unknown>>, key: string) =>
  Object.fromEntries(
    Object.entries(args)
      .filter(([name]) => name !== key)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** The zod 4 issue list of a logging/setLevel whose level is not a LoggingLevel, as SDK 1.x words it. */
const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const SET_LEVEL_DUMP = JSON.stringify(
  [
    {
      code: 'invalid_value',
      values: LOG_LEVELS,
      path: ['params', 'level'],
      message: `Invalid option: expected one of ${LOG_LEVELS.map((level) => JSON.stringify(level)).join('|')}`,
    },
  ],
  null,
  2,
);

export const TS_SIGNATURES = {
  'sdk-1-malformed-call-zod4': {
    ruleId: 'tools/malformed-call',
    sdks: ['fastmcp', 'sdk-1-zod4'],
    description:
      'Malformed tools/call params fail the request schema before any handler runs; the zod 4 error escapes as -32603 with the issue list as message.',
    reference: `${TS_SDK}/issues/2284`,
    match: malformedCall('zod4'),
  },
  'sdk-1-malformed-call-zod3': {
    ruleId: 'tools/malformed-call',
    sdks: ['sdk-1-zod3'],
    description:
      'Malformed tools/call params fail the request schema before any handler runs; the zod 3 error escapes as -32603 with the issue list as message.',
    reference: `${TS_SDK}/issues/2284`,
    match: malformedCall('zod3'),
  },
  'sdk-malformed-prompts-get-zod4': {
    ruleId: 'prompts/malformed-params',
    sdks: ['fastmcp', 'sdk-2', 'sdk-1-zod4'],
    description: 'Malformed prompts/get params fail the request schema before any handler runs: -32603 with the zod 4 issue list.',
    reference: `${TS_SDK}/issues/2284`,
    match: malformedPromptsGet('zod4'),
  },
  'sdk-1-malformed-prompts-get-zod3': {
    ruleId: 'prompts/malformed-params',
    sdks: ['sdk-1-zod3'],
    description: 'Malformed prompts/get params fail the request schema before any handler runs: -32603 with the zod 3 issue list.',
    reference: `${TS_SDK}/issues/2284`,
    match: malformedPromptsGet('zod3'),
  },
  'sdk-prompt-argument-type-zod4': {
    ruleId: 'prompts/wrong-type',
    sdks: ['fastmcp', 'sdk-2', 'sdk-1-zod4'],
    description:
      'A prompt argument that is not a string fails the request schema (arguments is a map of strings) before any handler runs: -32603 with the zod 4 issue list.',
    reference: `${TS_SDK}/issues/2284`,
    match: argumentNotString('zod4'),
  },
  'sdk-1-prompt-argument-type-zod3': {
    ruleId: 'prompts/wrong-type',
    sdks: ['sdk-1-zod3'],
    description: 'A prompt argument that is not a string fails the request schema before any handler runs: -32603 with the zod 3 issue list.',
    reference: `${TS_SDK}/issues/2284`,
    match: argumentNotString('zod3'),
  },
  'mcp-server-1-unknown-tool-result': {
    ruleId: 'tools/unknown-tool',
    sdks: ['mcp-server-1-zod4', 'mcp-server-1-zod3'],
    description: 'McpServer answers a call of an unknown tool with an isError result instead of a protocol error (since 1.21.0).',
    reference: `${TS_SDK}/pull/1044`,
    match: ({ data }) =>
      data.outcome === 'result' && data.isError === true && data.said === said(`MCP error -32602: Tool ${String(asRecord(data.params)?.name)} not found`),
  },
  'fastmcp-unknown-tool': {
    ruleId: 'tools/unknown-tool',
    sdks: ['fastmcp'],
    description: 'fastmcp answers a call of an unknown tool with -32601 (method not found) "Unknown tool: <name>".',
    reference: FASTMCP_SOURCE,
    match: ({ data }) =>
      data.outcome === 'error' && data.code === -32601 && data.said === said(`MCP error -32601: Unknown tool: ${String(asRecord(data.params)?.name)}`),
  },
  'fastmcp-unknown-prompt': {
    ruleId: 'prompts/unknown-prompt',
    sdks: ['fastmcp'],
    description: 'fastmcp answers prompts/get of a prompt it does not have (in any letter case) with -32601 (method not found) "Unknown prompt: <name>".',
    reference: FASTMCP_SOURCE,
    match: ({ data }) => data.code === -32601 && typeof data.said === 'string' && /^MCP error -32601: Unknown prompt: /.test(data.said),
  },
  'fastmcp-prompt-missing-argument': {
    ruleId: 'prompts/missing-required',
    sdks: ['fastmcp'],
    description:
      "fastmcp checks a prompt's required arguments itself and answers one left out with -32600 (invalid request) \"Prompt '<name>' requires argument '<argument>'\".",
    reference: FASTMCP_SOURCE,
    match: promptArgumentRequired,
  },
  'fastmcp-prompt-case-variant-argument': {
    ruleId: 'prompts/unknown-argument',
    sdks: ['fastmcp'],
    description:
      "A required argument sent in other letter case is one left out to fastmcp's own check of required arguments: -32600 (invalid request) \"Prompt '<name>' requires argument '<argument>'\".",
    reference: FASTMCP_SOURCE,
    match: promptArgumentRequired,
  },
  'fastmcp-completion-unknown-prompt': {
    ruleId: 'prompts/completion-unknown-prompt',
    sdks: ['fastmcp'],
    description:
      'fastmcp declares completions whatever the server registers, and answers completion/complete for a prompt it does not have with -32603 "Unknown prompt".',
    reference: FASTMCP_SOURCE,
    match: ({ data }) => data.code === -32603 && data.said === said('Unknown prompt'),
  },
  'mcp-server-1-default-required': {
    ruleId: 'prompts/missing-required',
    sdks: ['mcp-server-1-zod4'],
    description:
      'McpServer declares a prompt argument of a zod 4 argsSchema required unless its type is optional, so one with a `.default()` is listed as required and its default applied when it is left out: the rendering without it is the rendering with one of its values.',
    reference: `${TS_SDK}/blob/v1.x/src/server/mcp.ts`,
    match: defaultDeclaredRequired,
  },
  'sdk-stdio-invalid-request': {
    ruleId: 'stdio/invalid-request',
    sdks: ANY_SDK,
    description: 'The stdio transport drops a line that is JSON but not a valid JSON-RPC message (reported to onerror), so the request gets no answer.',
    reference: `${TS_SDK}/issues/563`,
    match: unansweredInvalidRequest,
  },
  'sdk-stdio-parse-error': {
    ruleId: 'stdio/parse-error',
    sdks: ANY_SDK,
    description: 'The stdio transport drops a line that is not JSON (reported to onerror), so no -32700 is sent.',
    reference: `${TS_SDK}/pull/2488`,
    match: unansweredParseError,
  },
  'sdk-before-initialize': {
    ruleId: 'stdio/before-initialize',
    sdks: ['sdk-2', ...SDK_1],
    description: 'The server serves requests that arrive before initialize: the SDK does not gate requests on the lifecycle over stdio.',
    reference: `${TS_SDK}/pull/2122`,
    match: ({ data, transport }) => transport === 'stdio' && hasExactly(data, ['method']) && typeof data.method === 'string' && data.method.endsWith('/list'),
  },
  'sdk-1-set-level-zod4': {
    ruleId: 'protocol/logging-invalid-level',
    sdks: ['fastmcp', 'sdk-1-zod4'],
    description:
      'With logging declared the SDK installs its own logging/setLevel handler; a level outside LoggingLevel fails its request schema and escapes as -32603 with the zod 4 issue list.',
    reference: `${TS_SDK}/issues/2284`,
    match: ({ data }) => data.code === -32603 && data.said === said(SET_LEVEL_DUMP),
  },
  'mcp-server-1-completion-undeclared': {
    ruleId: 'protocol/completion-undeclared',
    sdks: ['mcp-server-1-old'],
    description:
      'McpServer before 1.12.2 installs its completion/complete handler with its first prompt or resource without declaring `completions`, and answers a completion for an unknown prompt with -32602 "Prompt <name> not found"; 1.12.2 declares it.',
    reference: `${TS_SDK}/blob/1.12.1/src/server/mcp.ts`,
    match: ({ data }) => data.code === -32602 && data.said === said(`MCP error -32602: Prompt ${UNKNOWN_PROMPT} not found`),
  },
  'mcp-server-1-unknown-resource': {
    ruleId: 'resources/unknown-resource',
    sdks: ['mcp-server-1-zod4', 'mcp-server-1-zod3', 'mcp-server-1-old'],
    description:
      'McpServer answers resources/read of a URI no resource or template matches with -32602 "Resource <uri> not found", on every revision (2025-11-25 asks for -32002).',
    reference: `${TS_SDK}/blob/v1.x/src/server/mcp.ts`,
    match: ({ data }) => data.code === -32602 && data.said === said(`MCP error -32602: Resource ${String(data.uri)} not found`),
  },
  'mcp-server-2-unknown-resource': {
    ruleId: 'resources/unknown-resource',
    sdks: ['mcp-server-2'],
    description:
      'McpServer 2.x answers an unknown resource with -32602 "Resource not found: <uri>" on every revision, and maps a -32002 its handlers throw to -32602 (the 2026-07-28 code).',
    reference: `${TS_SDK}/blob/main/packages/core/src/types/errors.ts`,
    match: ({ data }) => data.code === -32602 && data.said === said(`Resource not found: ${String(data.uri)}`),
  },
  'sdk-list-ignores-cursor': {
    ruleId: 'protocol/invalid-cursor',
    sdks: SDK_LISTS,
    description: 'The SDK-owned list handlers return every item in one page and ignore the cursor, so an invalid cursor gets a page.',
    reference: `${TS_SDK}/issues/2352`,
    match: pageForInvalidCursor(),
  },
} as const satisfies Record<string, Signature<TsSdkId>>;
