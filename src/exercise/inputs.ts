/**
 * Inputs generated from a tool's inputSchema with fast-check, reproducibly (a fixed seed per tool): valid
 * examples, and invalid variants that each break one rule of the schema (a required property missing, a wrong
 * type, an enum or a bound violated, an undeclared property). Every candidate is checked with Ajv against the
 * schema itself, so a "valid" example is never rejected by the schema and an "invalid" one never accepted:
 * generation may be approximate, verdicts are not.
 *
 * Values are kept small on purpose (numbers near their lower bound, short strings, short arrays, URLs on
 * example.com): they are sent to real servers, where a large number can mean a long wait and a real host a
 * real request.
 *
 * The schema is the server's, so generation is synchronous work of the server's choosing: a wide `anyOf` of
 * `$ref`s that are wide `anyOf`s again, `minItems` nested in `minItems`, a 200,000-value `enum`. Each tool gets
 * one budget (`GenerationBudget`): schema nodes visited, bytes in one generated value, and milliseconds of CPU. A
 * branch that cannot fit its share of the bytes is left out like any other impossible branch; nodes or time
 * running out stops generation for the tool, and the budget says so (the tools rules skip it with a note).
 */
import { unescapePointerSegment } from '../util/json-pointer.js';
import fc from 'fast-check';
import { asRecord, nameRecord, ownValue, type JsonRecord } from '../util/json.js';
import { jsonBytesUpTo } from '../util/bound.js';
import { patternCost } from '../util/pattern-cost.js';
import { filler, NOT_IN_ENUM, UNEXPECTED_PROPERTY, UNEXPECTED_PROPERTY_VALUE, WRONG_BY_TYPE, WRONG_CANDIDATES } from './injected.js';
import type { SchemaValidator } from '../util/schema-validator.js';

/** How deep a schema is followed ($ref chains, nested objects); deeper parts are left out or give up. */
const MAX_DEPTH = 8;
/** Candidates drawn per example; the first that the schema accepts is kept. */
const DRAWS = 12;
/** More invalid variants than this per tool are not sent: enough to find a server that does not validate. */
export const MAX_INVALID_VARIANTS = 16;
/** A property name no real schema declares, for the additionalProperties probe. */
export { UNEXPECTED_PROPERTY };

const ALNUM = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');

/** What generating one tool's inputs may spend, valid examples and invalid variants together. */
export const GENERATION_LIMITS = {
  /** Schema nodes visited while building generators. */
  nodes: 20_000,
  /** Bytes (of JSON, roughly) in one generated value. */
  valueBytes: 64 * 1024,
  /**
   * CPU time of the process, not wall time: generation is synchronous, so the process's CPU is spent on it alone,
   * and a loaded machine that leaves mcpact waiting for a core does not spend it. (Wall time made the verdicts of a
   * correct server's tools flip on a busy CI runner: its weather tool "went past the budget" now and then.)
   */
  ms: 500,
} as const;

/** Explicit repetition counts above this (`a{5000}`) are not generated from the pattern. */
const MAX_PATTERN_REPEAT = 100;

export class GenerationBudget {
  /** Which limit ran out, once one has: generation for the tool stopped there. */
  exhausted: 'nodes' | 'time' | undefined;
  private nodes: number = GENERATION_LIMITS.nodes;
  private readonly start = process.cpuUsage();

  /** One more schema node; throws once a limit is spent. */
  spend(): void {
    if (--this.nodes < 0) this.stop('nodes');
    if ((this.nodes & 63) === 0) this.check();
  }

  /** Throws when the time is up. */
  check(): void {
    if (this.exhausted === undefined && cpuMs(this.start) > GENERATION_LIMITS.ms) this.stop('time');
    if (this.exhausted !== undefined) throw new BudgetSpent();
  }

  private stop(limit: 'nodes' | 'time'): never {
    this.exhausted ??= limit;
    throw new BudgetSpent();
  }
}

class BudgetSpent extends Error {}

/** Milliseconds of CPU (user and system) the process has spent since `start`. */
function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

type Mode = 'small' | 'varied';

interface Walk {
  root: JsonRecord;
  mode: Mode;
  depth: number;
  budget: GenerationBudget;
  /** Bytes the value built at this node may take. */
  bytes: number;
}

