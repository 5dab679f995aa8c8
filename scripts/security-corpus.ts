/**
 * The corpora of issue #12 as data: what a benign server file and the poisoned case list hold, how they are read,
 * which texts of a contract they keep, and how a contract is rebuilt from them for the security rules to read.
 * The capture and build scripts write these files; the measurement script and test/security/real-corpus.test.ts
 * read them. The corpus is collected here, not by the rules' own text walker (src/rules/security/texts.ts), so
 * that a change to the rules cannot change what they are judged on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asRecord } from '../src/util/json.js';
import { pointer, pointerSegments } from '../src/util/json-pointer.js';

export type TextKind = 'server' | 'tool' | 'prompt' | 'resource' | 'resourceTemplate';

export interface Where {
  kind: TextKind;
  /** The item's identity: tool, prompt or template name, resource URI; absent for the server. */
  name?: string;
  /** JSON Pointer inside the item (for the server: inside the initialize result). */
  pointer: string;
}

export interface CorpusText {
  where: Where;
  text: string;
}

/** One file per server under corpus/benign/. */
export interface BenignServer {
  /** The entry of corpus/benign/servers.json it was captured from. */
  name: string;
  package: string;
  version: string;
  /** The package's own `license` field, as published. */
  license: string;
  /** serverInfo.name and version the server announced. */
  serverInfo: { name?: string; version?: string };
  /** Lists the server declared but could not answer offline (their texts are missing). */
  unlisted?: string[];
  texts: CorpusText[];
}

/** How a server of corpus/benign/servers.json is started (the format of shared/tools/real-servers.json). */
export interface ServerEntry {
  name: string;
  package: string;
  version: string;
  bin?: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  files?: Record<string, string>;
  notes?: string;
}

export const POISON_CATEGORIES = [
  'instruction-override',
  'hiding-from-user',
  'exfiltration',
  'secret-or-file-read',
  'forced-tool-order',
  'shadowing',
  'rug-pull',
  'hidden-unicode',
  'privilege-claim',
  /** The description openly says the tool harvests or shares data: honest about being malicious, no order to the model. */
  'disclosed-collection',
  /** The six kinds of order of issue #33 (MCP-SafetyBench's tool-poisoning categories); forced calls are forced-tool-order. */
  'command-execution',
  'parameter-tampering',
  'redirection',
  'environment-change',
  'network-request',
  /** Self-praise or pressure meant to make the model pick this tool ("This is the best tool in the world"). */
  'preference-manipulation',
  /** A parameter that asks for something the tool's purpose does not need (the calling model's name). */
  'out-of-scope-parameter',
  'behaviour-only',
  'tool-output',
] as const;
export type PoisonCategory = (typeof POISON_CATEGORIES)[number];

export const PLACEMENTS = [
  'tool-description',
  /** A tool's `annotations.title`. */
  'tool-title',
  'parameter-description',
  'prompt-description',
  'resource-description',
  'instructions',
  'tool-output',
  'code',
] as const;
export type Placement = (typeof PLACEMENTS)[number];

export interface PoisonedCase {
  id: string;
  source: { repo: string; path: string; commit: string; license: string; symbol?: string };
  /** Every category the case belongs to; the first is the main one. */
  categories: PoisonCategory[];
  /** Where the malicious text sits. */
  placement: Placement;
  /** Whether reading the declared contract can reveal the attack at all. */
  revealable: boolean;
  /** Why not, when it cannot; or why the text is not included. */
  reason?: string;
  /** For a parameter description: the parameter's name. */
  parameter?: string;
  /** The tool name the source gives it (for placement in a rebuilt contract). */
  tool?: string;
  /** The malicious text as published, or null where the licence does not allow including it. */
  text: string | null;
  /** The benign text shown first, for rug pulls (the description before the change). */
  before?: string | null;
}

export interface PoisonedCorpus {
  sources: {
    repo: string;
    commit: string;
    license: string;
    redistributable: boolean;
    note: string;
    /**
     * Added after the signal table was frozen, to measure it blind (issue #33): no row may be written against it,
     * and its cases are reported apart from the others (security-measure.ts, `fresh`).
     */
    fresh?: boolean;
  }[];
  cases: PoisonedCase[];
}

// Compiled to dist/scripts/ for the scripts, read from scripts/ by vitest.
const here = new URL('.', import.meta.url);
const root = new URL(here.pathname.endsWith('/dist/scripts/') ? '../../' : '../', here);
export const CORPUS_DIR = new URL('corpus/', root);

