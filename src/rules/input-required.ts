/**
 * What an input-required answer of 2026-07-28 must be (basic/patterns/mrtr), whichever request it answers:
 * prompts/get, resources/read and tools/call are judged by the same sentences, each by its family's rule
 * (prompts/input-required, resources/input-required, tools/input-required).
 */
import { since, type RuleSpec } from '../model/spec.js';
import { CLIENT_CAPABILITIES } from '../connect/envelope.js';
import { inputRequestEntries } from '../exercise/input-required.js';
import { asRecord, jsonType, type JsonRecord } from '../util/json.js';
import { quote } from '../util/text.js';

/** The rule's own sentence, the same for the three requests. */
export const INPUT_REQUIRED_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'MUST',
    binds: 'server',
    section: 'basic/patterns/mrtr#server-requirements-basic-workflow',
    quote: 'Servers MUST include at least one of `inputRequests` or `requestState` in every `InputRequiredResult` response.',
  }),
};

/** The requirements an input-required result rests on besides the rule's own (at least one of the two fields). */
export const INPUT_REQUIRED_SPECS = {
  kinds: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/patterns/mrtr#server-requirements-basic-workflow',
      quote: '`inputRequests` values are request objects that MUST be one of `ElicitRequest`, `CreateMessageRequest`, or `ListRootsRequest`',
      note: 'A value is one of those requests when it has its method and the params schema.ts requires for it.',
    }),
  },
  undeclared: {
    texts: since('2026-07-28', {
      keyword: 'MUST NOT',
      binds: 'server',
      section: 'basic/patterns/mrtr#server-requirements-basic-workflow',
      quote: 'Servers MUST NOT send an `inputRequests` that the client has not declared support for in its capabilities.',
      note: 'mcpact declares no client capability in the `_meta` of its requests (io.modelcontextprotocol/clientCapabilities is {}).',
    }),
  },
  requestState: {
    texts: since('2026-07-28', {
      keyword: 'SCHEMA',
      binds: 'server',
      section: 'schema#inputrequiredresult',
      quote: 'InputRequiredResult.requestState?: string',
    }),
  },
  inputRequests: {
    texts: since('2026-07-28', {
      keyword: 'SCHEMA',
      binds: 'server',
      section: 'schema#inputrequiredresult',
      quote: 'InputRequiredResult.inputRequests?: InputRequests',
      note: 'InputRequests is a map from server-assigned keys to request objects.',
    }),
  },
} as const satisfies Record<string, RuleSpec>;

export type InputRequiredBasis = keyof typeof INPUT_REQUIRED_SPECS | 'fields';

export interface InputRequiredProblem {
  basis: InputRequiredBasis;
  pointer: string;
  message: string;
  data?: JsonRecord;
}

/** The capability an input request's kind needs the client to have declared (basic/patterns/mrtr, client/elicitation). */
function missingCapability(method: string, params: JsonRecord | undefined, declared: JsonRecord): string | undefined {
  if (method === 'sampling/createMessage') return declared.sampling === undefined ? 'sampling' : undefined;
  if (method === 'roots/list') return declared.roots === undefined ? 'roots' : undefined;
  const elicitation = asRecord(declared.elicitation);
  if (elicitation === undefined) return 'elicitation';
  // `elicitation: {}` declares form mode only (schema.ts ClientCapabilities, "form mode only (implicit)").
  if (params?.mode === 'url') return elicitation.url === undefined ? 'elicitation.url' : undefined;
  return elicitation.form === undefined && elicitation.url !== undefined ? 'elicitation.form' : undefined;
}

/** Why an input request is none of ElicitRequest, CreateMessageRequest and ListRootsRequest (their required fields). */
function kindProblem(request: unknown): string | undefined {
  const record = asRecord(request);
  if (record === undefined) return `is ${jsonType(request)}, not a request object`;
  const { method } = record;
  const params = asRecord(record.params);
  switch (method) {
    case 'elicitation/create': {
      if (params === undefined) return 'is elicitation/create without a params object';
      if (typeof params.message !== 'string') return 'is elicitation/create without a message string';
      if (params.mode === 'url') return typeof params.url === 'string' ? undefined : 'is a URL-mode elicitation/create without a url string';
      if (params.mode !== undefined && params.mode !== 'form') return `is elicitation/create with mode ${quote(params.mode, 40)}, neither "form" nor "url"`;
      const schema = asRecord(params.requestedSchema);
      if (schema?.type !== 'object' || asRecord(schema.properties) === undefined) {
        return 'is a form-mode elicitation/create without a requestedSchema of type "object" with properties';
      }
      return undefined;
    }
    case 'sampling/createMessage':
      if (params === undefined) return 'is sampling/createMessage without a params object';
      if (!Array.isArray(params.messages)) return 'is sampling/createMessage without a messages array';
      return typeof params.maxTokens === 'number' ? undefined : 'is sampling/createMessage without a maxTokens number';
    case 'roots/list':
      return record.params === undefined || params !== undefined ? undefined : 'is roots/list with params that are not an object';
    default:
      return `has method ${quote(method, 60)}, none of elicitation/create, sampling/createMessage and roots/list`;
  }
}

/** Every way one input-required result breaks the revision's text or schema, judged against the capabilities declared. */
export function inputRequiredProblems(result: JsonRecord, declared: JsonRecord = { ...CLIENT_CAPABILITIES }): InputRequiredProblem[] {
  const problems: InputRequiredProblem[] = [];
  if (!('inputRequests' in result) && !('requestState' in result)) {
    problems.push({ basis: 'fields', pointer: '', message: 'input-required result has neither inputRequests nor requestState' });
  }
  if ('requestState' in result && typeof result.requestState !== 'string') {
    problems.push({ basis: 'requestState', pointer: '/requestState', message: `requestState is ${jsonType(result.requestState)}, not a string` });
  }
  if (!('inputRequests' in result)) return problems;
  const entries = inputRequestEntries(result);
  if (entries === undefined) {
    problems.push({ basis: 'inputRequests', pointer: '/inputRequests', message: `inputRequests is ${jsonType(result.inputRequests)}, not a map of requests` });
    return problems;
  }
  for (const [key, request] of entries) {
    const pointer = `/inputRequests/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const shown = quote(key, 60);
    const kind = kindProblem(request);
    if (kind !== undefined) {
      problems.push({ basis: 'kinds', pointer, message: `input request ${shown} ${kind}`, data: { key } });
      continue;
    }
    const record = asRecord(request)!;
    const method = String(record.method);
    const missing = missingCapability(method, asRecord(record.params), declared);
    if (missing !== undefined) {
      problems.push({
        basis: 'undeclared',
        pointer,
        message: `input request ${shown} is ${method}, but the request declared no ${missing} capability`,
        data: { key, method, capability: missing, declared },
      });
    }
  }
  return problems;
}