/** A stable 32-bit seed from a tool name, so each tool gets its own reproducible inputs. */
export function seedFor(name: string, base = 0x6d637061): number {
  let hash = 0x811c9dc5 ^ base;
  for (let index = 0; index < name.length; index++) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/**
 * Up to two distinct objects the schema accepts: one "small" (every declared property, each at a small value)
 * and one "varied" (optional properties sometimes left out, values drawn more widely).
 */
export function validExamples(schema: JsonRecord, validate: SchemaValidator, seed: number, budget = new GenerationBudget()): JsonRecord[] {
  const found: JsonRecord[] = [];
  try {
    for (const [mode, offset] of [
      ['small', 0],
      ['varied', 1],
    ] as const) {
      const arbitrary = arbitraryFor(schema, { root: schema, mode, depth: 0, budget, bytes: GENERATION_LIMITS.valueBytes });
      if (!arbitrary) continue;
      let accepted: JsonRecord | undefined;
      for (const candidate of fc.sample(arbitrary, { seed: seed + offset, numRuns: DRAWS })) {
        budget.check();
        const record = asRecord(candidate);
        if (record && validate(record)) {
          accepted = record;
          break;
        }
      }
      if (accepted && !found.some((other) => JSON.stringify(other) === JSON.stringify(accepted))) found.push(accepted);
    }
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    return [];
  }
  return found;
}

export type VariantKind = 'missing-required' | 'wrong-type' | 'enum' | 'bound' | 'additional-property';

export interface InvalidVariant {
  kind: VariantKind;
  /** The top-level property the variant breaks, when it is about one. */
  property?: string;
  /** The schema keyword it violates (required, type, enum, minimum, additionalProperties, ...). */
  keyword: string;
  arguments: JsonRecord;
  /**
   * A wrong-type variant that the tool's own schema accepts once converted as a coercing validator converts it (a
   * number for a string as its text, 12345 as "12345", by zod's z.coerce.string() or Ajv's coerceTypes; a string
   * for a boolean as true, by zod's z.coerce.boolean()): such a validator serves it as valid input, so that it went
   * on shows no missing validation.
   */
  coercible?: true;
}

/**
 * Variants the schema rejects. With a valid `base`, each variant changes one thing of it. Without one (the tool
 * may not be run with valid input), only variants in which no required property has a usable value are built:
 * all required properties missing, or all of them with a wrong type, so that even a server that does not
 * validate has nothing to act on.
 */
export function invalidVariants(
  schema: JsonRecord,
  validate: SchemaValidator,
  base: JsonRecord | undefined,
  budget = new GenerationBudget(),
): InvalidVariant[] {
  const found: InvalidVariant[] = [];
  try {
    // Drawn lazily and stopped at the limit: a schema may declare 100,000 properties.
    for (const variant of variantCandidates(schema, base)) {
      budget.spend();
      if (validate(variant.arguments)) continue;
      found.push(variant.kind === 'wrong-type' && validate(coerced(schema, variant.arguments)) ? { ...variant, coercible: true } : variant);
      if (found.length >= MAX_INVALID_VARIANTS) break;
    }
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    return [];
  }
  return found;
}

function* variantCandidates(schema: JsonRecord, base: JsonRecord | undefined): Generator<InvalidVariant> {
  const properties = asRecord(schema.properties) ?? {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
  if (!base) {
    if (required.length > 0) {
      yield { kind: 'missing-required', keyword: 'required', arguments: {} };
      const wrong = nameRecord<unknown>();
      for (const key of required) {
        const value = wrongTypeValue(ownValue(properties, key));
        if (value === undefined) break;
        wrong[key] = value;
      }
      if (Object.keys(wrong).length === required.length) yield { kind: 'wrong-type', keyword: 'type', arguments: wrong };
    }
    return;
  }
  for (const key of required) {
    const { [key]: _omitted, ...rest } = base;
    yield { kind: 'missing-required', property: key, keyword: 'required', arguments: rest };
  }
  for (const [key, property] of Object.entries(properties)) {
    const value = wrongTypeValue(property);
    if (value !== undefined) yield { kind: 'wrong-type', property: key, keyword: 'type', arguments: { ...base, [key]: value } };
  }
  for (const [key, property] of Object.entries(properties)) {
    const value = enumViolation(property);
    if (value !== undefined) yield { kind: 'enum', property: key, keyword: 'enum', arguments: { ...base, [key]: value } };
  }
  for (const [key, property] of Object.entries(properties)) {
    for (const [keyword, value] of boundViolations(property, ownValue(base, key))) {
      yield { kind: 'bound', property: key, keyword, arguments: { ...base, [key]: value } };
    }
  }
  if (schema.additionalProperties === false || schema.unevaluatedProperties === false) {
    const keyword = schema.additionalProperties === false ? 'additionalProperties' : 'unevaluatedProperties';
    if (!Object.hasOwn(properties, UNEXPECTED_PROPERTY)) {
      yield { kind: 'additional-property', property: UNEXPECTED_PROPERTY, keyword, arguments: { ...base, [UNEXPECTED_PROPERTY]: UNEXPECTED_PROPERTY_VALUE } };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Valid values

function arbitraryFor(raw: unknown, walk: Walk): fc.Arbitrary<unknown> | undefined {
  walk.budget.spend();
  if (raw === true) return walk.bytes >= 8 ? fc.constant('mcpact') : undefined;
  const schema = asRecord(raw);
  if (!schema || walk.depth > MAX_DEPTH) return undefined;
  const next = { ...walk, depth: walk.depth + 1 };
  if (typeof schema.$ref === 'string') return arbitraryFor(resolveRef(schema.$ref, walk.root), next);
  if ('const' in schema) return fits(schema.const, walk.bytes) ? fc.constant(schema.const) : undefined;
  if (Array.isArray(schema.enum)) return enumArbitrary(schema.enum as unknown[], walk);
  if (walk.mode === 'small' && Array.isArray(schema.examples) && schema.examples.length > 0 && fits(schema.examples[0], walk.bytes))
    return fc.constant(schema.examples[0]);
  if (Array.isArray(schema.allOf)) return arbitraryFor(mergeAllOf(schema, walk.budget), next);
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches) {
    const options = branches.map((branch) => arbitraryFor(branch, next)).filter((option) => option !== undefined);
    if (options.length === 0) return undefined;
    return walk.mode === 'small' ? options[0] : fc.oneof(...options);
  }
  const types = typesOf(schema);
  const options = types.map((type) => arbitraryOfType(type, schema, next)).filter((option) => option !== undefined);
  if (options.length === 0) return undefined;
  return walk.mode === 'small' || options.length === 1 ? options[0] : fc.oneof(...options);
}

/**
 * One of the values, drawn by index: spreading a 200,000-value enum into fc.constantFrom overflows the stack. Only
 * values that fit the bytes are drawn (the first few that do, in the small mode the first).
 */
function enumArbitrary(values: readonly unknown[], walk: Walk): fc.Arbitrary<unknown> | undefined {
  const fitting: unknown[] = [];
  for (const value of values) {
    walk.budget.spend();
    if (fits(value, walk.bytes)) fitting.push(value);
    if (fitting.length >= (walk.mode === 'small' ? 1 : 8)) break;
  }
  if (fitting.length === 0) return undefined;
  return fc.integer({ min: 0, max: fitting.length - 1 }).map((index) => fitting[index]);
}

/** Whether a value's JSON takes at most `bytes` (measured without walking more than that). */
function fits(value: unknown, bytes: number): boolean {
  return jsonBytesUpTo(value, bytes) <= bytes;
}

function typesOf(schema: JsonRecord): string[] {
  const declared = Array.isArray(schema.type)
    ? schema.type.filter((type): type is string => typeof type === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  // null is a poor example of anything, so it comes last.
  if (declared.length > 0) return [...declared.filter((type) => type !== 'null'), ...declared.filter((type) => type === 'null')];
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) return ['object'];
  if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema) return ['array'];
  if ('minimum' in schema || 'maximum' in schema || 'exclusiveMinimum' in schema || 'multipleOf' in schema) return ['number'];
  return ['string'];
}

function arbitraryOfType(type: string, schema: JsonRecord, walk: Walk): fc.Arbitrary<unknown> | undefined {
  switch (type) {
    case 'string':
      return stringArbitrary(schema, walk.mode, walk.bytes - 2);
    case 'integer':
    case 'number':
      return numberArbitrary(schema, type === 'integer', walk.mode);
    case 'boolean':
      return walk.mode === 'small' ? fc.constant(false) : fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, walk);
    case 'object':
      return objectArbitrary(schema, walk);
    default:
      return undefined;
  }
}

/** By the schema's `format`, which the server names (a Map: `constructor` is no format). */
const FORMATS = new Map<string, fc.Arbitrary<string>>([
  ['email', fc.integer({ min: 1, max: 99 }).map((n) => `user${n}@example.com`)],
  ['uri', ALNUM.map((c) => `https://example.com/${c}`)],
  ['url', ALNUM.map((c) => `https://example.com/${c}`)],
  ['uri-reference', ALNUM.map((c) => `/${c}`)],
  ['iri', ALNUM.map((c) => `https://example.com/${c}`)],
  ['hostname', fc.constant('example.com')],
  ['date', fc.integer({ min: 1, max: 28 }).map((day) => `2024-01-${String(day).padStart(2, '0')}`)],
  ['date-time', fc.integer({ min: 0, max: 23 }).map((hour) => `2024-01-15T${String(hour).padStart(2, '0')}:00:00Z`)],
  ['time', fc.integer({ min: 0, max: 23 }).map((hour) => `${String(hour).padStart(2, '0')}:00:00Z`)],
  ['uuid', fc.uuid()],
  ['ipv4', fc.ipV4()],
  ['ipv6', fc.constant('::1')],
]);

function stringArbitrary(schema: JsonRecord, mode: Mode, bytes: number): fc.Arbitrary<string> | undefined {
  const min = nonNegative(schema.minLength) ?? 0;
  const declaredMax = nonNegative(schema.maxLength);
  if (declaredMax !== undefined && declaredMax < min) return undefined;
  if (min > bytes) return undefined;
  const max = Math.min(declaredMax ?? Infinity, bytes);
  const format = typeof schema.format === 'string' ? FORMATS.get(schema.format) : undefined;
  if (format) return bytes >= 64 ? format : undefined;
  if (typeof schema.pattern === 'string' && generatable(schema.pattern, bytes)) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'xsmall' });
    } catch {
      // A pattern JavaScript cannot compile: fall through to a plain string; Ajv decides whether it fits.
    }
  }
  // At least one character: an empty string is rarely a meaningful example even where the schema allows it.
  const low = Math.max(min, max === 0 ? 0 : 1);
  const high = mode === 'small' ? Math.min(Math.max(low, 6), max) : Math.min(low + 8, max);
  return fc.string({ unit: ALNUM, minLength: low, maxLength: Math.max(low, high) });
}

