import { defineRule, type RuleContext } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { CLIENT_CAPABILITIES } from '../../connect/envelope.js';
import { exercisePrompts, type CaseResult } from '../../exercise/prompts/exercise.js';
import { inputRequestEntries, MAX_INPUT_REQUESTS } from '../../exercise/prompts/input-required.js';
import { asRecord, jsonType, type JsonRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { promptLocation, summarizeArguments } from './shared.js';

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

type Basis = keyof typeof INPUT_REQUIRED_SPECS | 'fields';

interface Problem {
  basis: Basis;
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
export function inputRequiredProblems(result: JsonRecord, declared: JsonRecord = { ...CLIENT_CAPABILITIES }): Problem[] {
  const problems: Problem[] = [];
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

export const inputRequired = defineRule({
  id: 'prompts/input-required',
  family: 'prompts',
  needs: ['prompts'],
  description:
    'In 2026-07-28, an input-required answer to prompts/get has inputRequests or requestState, well formed, asking only for what the client declared.',
  defaultSeverity: 'error',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/patterns/mrtr#server-requirements-basic-workflow',
      quote: 'Servers MUST include at least one of `inputRequests` or `requestState` in every `InputRequiredResult` response.',
    }),
  },
  alsoQuotes: INPUT_REQUIRED_SPECS,
  docs:
    'In 2026-07-28 a server may answer `prompts/get` with `resultType: "input_required"` (multi round-trip ' +
    'requests): the prompt renders once the client retries with what was asked for. mcpact judges every such answer ' +
    'the prompt matrix gets, the retries included: it carries `inputRequests` or `requestState` (MUST); ' +
    '`requestState` is a string and `inputRequests` a map (SCHEMA); each input request is an `elicitation/create` ' +
    '(a `message`, and a `requestedSchema` of type object with properties in form mode or a `url` in URL mode), a ' +
    '`sampling/createMessage` (`messages` and `maxTokens`) or a `roots/list` (MUST); and each asks only for a ' +
    'capability the request declared (MUST NOT): mcpact declares none, so any input request is a finding, and a ' +
    'server that needs one answers with a requestState only or refuses with MissingRequiredClientCapability ' +
    '(-32021). Up to 50 input requests of one answer are judged. That keys are unique (MUST) cannot be seen once ' +
    'the JSON is parsed, and is not checked. Each problem is reported once per prompt. Skipped when no answer was ' +
    'input_required; not run in the legacy era, which has no input-required results. prompts/request-state judges ' +
    'the retry.',
  async check(context) {
    if (context.surface.lists.prompts.status !== 'ok') return context.skip('the server declares no prompts (or prompts/list failed)');
    const exercise = await exercisePrompts(context);
    const seen = new Set<string>();
    let judged = 0;
    const judge = (name: string, result: CaseResult) => {
      (result.rounds ?? []).forEach((round, index) => {
        judged++;
        for (const problem of inputRequiredProblems(round.result)) {
          const key = `${name}|${problem.basis}|${problem.pointer}|${problem.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          report(context, name, result, index, problem);
        }
      });
    };
    for (const prompt of exercise.prompts) {
      for (const result of new Set([...prompt.attempts, ...prompt.results])) judge(prompt.prompt.name, result);
    }
    for (const result of exercise.server) judge('', result);
    if (judged === 0) return context.skip('no prompts/get of the matrix was answered input_required');
    if (seen.size === 0) context.note(`${judged} input-required answer(s) judged, up to ${MAX_INPUT_REQUESTS} input requests of each`);
  },
});

function report(context: RuleContext, name: string, result: CaseResult, round: number, problem: Problem): void {
  context.report({
    message: `${problem.message} (case ${result.case}${round > 0 ? `, retry ${round}` : ''})`,
    location: name === '' ? { kind: 'server', pointer: problem.pointer } : promptLocation(name, problem.pointer),
    ...(problem.basis === 'fields' ? {} : { spec: INPUT_REQUIRED_SPECS[problem.basis] }),
    data: { case: result.case, round, arguments: summarizeArguments(result.params.arguments, context.runtime.showValues), ...problem.data },
  });
}
