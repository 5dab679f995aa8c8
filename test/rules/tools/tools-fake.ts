/**
 * A fake server whose tools/call behaves like a correct server (unknown tool and malformed params -> -32602,
 * schema-invalid arguments -> an isError result, checked with Ajv against the declared inputSchema), with every
 * behaviour overridable per test.
 */
import type { FakeServerSpec, Reply } from '../../support/fake-server.js';
import { compileSchema } from '../../../src/util/schema-validator.js';

export interface FakeTool {
  definition: Record<string, unknown> & { name: string };
  /** The reply to a call whose arguments the inputSchema accepts (default: a text result). */
  run?: (args: Record<string, unknown>) => Reply;
}

export interface ToolsBehaviour {
  unknown?: Reply;
  /** The reply to malformed params: one for all, or one per request. */
  malformed?: Reply | ((params: Record<string, unknown> | undefined) => Reply);
  invalid?: (tool: string, args: unknown) => Reply;
  protocolVersion?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const text = (value: string, extra: Record<string, unknown> = {}): Reply => ({ result: { content: [{ type: 'text', text: value }], ...extra } });
export const toolError = (value: string): Reply => text(value, { isError: true });
export const rpcError = (code: number, message = 'error'): Reply => ({ error: { code, message } });

export function toolsServer(tools: FakeTool[], behaviour: ToolsBehaviour = {}): FakeServerSpec {
  const validators = new Map(tools.map((tool) => [tool.definition.name, compileSchema(tool.definition.inputSchema)]));
  return {
    tools: tools.map((tool) => tool.definition),
    pageSize: 50,
    ...(behaviour.protocolVersion !== undefined && { protocolVersion: behaviour.protocolVersion }),
    handle(method, params) {
      if (method !== 'tools/call') return undefined;
      const name = params?.name;
      const args = params?.arguments;
      if (typeof name !== 'string' || (args !== undefined && !isRecord(args))) {
        const { malformed } = behaviour;
        return (typeof malformed === 'function' ? malformed(params) : malformed) ?? rpcError(-32602, 'Invalid params');
      }
      const tool = tools.find((entry) => entry.definition.name === name);
      if (!tool) return behaviour.unknown ?? rpcError(-32602, `Unknown tool: ${name}`);
      if (!validators.get(name)?.validate(args ?? {})) return behaviour.invalid?.(name, args) ?? toolError(`Invalid arguments for ${name}`);
      return tool.run?.(args ?? {}) ?? text('ok');
    },
  };
}

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false };

/** A read-only tool with a required string, an optional bounded integer and an enum: every variant kind applies. */
export const searchTool: FakeTool = {
  definition: {
    name: 'search',
    description: 'Search the index for documents.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 50 },
        limit: { type: 'integer', minimum: 1, maximum: 10 },
        sort: { type: 'string', enum: ['relevance', 'date'] },
      },
      required: ['query'],
      additionalProperties: false,
    },
    annotations: READ_ONLY,
  },
};

/** The state the input-required tool hands out. */
export const TOOL_STATE = 'dGVhbS1zdGF0dXM';

/** A read-only tool with one required string: the one the input-required fakes serve. */
export const teamTool: FakeTool = {
  definition: {
    name: 'team_status',
    description: "The status of a team's work.",
    inputSchema: { type: 'object', properties: { team: { type: 'string', minLength: 1 } }, required: ['team'] },
    annotations: READ_ONLY,
  },
};

/**
 * A 2026-07-28 server whose team_status answers `first` (by default an input-required result with a requestState
 * only) to a first call and `retry` to a retry, a call that carries requestState or inputResponses (by default: a
 * text result when its own state came back, -32602 otherwise).
 */
export function inputRequiredTools(
  options: { first?: () => Record<string, unknown>; retry?: (params: Record<string, unknown>) => Reply | undefined } = {},
): FakeServerSpec {
  const spec = toolsServer([teamTool]);
  return {
    ...spec,
    modern: true,
    handle(method, params, message) {
      if (method !== 'tools/call' || params === undefined) return spec.handle!(method, params, message);
      if (!('requestState' in params) && !('inputResponses' in params))
        return { result: options.first?.() ?? { resultType: 'input_required', requestState: TOOL_STATE } };
      return options.retry?.(params) ?? (params.requestState === TOOL_STATE ? text('on track') : rpcError(-32602, 'Invalid or expired requestState'));
    },
  };
}