/**
 * Whether strings are drawn from the pattern: not when a repetition count is too large to generate from in a few
 * bytes (`x{100000}`, `(a{999}){999}`), nor when the pattern costs more than the value's bytes
 * (util/pattern-cost.ts: what it forces a string to hold is less). Counts of 100 nested three deep force a million
 * characters, which fast-check spends seconds building in one synchronous step the time budget cannot interrupt.
 */
function generatable(pattern: string, bytes: number): boolean {
  for (const match of pattern.matchAll(/\{\s*(\d+)/g)) if (Number(match[1]) > MAX_PATTERN_REPEAT) return false;
  return patternCost(pattern) <= bytes;
}

function numberArbitrary(schema: JsonRecord, integer: boolean, mode: Mode): fc.Arbitrary<number> | undefined {
  const minimum = finite(schema.minimum);
  const maximum = finite(schema.maximum);
  // Draft-04 style boolean exclusive bounds, and the numeric ones of later drafts.
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.exclusiveMinimum === true ? minimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.exclusiveMaximum === true ? maximum : undefined;
  let low = Math.max(minimum ?? -Infinity, exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : 0.5) : -Infinity);
  let high = Math.min(maximum ?? Infinity, exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : 0.5) : Infinity);
  if (!Number.isFinite(low)) low = Number.isFinite(high) ? Math.min(0, high) : 0;
  if (!Number.isFinite(high)) high = low + 3;
  high = Math.min(high, low + (mode === 'small' ? 0 : 3));
  const step = finite(schema.multipleOf);
  if (step !== undefined && step > 0) {
    const first = Math.ceil(low / step);
    const last = Math.floor(high / step);
    return last < first ? undefined : fc.integer({ min: first, max: Math.max(first, last) }).map((k) => k * step);
  }
  const intLow = Math.ceil(low);
  const intHigh = Math.floor(high);
  if (intLow <= intHigh) return fc.integer({ min: intLow, max: intHigh });
  return integer || low > high ? undefined : fc.constant(low);
}

