/**
 * A code-review prompt (two required arguments, one optional) on the fake server, and a way to bend prompts/get
 * for one case while the rest stays strictly correct.
 */
import { getPrompt, type FakeServerSpec, type Reply } from '../../support/fake-server.js';

export const codeReview = {
  name: 'code_review',
  description: 'Review a change.',
  arguments: [
    { name: 'language', description: 'Programming language of the change.', required: true },
    { name: 'risk', description: 'Risk level: low, medium, or high.', required: true },
    { name: 'focus', description: 'Optional area to focus on.', required: false },
  ],
};

export const summarize = {
  name: 'summarize',
  description: 'Summarize text.',
  arguments: [{ name: 'text', description: 'The text.', required: true }],
};

export type Args = Record<string, unknown>;

/** A strict server with the code-review prompt; `bend` may take over prompts/get for some arguments. */
export function promptServer(
  bend?: (args: Args, params: Record<string, unknown>, spec: FakeServerSpec) => Reply | undefined,
  extra: Partial<FakeServerSpec> = {},
): FakeServerSpec {
  const spec: FakeServerSpec = {
    prompts: [codeReview, summarize],
    ...extra,
    handle: (method, params) => {
      if (method !== 'prompts/get' || !bend || !params) return undefined;
      const args = typeof params.arguments === 'object' && params.arguments !== null && !Array.isArray(params.arguments) ? (params.arguments as Args) : {};
      return bend(args, params, spec);
    },
  };
  return spec;
}

/** Renders as the strict server would, after dropping the given keys from the arguments. */
export function renderWithout(spec: FakeServerSpec, params: Record<string, unknown>, drop: (key: string) => boolean): Reply {
  const args = Object.fromEntries(Object.entries(params.arguments as Args).filter(([key]) => !drop(key)));
  return getPrompt(spec, { ...params, arguments: args });
}

export const text = (value: string): Reply => ({ result: { messages: [{ role: 'user', content: { type: 'text', text: value } }] } });

/** The state the input-required server hands out. */
export const STATE = 'c3RhdGUtMQ';

/** A request that is a retry: it carries what an input-required answer asked for. */
export const isRetry = (params: Record<string, unknown>): boolean => 'requestState' in params || 'inputResponses' in params;

/**
 * A 2026-07-28 server whose prompts/get validates the arguments, then answers `first` (by default an input-required
 * result with a requestState only) to a first request and `retry` to a retry (by default: the rendering when the
 * state came back unchanged, -32602 otherwise). With `only`, the other prompts render at once.
 */
export function inputRequiredServer(
  options: {
    first?: (params: Record<string, unknown>) => Record<string, unknown>;
    retry?: (params: Record<string, unknown>, spec: FakeServerSpec) => Reply | undefined;
    only?: string;
  } = {},
): FakeServerSpec {
  return promptServer(
    (_args, params, spec) => {
      const checked = getPrompt(spec, params);
      if ('error' in checked || (options.only !== undefined && params.name !== options.only)) return checked;
      if (!isRetry(params)) return { result: options.first?.(params) ?? { resultType: 'input_required', requestState: STATE } };
      const own = options.retry?.(params, spec);
      if (own !== undefined) return own;
      return params.requestState === STATE ? checked : { error: { code: -32602, message: 'Invalid or expired requestState' } };
    },
    { modern: true },
  );
}

export const elicit = (message = 'Which week?') => ({
  method: 'elicitation/create',
  params: { message, requestedSchema: { type: 'object', properties: { week: { type: 'string' } } } },
});
