/**
 * Every piece of text a server hands to the model, with where it sits: tool, parameter (at any depth of the input
 * and output schemas), prompt, prompt-argument, resource and template descriptions, titles and names, tools'
 * `annotations.title`, the server's own title and description (serverInfo) and its instructions. The security rules scan these; each rule picks the fields it cares about.
 */
import type { Location } from '../../model/location.js';
import { itemLocation, items } from '../../surface/items.js';
import type { ListKind, Surface } from '../../surface/types.js';
import { asRecord } from '../../util/json.js';
import { pointer } from '../../util/json-pointer.js';
import { normalizeText } from './heuristics.js';
import { cacheKey, type RunCache } from '../../util/run-cache.js';

export type TextField = 'description' | 'title' | 'name' | 'instructions';

export interface Text {
  text: string;
  field: TextField;
  /** Which part of the contract: a tool, a parameter, a prompt argument, ... (for messages). */
  owner: 'tool' | 'parameter' | 'prompt' | 'prompt argument' | 'resource' | 'resource template' | 'server';
  location: Location;
  /** The tool it belongs to, for tools and their parameters. */
  tool?: string;
}

/** Schemas deeper or larger than this are not walked further: a hostile schema must not stall the run. */
const MAX_DEPTH = 32;
const MAX_NODES = 20_000;

const OWNER: Record<ListKind, Text['owner']> = { tools: 'tool', prompts: 'prompt', resources: 'resource', resourceTemplates: 'resource template' };

const TEXTS = cacheKey<readonly Text[]>('security/texts');
const NORMALIZED = cacheKey<Map<Text, string>>('security/normalized');

/** Several rules scan the same texts: they are collected once per server run. */
export function surfaceTexts({ surface, cache }: { surface: Surface; cache: RunCache }): readonly Text[] {
  return cache.once(TEXTS, () => collectTexts(surface));
}

/** The texts of a Surface, collected anew (for checks across servers, which have no run of their own). */
export function collectTexts(surface: Surface): Text[] {
  const texts: Text[] = [];
  for (const field of ['title', 'description'] as const) {
    const value = surface.serverInfo?.[field];
    if (typeof value === 'string') texts.push({ text: value, field, owner: 'server', location: { kind: 'server', pointer: `/serverInfo/${field}` } });
  }
  if (surface.instructions !== undefined) {
    texts.push({ text: surface.instructions, field: 'instructions', owner: 'server', location: { kind: 'server', pointer: '/instructions' } });
  }
  for (const kind of ['tools', 'prompts', 'resources', 'resourceTemplates'] as const) {
    for (const item of items(surface, kind)) {
      const record = item.record;
      if (!record) continue;
      const tool = kind === 'tools' && typeof record.name === 'string' ? record.name : undefined;
      for (const field of ['description', 'title', 'name'] as const) {
        const value = record[field];
        if (typeof value === 'string') texts.push({ text: value, field, owner: OWNER[kind], location: itemLocation(surface, kind, item, `/${field}`), tool });
      }
      if (kind === 'tools') {
        const title = asRecord(record.annotations)?.title;
        if (typeof title === 'string')
          texts.push({ text: title, field: 'title', owner: 'tool', location: itemLocation(surface, kind, item, '/annotations/title'), tool });
        for (const key of ['inputSchema', 'outputSchema'] as const) {
          walkSchema(record[key], [key], (text, field, path) =>
            texts.push({ text, field, owner: 'parameter', location: itemLocation(surface, kind, item, pointer(...path)), tool }),
          );
        }
      }
      if (kind === 'prompts' && Array.isArray(record.arguments)) {
        record.arguments.forEach((argument, index) => {
          const arg = asRecord(argument);
          for (const field of ['description', 'title', 'name'] as const) {
            const value = arg?.[field];
            if (typeof value === 'string') {
              texts.push({ text: value, field, owner: 'prompt argument', location: itemLocation(surface, kind, item, pointer('arguments', index, field)) });
            }
          }
        });
      }
    }
  }
  return texts;
}

/**
 * Calls `visit` for each description and title in a JSON Schema, and for each property name, at any depth.
 * Keys under `properties` are names, not keywords, so a property literally called "description" is a name.
 */
function walkSchema(schema: unknown, path: (string | number)[], visit: (text: string, field: TextField, path: (string | number)[]) => void): void {
  let nodes = 0;
  const walk = (node: unknown, at: (string | number)[], depth: number): void => {
    if (depth > MAX_DEPTH || ++nodes > MAX_NODES) return;
    if (Array.isArray(node)) {
      node.forEach((child, index) => walk(child, [...at, index], depth + 1));
      return;
    }
    const record = asRecord(node);
    if (!record) return;
    for (const [key, value] of Object.entries(record)) {
      if ((key === 'description' || key === 'title') && typeof value === 'string') visit(value, key, [...at, key]);
      else if ((key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') && asRecord(value)) {
        for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
          if (key === 'properties') visit(name, 'name', [...at, key, name]);
          walk(child, [...at, key, name], depth + 1);
        }
      } else if (typeof value === 'object' && value !== null && key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') {
        walk(value, [...at, key], depth + 1);
      }
    }
  };
  walk(schema, path, 0);
}

/**
 * How much of one text the scanning rules read, in UTF-16 code units (64 KiB of ASCII). Honest descriptions are a
 * few hundred characters; scanning a 20 MB one whole takes seconds of CPU and hundreds of megabytes, which would
 * stall every other rule of the run. security/long-description reports such a text anyway, and a rule that read
 * only the start of some text says so in its note (unscannedNote).
 */
export const SCAN_LIMIT = 64 * 1024;

/** The part of the text the scanning rules read: all of it, or its first SCAN_LIMIT code units (never half a surrogate pair). */
export function scannedPart(text: Text): string {
  if (text.text.length <= SCAN_LIMIT) return text.text;
  const last = text.text.charCodeAt(SCAN_LIMIT - 1);
  return text.text.slice(0, last >= 0xd800 && last <= 0xdbff ? SCAN_LIMIT - 1 : SCAN_LIMIT);
}

/** The note for a rule's result when some of the texts it scanned were longer than SCAN_LIMIT; undefined otherwise. */
export function unscannedNote(texts: readonly Text[]): string | undefined {
  const long = texts.filter((text) => text.text.length > SCAN_LIMIT);
  if (long.length === 0) return undefined;
  const where = [...new Set(long.map((text) => `${text.owner} ${text.field}`))].join(', ');
  const what = long.length === 1 ? `1 text (${where}) is` : `${long.length} texts (${where}) are`;
  return `${what} longer than ${SCAN_LIMIT} characters: only the first ${SCAN_LIMIT} were scanned, the rest was not`;
}

/** The scanned part of the text as a model reads it (heuristics.ts#normalizeText), computed once per text for all rules. */
export function normalizedOf(cache: RunCache, text: Text): string {
  const normalized = cache.once(NORMALIZED, () => new Map<Text, string>());
  let value = normalized.get(text);
  if (value === undefined) {
    value = normalizeText(scannedPart(text));
    normalized.set(text, value);
  }
  return value;
}

/** The sentence of `text` around `index`, cut to `max` characters: what a finding quotes. */
export function excerpt(text: string, index: number, length: number, max = 120): string {
  const start = Math.max(0, index - Math.floor((max - length) / 2));
  const slice = text
    .slice(start, start + max)
    .replace(/\s+/g, ' ')
    .trim();
  return (start > 0 ? '…' : '') + slice + (start + max < text.length ? '…' : '');
}