function arrayArbitrary(schema: JsonRecord, walk: Walk): fc.Arbitrary<unknown[]> | undefined {
  const min = nonNegative(schema.minItems) ?? 0;
  const max = nonNegative(schema.maxItems);
  if (max !== undefined && max < min) return undefined;
  const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
  if (tuple) {
    const share = Math.floor((walk.bytes - 2) / Math.max(1, tuple.length)) - 1;
    const parts = tuple.slice(0, Math.max(min, tuple.length)).map((item) => arbitraryFor(item, { ...walk, bytes: share }));
    return parts.every((part) => part !== undefined) ? fc.tuple(...parts) : undefined;
  }
  const unique = schema.uniqueItems === true;
  // Distinct items need varied values (a "small" item is always the same one).
  const itemWalk = unique ? { ...walk, mode: 'varied' as const } : walk;
  const high = Math.min(walk.mode === 'small' ? Math.max(min, 1) : min + 2, max ?? Infinity);
  // Each item gets its share of the bytes: minItems nested in minItems cannot multiply past the bound.
  const itemBytes = Math.floor((walk.bytes - 2) / Math.max(1, high)) - 1;
  if (min > 0 && itemBytes < 1) return undefined;
  const item = schema.items === undefined ? ALNUM : arbitraryFor(schema.items, { ...itemWalk, bytes: itemBytes });
  if (!item) return min === 0 ? fc.constant([]) : undefined;
  if (!unique) return fc.array(item, { minLength: min, maxLength: Math.max(min, high) });
  // Not fc.uniqueArray: it retries forever when the items cannot be distinct enough (three unique booleans).
  // Duplicates are dropped instead, and an array left too short is one Ajv rejects, so another draw is taken.
  return fc.array(item, { minLength: min, maxLength: Math.max(min, high) + 3 }).map((values) => {
    const seen = new Set<string>();
    return values.filter((value) => !seen.has(JSON.stringify(value)) && seen.add(JSON.stringify(value)) !== undefined).slice(0, Math.max(min, high));
  });
}

