import type { ErrorObject } from 'ajv';
import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { asRecord, jsonType, ownValue } from '../../util/json.js';
import { pointerSegments } from '../../util/json-pointer.js';
import { quote } from '../../util/text.js';
import {
  ERROR_DEFINITION,
  NOTIFICATION_DEFINITIONS,
  REQUEST_DEFINITIONS,
  RESULT_DEFINITIONS,
  judgedBy,
  placeOf,
  type MessageKind,
} from './message-definitions.js';
import { schemaOf } from './message-validators.js';

/**
 * Ajv's errors looked at per message: a hostile message may break the schema in every one of ten thousand items,
 * and the first few places already say what is wrong (the messages themselves are bounded: connect/rpc.ts keeps a
 * few per method, each of bounded size and nesting).
 */
const ERRORS_PER_MESSAGE = 20;
/** Places named per finding, as examples of where the messages broke the schema. */
const EXAMPLES = 3;

interface Group {
  kind: MessageKind;
  method: string;
  definition: string;
  place: string;
  keyword: string;
  problem: string;
  messages: Set<string>;
  examples: string[];
}

export const messageSchema = defineRule({
  id: 'protocol/message-schema',
  family: 'protocol',
  description:
    "Every message the server sent (results, errors, notifications, requests) has the shape the negotiated revision's schema gives it, where no other rule judges that place.",
  defaultSeverity: 'error',
  spec: {
    texts: since('2024-11-05', {
      keyword: 'SCHEMA',
      binds: 'both',
      section: 'basic/index#schema',
      quote: 'This is the source of truth for all protocol messages and structures.',
      note: 'The sentence names the TypeScript schema (schema.ts) of the revision; its JSON Schema is generated from it.',
    }),
  },
  docs:
    "The revision's schema is the source of truth for every message of the protocol. mcpact keeps the first " +
    'messages of each method the server sent during the run (20 per method: the answers to every request mcpact ' +
    'made, errors included, and the notifications and requests the server sent on its own; each answer up to 1 MiB) ' +
    'and checks each against its definition of the schema: `ListToolsResult` for a tools/list page, ' +
    '`JSONRPCErrorResponse` for any error, `ProgressNotification`, `CreateMessageRequest`... The schema comes from ' +
    "the official TypeScript SDK's own schema modules, pinned by mcpact's package-lock (no registry package ships " +
    'the published `schema.json`): `@modelcontextprotocol/sdk` 1.x `types.js` (the 2025-11-25 schema, which earlier ' +
    "revisions' messages also meet) for the legacy era, `@modelcontextprotocol/core` 2.x for 2026-07-28, converted " +
    "with zod's toJSONSchema and compiled once. Places another rule judges more precisely are left to it, so nothing " +
    'is reported twice (the list items of schema/*, rendered prompt messages, read contents, structured content, ' +
    'resultType and caching hints, log messages...; src/rules/protocol/message-definitions.ts `JUDGED_ELSEWHERE`), ' +
    'and an `input_required` interim result is left to the input-required rules. One finding per place and cause, ' +
    'however many messages share it, with the number of messages and up to three example places. Formats (uri, ' +
    'date-time) are not checked here. Fix the message so it has the shape the schema declares.',
  afterOthers: true,
  async check({ surface, probe, report, skip }) {
    const schema = await schemaOf(surface.era);
    const samples = probe.messageSamples;
    const groups = new Map<string, Group>();
    let checked = 0;

    const judge = (kind: MessageKind, method: string, definition: string, value: unknown, message: string): void => {
      const validate = schema.validator(definition);
      if (!validate) return;
      checked++;
      for (const error of withoutUnionBranches(validate(value)).slice(0, ERRORS_PER_MESSAGE)) {
        const missing = error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : '';
        const place = placeOf(error.instancePath) + missing;
        if (judgedBy(kind, method, place) !== undefined) continue;
        const expected = error.keyword === 'type' ? String(error.params.type) : '';
        const key = [kind, method, place, error.keyword, expected].join('\u0000');
        let group = groups.get(key);
        if (!group) {
          group = { kind, method, definition, place, keyword: error.keyword, problem: problemOf(error, value), messages: new Set(), examples: [] };
          groups.set(key, group);
        }
        group.messages.add(message);
        const example = error.instancePath + missing;
        if (group.examples.length < EXAMPLES && !group.examples.includes(example)) group.examples.push(example);
      }
    };

    for (const [method, messages] of samples.responses) {
      const result = ownValue(RESULT_DEFINITIONS, method);
      messages.forEach((message, index) => {
        const record = asRecord(message);
        // An answer that is neither a result nor an error is the rules of the request's own (tools/call-answered).
        if (record === undefined || 'result' in record === 'error' in record) return;
        if ('error' in record) return judge('error', method, ERROR_DEFINITION, record, `${method}#${index}`);
        if (result === undefined || (result.era !== undefined && result.era !== surface.era)) return;
        // An interim input_required result has the shape of InputRequiredResult, which the input-required rules judge.
        if (asRecord(record.result)?.resultType === 'input_required') return;
        judge('result', method, result.definition, record.result, `${method}#${index}`);
      });
    }
    for (const [kind, table, sent] of [
      ['notification', NOTIFICATION_DEFINITIONS, samples.notifications],
      ['request', REQUEST_DEFINITIONS, samples.requests],
    ] as const) {
      for (const [method, messages] of sent) {
        const entry = ownValue(table, method);
        if (entry === undefined || (entry.era !== undefined && entry.era !== surface.era)) continue;
        messages.forEach((message, index) => judge(kind, method, entry.definition, message, `${kind} ${method}#${index}`));
      }
    }
    if (checked === 0) return skip('the server sent no message mcpact has a schema definition for');

    for (const group of [...groups.values()].sort((a, b) => compareGroups(a, b))) {
      const count = group.messages.size;
      report({
        message: `${subject(group.kind, group.method)}: ${group.place === '' ? 'the message' : group.place} ${group.problem} (${group.definition}, ${count} message${count === 1 ? '' : 's'})`,
        location: { kind: 'server', pointer: `/${group.method}` },
        data: {
          kind: group.kind,
          method: group.method,
          definition: group.definition,
          path: group.place,
          keyword: group.keyword,
          messages: count,
          examples: group.examples,
          schema: schema.source,
        },
      });
    }
  },
});

