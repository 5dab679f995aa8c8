/**
 * Whether a change of `$schema` changes what a schema accepts. Most keywords mean the same in every dialect mcpact
 * knows (draft-06, draft-07, 2019-09, 2020-12): `type`, `properties`, `required`, `enum`, the bounds, `pattern`,
 * `format` (every dialect leaves checking it to the validator), `items` as one schema, `allOf`/`anyOf`/`oneOf`/
 * `not`, `additionalProperties`. A schema that uses only those accepts the same values whichever of them it
 * declares, so moving it from draft-07 to 2020-12 (as an SDK 1.x -> 2.x upgrade does to every zod schema) is no
 * contract change. The keywords below were added, removed or redefined between dialects; a schema that uses one
 * of them may accept other values once its dialect changes.
 */
import { dialectOf, type Dialect } from '../../util/json-schema.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { truncate } from '../../util/text.js';

const ORDER: Record<Dialect, number> = { 'draft-06': 6, 'draft-07': 7, '2019-09': 2019, '2020-12': 2020 };

interface Sensitive {
  /** How the use is named in a reason. */
  use: string;
  /** Whether this schema object uses the keyword in the form whose meaning differs. */
  found(schema: JsonRecord): boolean;
  /** What the use means in a dialect (by ORDER): two dialects with different meanings treat it differently. */
  meaning(order: number): string;
}

const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly']);

const since = (order: number) => (at: number) => (at >= order ? 'applies' : 'ignored');
const has = (key: string) => (schema: JsonRecord) => Object.hasOwn(schema, key);

const SENSITIVE: Sensitive[] = [
  // A tuple before 2020-12; 2020-12 names it prefixItems, and an array there is no schema.
  { use: '`items` as an array', found: (schema) => Array.isArray(schema.items), meaning: (at) => (at < 2020 ? 'tuple' : 'invalid') },
  { use: '`additionalItems`', found: has('additionalItems'), meaning: (at) => (at < 2020 ? 'applies' : 'ignored') },
  { use: '`prefixItems`', found: has('prefixItems'), meaning: since(2020) },
  // Up to draft-07 the keywords beside a $ref are ignored; from 2019-09 on they apply too (annotations beside it,
  // such as the description zod writes there, accept nothing either way).
  {
    use: '`$ref` beside other keywords',
    found: (schema) => typeof schema.$ref === 'string' && Object.keys(schema).some((key) => key !== '$ref' && !ANNOTATIONS.has(key)),
    meaning: since(2019),
  },
  { use: '`dependencies`', found: has('dependencies'), meaning: (at) => (at < 2019 ? 'applies' : 'ignored') },
  ...['dependentRequired', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', 'minContains', 'maxContains', '$anchor'].map((key) => ({
    use: `\`${key}\``,
    found: has(key),
    meaning: since(2019),
  })),
  ...['$recursiveRef', '$recursiveAnchor'].map((key) => ({
    use: `\`${key}\``,
    found: has(key),
    meaning: (at: number) => (at === 2019 ? 'applies' : 'ignored'),
  })),
  ...['$dynamicRef', '$dynamicAnchor'].map((key) => ({ use: `\`${key}\``, found: has(key), meaning: since(2020) })),
  ...['if', 'then', 'else'].map((key) => ({ use: `\`${key}\``, found: has(key), meaning: since(7) })),
  // A plain-name fragment as $id names a location up to draft-07; 2019-09 moved that to $anchor.
  {
    use: '`$id` as a fragment',
    found: (schema) => typeof schema.$id === 'string' && schema.$id.startsWith('#'),
    meaning: (at) => (at < 2019 ? 'anchor' : 'invalid'),
  },
];

/** Keywords whose value is a schema, an array of schemas, or an object of schemas: where the walk goes on. */
const ONE = [
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'items',
];
const MANY = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

/** Bounds of the walk; past them the change cannot be shown harmless, so it counts as one that matters. */
const MAX_DEPTH = 64;
const MAX_NODES = 10_000;

/** The effective dialect: the declared one, or 2020-12 when none is declared (MCP's default); undefined when unknown. */
function effective(declared: unknown): Dialect | undefined {
  if (declared === undefined) return '2020-12';
  return typeof declared === 'string' ? dialectOf(declared) : undefined;
}

/**
 * Compares the dialects two schema objects declare (their `$schema`). The reason the change matters, when a keyword
 * either schema uses means something else in the other dialect (or a dialect is unknown); undefined when it does not.
 */
export function dialectChange(base: JsonRecord, revision: JsonRecord): string | undefined {
  const from = effective(base.$schema);
  const to = effective(revision.$schema);
  if (from === undefined || to === undefined) {
    const unknown = from === undefined ? base.$schema : revision.$schema;
    return `$schema changed, to or from a dialect mcpact does not know (${truncate(JSON.stringify(unknown) ?? 'undefined', 60)})`;
  }
  if (from === to) return undefined;
  const differs = SENSITIVE.filter((entry) => entry.meaning(ORDER[from]) !== entry.meaning(ORDER[to]));
  const use = firstUse(base, differs) ?? firstUse(revision, differs);
  if (use === TOO_LARGE) return `$schema changed from ${from} to ${to}, in a schema too large to show that its keywords mean the same in both`;
  return use === undefined ? undefined : `$schema changed from ${from} to ${to}, and the schema uses ${use}, which the two treat differently`;
}

const TOO_LARGE = Symbol('too large');

/** The first sensitive use anywhere in the schema, TOO_LARGE past the walk's bounds; undefined when there is none. */
function firstUse(root: JsonRecord, differs: readonly Sensitive[]): string | typeof TOO_LARGE | undefined {
  if (differs.length === 0) return undefined;
  const stack: { schema: unknown; depth: number }[] = [{ schema: root, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { schema, depth } = stack.pop()!;
    const record = asRecord(schema);
    if (record === undefined) continue;
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return TOO_LARGE;
    const hit = differs.find((entry) => entry.found(record));
    if (hit) return hit.use;
    const next = (value: unknown) => stack.push({ schema: value, depth: depth + 1 });
    for (const key of ONE) if (asRecord(record[key])) next(record[key]);
    for (const key of MANY) if (Array.isArray(record[key])) (record[key] as unknown[]).forEach(next);
    for (const key of MAPS) Object.values(asRecord(record[key]) ?? {}).forEach(next);
  }
  return undefined;
}