function objectArbitrary(schema: JsonRecord, walk: Walk): fc.Arbitrary<JsonRecord> | undefined {
  const properties = asRecord(schema.properties) ?? {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : []);
  // Keyed by the schema's property names: fast-check stores a `__proto__` key of the model as data.
  const model = nameRecord<fc.Arbitrary<unknown>>();
  const entries = Object.entries(properties);
  // Each property gets its share of the bytes, its name included.
  const share = Math.floor((walk.bytes - 2) / Math.max(1, entries.length + required.size));
  for (const [key, property] of entries) {
    const arbitrary = share > key.length + 4 ? arbitraryFor(property, { ...walk, bytes: share - key.length - 4 }) : undefined;
    if (arbitrary) model[key] = arbitrary;
    else if (required.has(key)) return undefined;
  }
  // A required key with no declared schema: any value will do.
  for (const key of required) if (!Object.hasOwn(model, key)) model[key] = fc.constant('mcpact');
  const requiredKeys = walk.mode === 'small' ? Object.keys(model) : Object.keys(model).filter((key) => required.has(key));
  return fc.record(model, { requiredKeys, noNullPrototype: true });
}

function mergeAllOf(schema: JsonRecord, budget: GenerationBudget): JsonRecord {
  const { allOf, ...rest } = schema;
  // Keywords are the server's keys too: an allOf part may carry a `__proto__` or a `constructor`.
  const merged = nameRecord(Object.entries(rest));
  for (const part of Array.isArray(allOf) ? allOf : []) {
    budget.spend();
    const record = asRecord(part);
    if (!record) continue;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'properties') merged.properties = { ...(asRecord(merged.properties) ?? {}), ...(asRecord(value) ?? {}) };
      else if (key === 'required')
        merged.required = [...(Array.isArray(merged.required) ? (merged.required as unknown[]) : []), ...(Array.isArray(value) ? (value as unknown[]) : [])];
      else if (!Object.hasOwn(merged, key)) merged[key] = value;
    }
  }
  return merged;
}