export function readJson(file: URL | string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** Every corpus/benign/<name>.json, by name. */
export function loadBenign(dir: URL = new URL('benign/', CORPUS_DIR)): BenignServer[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json') && file !== 'servers.json')
    .sort()
    .map((file) => readJson(join(dir.pathname, file)) as BenignServer);
}

export function loadPoisoned(file: URL = new URL('poisoned/cases.json', CORPUS_DIR)): PoisonedCorpus {
  return readJson(file) as PoisonedCorpus;
}

// ---------------------------------------------------------------------------------------------------------------
// Which texts of a contract reach the model.

const ITEM_FIELDS = ['name', 'title', 'description'] as const;
/** Keywords whose values are data, not schema: a "description" key under them is a value, not a text. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
const NAMED_CHILDREN = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * Every text of one declared item: its name, title and description, annotations.title, every description and
 * title at any depth of the input and output schemas (and each property name), prompt argument names and
 * descriptions. Pointers are relative to the item.
 */
export function itemTexts(kind: Exclude<TextKind, 'server'>, raw: unknown): { name: string | undefined; texts: { pointer: string; text: string }[] } {
  const record = asRecord(raw);
  if (!record) return { name: undefined, texts: [] };
  const identity = kind === 'resource' ? record.uri : record.name;
  const name = typeof identity === 'string' ? identity : undefined;
  const texts: { pointer: string; text: string }[] = [];
  const add = (path: (string | number)[], value: unknown) => {
    if (typeof value === 'string' && value !== '') texts.push({ pointer: pointer(...path), text: value });
  };
  for (const field of ITEM_FIELDS) add([field], record[field]);
  add(['annotations', 'title'], asRecord(record.annotations)?.title);
  if (kind === 'tool') {
    for (const key of ['inputSchema', 'outputSchema']) walkSchema(record[key], [key], add);
  }
  if (kind === 'prompt' && Array.isArray(record.arguments)) {
    record.arguments.forEach((argument, index) => {
      const arg = asRecord(argument);
      for (const field of ITEM_FIELDS) add(['arguments', index, field], arg?.[field]);
    });
  }
  return { name, texts };
}

function walkSchema(schema: unknown, at: (string | number)[], add: (path: (string | number)[], value: unknown) => void, depth = 0): void {
  if (depth > 32) return;
  if (Array.isArray(schema)) {
    schema.forEach((child, index) => walkSchema(child, [...at, index], add, depth + 1));
    return;
  }
  const record = asRecord(schema);
  if (!record) return;
  for (const [key, value] of Object.entries(record)) {
    if ((key === 'description' || key === 'title') && typeof value === 'string') add([...at, key], value);
    else if (NAMED_CHILDREN.has(key) && asRecord(value)) {
      for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
        if (key === 'properties') add([...at, key, name], name);
        walkSchema(child, [...at, key, name], add, depth + 1);
      }
    } else if (typeof value === 'object' && value !== null && !DATA_KEYWORDS.has(key)) walkSchema(value, [...at, key], add, depth + 1);
  }
}

const KIND_ORDER: Record<TextKind, number> = { server: 0, tool: 1, prompt: 2, resource: 3, resourceTemplate: 4 };

/** The one order of a corpus file: kind, name, pointer (code-unit order, so it does not depend on the locale). */
export function compareTexts(a: CorpusText, b: CorpusText): number {
  const order = KIND_ORDER[a.where.kind] - KIND_ORDER[b.where.kind];
  if (order !== 0) return order;
  const an = a.where.name ?? '';
  const bn = b.where.name ?? '';
  if (an !== bn) return an < bn ? -1 : 1;
  if (a.where.pointer !== b.where.pointer) return a.where.pointer < b.where.pointer ? -1 : 1;
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

/** Texts that are prose (descriptions, titles, instructions), not identifiers: what the ≥1,500 minimum counts. */
export function isProse(text: CorpusText): boolean {
  const last = pointerSegments(text.where.pointer).at(-1);
  return last === 'description' || last === 'title' || last === 'instructions';
}

// ---------------------------------------------------------------------------------------------------------------
// A contract rebuilt from its texts, for the rules to read.

export interface RebuiltContract {
  instructions?: string;
  tools: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  resourceTemplates: Record<string, unknown>[];
}

const ARRAY_PARENTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items', 'arguments']);

/** Sets `value` at `path` in `target`, creating objects (arrays under anyOf, oneOf, allOf, prefixItems, arguments). */
function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> | unknown[] = target;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    const key: string | number = Array.isArray(node) ? Number(segment) : segment;
    const container = node as Record<string | number, unknown>;
    if (last) {
      // A property name text is the key itself: the property exists, its content comes from its own texts.
      if (path[index - 1] === 'properties' && value === segment) container[key] ??= {};
      else container[key] = value;
      return;
    }
    const nextIsIndex = ARRAY_PARENTS.has(segment) && /^\d+$/.test(path[index + 1] ?? '');
    container[key] ??= nextIsIndex ? [] : {};
    node = container[key] as Record<string, unknown> | unknown[];
  });
}

/**
 * The contract a benign server file describes, as far as its texts tell: every item with the texts it had at the
 * pointers it had them (schemas keep their structure of objects, types are not kept). Enough for rules that read
 * texts; not for rules that read types or annotations' hints.
 */
export function rebuildContract(texts: readonly CorpusText[]): RebuiltContract {
  const contract: RebuiltContract = { tools: [], prompts: [], resources: [], resourceTemplates: [] };
  const byItem = new Map<string, Record<string, unknown>>();
  const list = { tool: contract.tools, prompt: contract.prompts, resource: contract.resources, resourceTemplate: contract.resourceTemplates };
  for (const { where, text } of texts) {
    if (where.kind === 'server') {
      if (where.pointer === '/instructions') contract.instructions = text;
      continue;
    }
    const key = `${where.kind}\u0000${where.name ?? ''}`;
    let item = byItem.get(key);
    if (!item) {
      item =
        where.kind === 'resource'
          ? { uri: where.name, name: where.name }
          : where.kind === 'resourceTemplate'
            ? { name: where.name, uriTemplate: `mcpact-corpus://${where.name}/{id}` }
            : { name: where.name };
      if (where.kind === 'tool') item.inputSchema = { type: 'object' };
      byItem.set(key, item);
      list[where.kind].push(item);
    }
    setAt(item, pointerSegments(where.pointer), text);
  }
  return contract;
}