function subject(kind: MessageKind, method: string): string {
  const named = quote(method, 60).slice(1, -1);
  if (kind === 'result') return `${named} result`;
  if (kind === 'error') return `error response to ${named}`;
  return `${named} ${kind}`;
}

/**
 * A union (anyOf, oneOf) that no branch matched is one problem at its place: the errors of each branch it tried
 * say only why that branch did not fit, and would read as many problems.
 */
function withoutUnionBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf').map((error) => `${error.schemaPath}/`);
  return errors.filter((error) => !unions.some((prefix) => error.schemaPath.startsWith(prefix)));
}

/** What is wrong at the error's place, in words; the server's value quoted short. */
function problemOf(error: ErrorObject, root: unknown): string {
  const value = valueAt(root, error.instancePath);
  switch (error.keyword) {
    case 'required':
      return 'is missing';
    case 'type':
      return `must be ${String(error.params.type)}, got ${jsonType(value)}`;
    case 'enum':
      return `is ${quote(value, 40)}, not one of ${quote(error.params.allowedValues, 100)}`;
    case 'const':
      return `is ${quote(value, 40)}, not ${quote(error.params.allowedValue, 60)}`;
    case 'anyOf':
    case 'oneOf': {
      const type = asRecord(value)?.type;
      return `matches none of the shapes the schema allows there${typeof type === 'string' ? ` (type ${quote(type, 40)})` : ` (got ${jsonType(value)})`}`;
    }
    default:
      return error.message ?? `breaks "${error.keyword}"`;
  }
}

/** The value at a JSON Pointer of the message (own members only), or undefined. */
function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const segment of pointerSegments(instancePath)) {
    if (Array.isArray(value)) value = value[Number(segment)];
    else value = ownValue(asRecord(value), segment);
  }
  return value;
}

function compareGroups(a: Group, b: Group): number {
  return a.kind.localeCompare(b.kind) || a.method.localeCompare(b.method) || a.place.localeCompare(b.place) || a.keyword.localeCompare(b.keyword);
}