/** Resolves a local reference (`#/$defs/x`, `#/definitions/x`); anything else is not followed. */
export function resolveRef(ref: string, root: JsonRecord): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const segment of ref.slice(2).split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return undefined; // a malformed %-escape refers to nothing
    }
    const key = unescapePointerSegment(decoded);
    current = ownValue(asRecord(current), key);
    if (current === undefined) return undefined;
  }
  return current;
}

// ---------------------------------------------------------------------------------------------------------------
// Invalid values. Chosen so that no lenient parser coerces them into a valid value either: a non-numeric string
// for numbers (a lax parser reads "5" as 5), a number for strings, and so on.

// The values themselves are in exercise/injected.ts (WRONG_BY_TYPE, WRONG_CANDIDATES, NOT_IN_ENUM).

/**
 * The arguments as a coercing validator reads them: a number for a property of type string as its text (zod's
 * z.coerce.string(), Ajv's coerceTypes), a string for a property of type boolean as its truth (zod's
 * z.coerce.boolean(): any text but "" is true). Nothing else: no such validator makes a number of
 * "mcpact-not-a-number" (zod's gives NaN, which it refuses) or an array of a string.
 */
function coerced(schema: JsonRecord, args: JsonRecord): JsonRecord {
  const properties = asRecord(schema.properties) ?? {};
  const converted = nameRecord<unknown>();
  for (const [key, value] of Object.entries(args)) {
    const property = asRecord(ownValue(properties, key));
    const types = property === undefined ? [] : typesOf(property);
    if (typeof value === 'number' && types.includes('string')) converted[key] = String(value);
    else if (typeof value === 'string' && types.includes('boolean')) converted[key] = value !== '';
    else converted[key] = value;
  }
  return converted;
}

function wrongTypeValue(raw: unknown): unknown {
  const schema = asRecord(raw);
  if (!schema) return undefined;
  const declared = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : undefined;
  if (!declared || declared.length === 0) return undefined;
  if (declared.length === 1) return WRONG_BY_TYPE.get(String(declared[0]));
  return WRONG_CANDIDATES.find((candidate) => !declared.some((type) => matchesType(candidate, String(type))));
}

function matchesType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'null') return value === null;
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return asRecord(value) !== undefined;
  return typeof value === type;
}

function enumViolation(raw: unknown): unknown {
  const schema = asRecord(raw);
  const allowed = Array.isArray(schema?.enum) ? schema.enum : schema && 'const' in schema ? [schema.const] : undefined;
  if (!allowed || allowed.length === 0) return undefined;
  if (allowed.every((value) => typeof value === 'string')) return NOT_IN_ENUM;
  // A loop, not Math.max(...allowed): a 200,000-value enum would overflow the stack as arguments.
  if (allowed.every((value) => typeof value === 'number')) return allowed.reduce((high: number, value: number) => (value > high ? value : high), -Infinity) + 1;
  return undefined;
}

function boundViolations(raw: unknown, current: unknown): [string, unknown][] {
  const schema = asRecord(raw);
  if (!schema) return [];
  const found: [string, unknown][] = [];
  const minLength = nonNegative(schema.minLength);
  const maxLength = nonNegative(schema.maxLength);
  if (minLength !== undefined && minLength > 0) found.push(['minLength', filler(minLength - 1)]);
  if (maxLength !== undefined) found.push(['maxLength', filler(maxLength + 1)]);
  if (finite(schema.minimum) !== undefined) found.push(['minimum', Number(schema.minimum) - 1]);
  if (finite(schema.maximum) !== undefined) found.push(['maximum', Number(schema.maximum) + 1]);
  if (finite(schema.exclusiveMinimum) !== undefined) found.push(['exclusiveMinimum', Number(schema.exclusiveMinimum)]);
  if (finite(schema.exclusiveMaximum) !== undefined) found.push(['exclusiveMaximum', Number(schema.exclusiveMaximum)]);
  const minItems = nonNegative(schema.minItems);
  const maxItems = nonNegative(schema.maxItems);
  const sample: unknown = Array.isArray(current) && current.length > 0 ? current[0] : 'mcpact';
  if (minItems !== undefined && minItems > 0) found.push(['minItems', Array.from({ length: minItems - 1 }, () => sample)]);
  if (maxItems !== undefined) found.push(['maxItems', Array.from({ length: maxItems + 1 }, () => sample)]);
  return found;
}

function nonNegative(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000 ? value : undefined;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
