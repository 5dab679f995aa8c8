/**
 * How mcpact reads a server's resources, for the resources rules, the suites and drift alike: one function sends
 * `resources/read` and bounds what it keeps (`readResource`), one cache shares each read between the rules of a
 * run (`sharedRead`), and the sample URIs the rules read are chosen here: the listed resources, templates
 * expanded with values from the config, completion or the template's description, a URI no listing covers, and
 * the UI resources tools link (MCP Apps).
 *
 * Everything the server sends is untrusted: a read keeps at most `max_bytes` of its contents (longer strings are
 * cut, and the read is marked oversized so no rule judges what it did not see), and the transport's own line cap
 * bounds what is received at all.
 */
import { createHash } from 'node:crypto';
import { UNKNOWN_RESOURCE_PATH, UNKNOWN_RESOURCE_SCHEME } from './injected.js';
import type { Outcome } from '../connect/rpc.js';
import type { Probe, RequestTag } from '../connect/probe.js';
import { resourceLimits, type ResourceLimits } from '../config/resources.js';
import { items } from '../surface/items.js';
import type { Surface } from '../surface/types.js';
import type { Era } from '../model/spec.js';
import { asRecord, nameRecord, ownValue, type JsonRecord } from '../util/json.js';
import { cacheKey } from '../util/run-cache.js';
import { matchesUriTemplate, parseUriTemplate, type TemplatePart } from '../util/uri-template.js';
import { expandUriTemplate, templateVariables } from '../util/uri-expand.js';
import type { ExerciseContext } from './context.js';
import { followInputRequired, inputRequiredOf, type InputRound } from './input-required.js';

export interface ResourceRead {
  uri: string;
  /** The answer; a result keeps its contents with every string cut to what was examined. */
  outcome: Outcome;
  /** The `contents` array of a result, when it is one (bounded like the outcome). */
  contents?: unknown[];
  /** Bytes of the contents' text (UTF-8) and blobs (as sent), counted up to the cap. */
  bytes: number;
  /** Bigger than max_bytes: judged on its shape only (base64, HTML and the content hash are not checked). */
  oversized: boolean;
  /** SHA-256 of the contents (uri, mimeType, text or blob of each item, in order); absent when oversized or not a result. */
  sha256?: string;
  /** In 2026-07-28, the input-required answers the read got before `outcome`, each with the retry mcpact sent. */
  rounds?: InputRound[];
}

/** How a read is sent: `tag` says when the URI is bad input (one no listing covers); `era` whether input-required answers are followed. */
export interface ReadOptions {
  tag?: RequestTag;
  era?: Era;
}

/**
 * A read of one URI, bounded by `limits.maxBytes`. The suites call it directly; rules share reads through
 * `sharedRead`. In the modern era an input-required answer is followed the way a client follows it
 * (exercise/input-required.ts): the read is what its retries came to.
 */
export async function readResource(probe: Probe, uri: string, limits: Pick<ResourceLimits, 'maxBytes'>, options: ReadOptions = {}): Promise<ResourceRead> {
  const tag = options.tag ?? {};
  const first = await probe.request('resources/read', { uri }, tag);
  const followed: { outcome: Outcome; rounds?: InputRound[] } =
    options.era === 'modern' && inputRequiredOf(first) !== undefined
      ? await followInputRequired({ uri }, first, (params) => probe.request('resources/read', params, tag))
      : { outcome: first };
  const { outcome } = followed;
  const rounds = followed.rounds === undefined ? {} : { rounds: followed.rounds };
  if (outcome.kind !== 'result') return { uri, outcome, bytes: 0, oversized: false, ...rounds };
  const result = asRecord(outcome.result);
  const contents = Array.isArray(result?.contents) ? result.contents : undefined;
  if (result === undefined || contents === undefined) return { uri, outcome, bytes: 0, oversized: false, ...rounds };
  let budget = limits.maxBytes;
  let bytes = 0;
  let oversized = false;
  const kept = (contents as unknown[]).map((raw): unknown => {
    const item = asRecord(raw);
    if (item === undefined) return raw;
    const copy: JsonRecord = { ...item };
    for (const key of ['text', 'blob'] as const) {
      const value = item[key];
      if (typeof value !== 'string') continue;
      const size = key === 'text' ? Buffer.byteLength(value, 'utf8') : value.length;
      bytes += Math.min(size, budget + 1);
      if (size > budget) {
        oversized = true;
        copy[key] = value.slice(0, budget);
        budget = 0;
      } else budget -= size;
    }
    return copy;
  });
  const read: ResourceRead = { uri, outcome: { ...outcome, result: { ...result, contents: kept } }, contents: kept, bytes, oversized, ...rounds };
  // The bounded copy is the answer rules see: it arrived when the answer did.
  probe.relate(read.outcome, outcome);
  if (!oversized) read.sha256 = contentsDigest(kept);
  return read;
}

/** The digest drift pins: the fields that make the contents, in a fixed order, of every item. */
export function contentsDigest(contents: readonly unknown[]): string {
  const normal = contents.map((raw) => {
    const item = asRecord(raw);
    return item === undefined ? raw : { uri: item.uri, mimeType: item.mimeType, text: item.text, blob: item.blob };
  });
  return createHash('sha256').update(JSON.stringify(normal)).digest('hex');
}

const READS = cacheKey<Map<string, Promise<ResourceRead>>>('resources/reads');

/**
 * The read of `uri` for this server's run: sent on first use, shared by every rule that reads the same URI, and
 * counted among the answers the asking rule saw. `tag` marks a URI that is bad input (unknown-resource's).
 */
export async function sharedRead(
  context: Pick<ExerciseContext, 'surface' | 'probe' | 'cache' | 'settings'>,
  uri: string,
  tag: RequestTag = {},
): Promise<ResourceRead> {
  const reads = context.cache.once(READS, () => new Map<string, Promise<ResourceRead>>());
  let read = reads.get(uri);
  if (read === undefined) {
    read = readResource(context.probe, uri, resourceLimits(context.settings.resources), { tag, era: context.surface.era });
    reads.set(uri, read);
  }
  const done = await read;
  context.probe.saw(done.outcome);
  return done;
}

/** The first `max` of a list, and how many were left out. */
export function capped<T>(list: readonly T[], max: number): { taken: T[]; left: number } {
  return { taken: list.slice(0, max), left: Math.max(0, list.length - max) };
}

/** Listed resources with a string URI, the first of each URI, in list order. */
export function listedResources(surface: Surface): { uri: string; record: JsonRecord }[] {
  const seen = new Set<string>();
  const out: { uri: string; record: JsonRecord }[] = [];
  for (const item of items(surface, 'resources')) {
    const uri = item.record?.uri;
    if (item.record === undefined || typeof uri !== 'string' || seen.has(uri)) continue;
    seen.add(uri);
    out.push({ uri, record: item.record });
  }
  return out;
}

export interface ListedTemplate {
  uriTemplate: string;
  record: JsonRecord;
  parts: TemplatePart[];
  variables: string[];
}

/** Listed templates whose uriTemplate parses (schema/resource-template-uri reports the rest), first of each. */
export function listedTemplates(surface: Surface): ListedTemplate[] {
  const seen = new Set<string>();
  const out: ListedTemplate[] = [];
  for (const item of items(surface, 'resourceTemplates')) {
    const uriTemplate = item.record?.uriTemplate;
    if (item.record === undefined || typeof uriTemplate !== 'string' || seen.has(uriTemplate)) continue;
    seen.add(uriTemplate);
    const parsed = parseUriTemplate(uriTemplate);
    if (!parsed.ok) continue;
    out.push({ uriTemplate, record: item.record, parts: parsed.parts, variables: [...new Set(templateVariables(parsed.parts))] });
  }
  return out;
}

/** Whether a URI is listed, or could be an expansion of a listed template. */
export function coveredByListing(surface: Surface, uri: string): 'listed' | 'template' | undefined {
  if (listedResources(surface).some((resource) => resource.uri === uri)) return 'listed';
  return listedTemplates(surface).some((template) => matchesUriTemplate(template.parts, uri)) ? 'template' : undefined;
}

/**
 * A URI the server never listed and that no listed template covers, in the scheme of its own resources where that
 * is safe (so the read reaches the server's real lookup), else in a scheme of mcpact's own. Web schemes are never
 * used: a server that fetches https resources would go out to the network. Undefined when every candidate is
 * covered (a template such as `{+uri}` covers everything).
 */
export function unknownResourceUri(surface: Surface): string | undefined {
  const first = listedResources(surface)[0]?.uri ?? listedTemplates(surface)[0]?.uriTemplate;
  const scheme = first === undefined ? undefined : /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(first)?.[1]?.toLowerCase();
  const candidates = [
    ...(scheme !== undefined && !['http', 'https', 'ws', 'wss'].includes(scheme)
      ? [`${scheme}://${UNKNOWN_RESOURCE_PATH}/0`, `${scheme}:///${UNKNOWN_RESOURCE_PATH}-0`]
      : []),
    `${UNKNOWN_RESOURCE_SCHEME}://${UNKNOWN_RESOURCE_PATH}/0`,
  ];
  return candidates.find((candidate) => coveredByListing(surface, candidate) === undefined);
}

// ---------------------------------------------------------------------------------------------------------------
// Resource templates: completion per variable, and sample values to expand them with.

export type ValueSource = 'config' | 'completion' | 'description';

export interface TemplateCompletion {
  variable: string;
  /** The context.arguments sent (values already chosen for the template's earlier variables). */
  context?: Record<string, string>;
  outcome: Outcome;
}

export interface TemplateSample {
  template: ListedTemplate;
  /** The expanded URI, when every variable got a value. */
  uri?: string;
  values?: Record<string, string>;
  /** Where each value came from. */
  sources?: Record<string, ValueSource>;
  /** Why the template was not expanded. */
  skipped?: string;
  /** completion/complete per variable, when the server declares completions. */
  completions: TemplateCompletion[];
}

const SAMPLES = cacheKey<Promise<TemplateSample[]>>('resources/template-samples');

/**
 * One sample URI per listed template (up to max_reads), with the completions asked on the way; once per run, and
 * counted among the answers the asking rule saw.
 */
export async function templateSamples(context: ExerciseContext): Promise<TemplateSample[]> {
  const samples = await context.cache.once(SAMPLES, () => {
    const { taken } = capped(listedTemplates(context.surface), resourceLimits(context.settings.resources).maxReads);
    return Promise.all(taken.map((template) => sampleTemplate(context, template)));
  });
  for (const sample of samples) for (const completion of sample.completions) context.probe.saw(completion.outcome);
  return samples;
}

async function sampleTemplate(context: ExerciseContext, template: ListedTemplate): Promise<TemplateSample> {
  const completionsDeclared = context.surface.capabilities.completions !== undefined;
  // completion/complete context arguments appeared in 2025-06-18.
  const withContext = (context.surface.protocolVersion ?? '') >= '2025-06-18';
  const configured = ownValue(context.settings.resources?.template_examples, template.uriTemplate);
  const described =
    template.variables.length === 1 ? [...valuesFromExampleUris(template, template.record.description), ...describedValues(template.record.description)] : [];
  // Keyed by the template's variable names, which the server chose (`{__proto__}` is one).
  const values = nameRecord<string>();
  const sources = nameRecord<ValueSource>();
  const completions: TemplateCompletion[] = [];
  const missing: string[] = [];
  // Variables in order, so later ones are completed in the context of the values already chosen.
  for (const variable of template.variables) {
    const fromConfig = ownValue(configured, variable);
    const given = typeof fromConfig === 'string' ? fromConfig : fromConfig?.[0];
    let completed: string | undefined;
    if (completionsDeclared) {
      const sent = withContext && Object.keys(values).length > 0 ? { ...values } : undefined;
      const params: JsonRecord = { ref: { type: 'ref/resource', uri: template.uriTemplate }, argument: { name: variable, value: '' } };
      if (sent !== undefined) params.context = { arguments: sent };
      const outcome = await context.probe.request('completion/complete', params);
      completions.push({ variable, ...(sent !== undefined && { context: sent }), outcome });
      const suggested = asRecord(asRecord(outcome.kind === 'result' ? outcome.result : undefined)?.completion)?.values;
      completed = Array.isArray(suggested) && typeof suggested[0] === 'string' && suggested[0] !== '' ? suggested[0] : undefined;
    }
    if (given !== undefined) {
      values[variable] = given;
      sources[variable] = 'config';
    } else if (completed !== undefined) {
      values[variable] = completed;
      sources[variable] = 'completion';
    } else if (described[0] !== undefined) {
      values[variable] = described[0];
      sources[variable] = 'description';
    } else missing.push(variable);
  }
  if (missing.length > 0) {
    const where = completionsDeclared ? 'the config, completion or the description' : 'the config or the description (no completions declared)';
    return { template, completions, skipped: `no value for ${missing.map((name) => `"${name}"`).join(', ')} from ${where}` };
  }
  return { template, completions, values, sources, uri: expandUriTemplate(template.parts, values) };
}

/** A URI written out in a description: a scheme, `://`, and what follows up to a space or a quote. */
const EXAMPLE_URI = /\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s'"`<>]{1,200}/gi;

/**
 * The value of a template's only variable in the URIs its description writes out that the template matches
 * ("e.g. memory://man/search-notes(3)" under `memory://man/{ref*}` gives "search-notes(3)"): the template's text
 * before and after the variable must frame the URI. A closing parenthesis the URI does not open is the prose's.
 */
export function valuesFromExampleUris(template: Pick<ListedTemplate, 'uriTemplate'>, description: unknown): string[] {
  if (typeof description !== 'string') return [];
  const at = template.uriTemplate.indexOf('{');
  const end = template.uriTemplate.indexOf('}', at);
  if (at < 0 || end < 0 || template.uriTemplate.indexOf('{', end) >= 0) return [];
  const [before, after] = [template.uriTemplate.slice(0, at), template.uriTemplate.slice(end + 1)];
  const found: string[] = [];
  for (const [match] of description.slice(0, 2000).matchAll(EXAMPLE_URI)) {
    let uri = match.replace(/[.,;:!?]+$/, '');
    while (uri.endsWith(')') && uri.split(')').length > uri.split('(').length) uri = uri.slice(0, -1);
    if (!uri.startsWith(before) || !uri.endsWith(after) || uri.length <= before.length + after.length) continue;
    const value = uri.slice(before.length, uri.length - after.length);
    if (!found.includes(value)) found.push(value);
  }
  return found;
}

/** Examples a description gives for the only variable of its template: "e.g. intro", "(intro or setup)", "one of: a, b". */
export function describedValues(description: unknown): string[] {
  if (typeof description !== 'string') return [];
  const text = description.slice(0, 2000);
  const found: string[] = [];
  const token = /^["'`]?([A-Za-z0-9_.~-]{1,64})["'`]?/;
  const after = /\b(?:e\.g\.,?|for example,?|such as|one of:?|like)\s+/gi;
  for (const match of text.matchAll(after)) {
    const rest = text.slice(match.index + match[0].length);
    const value = token.exec(rest)?.[1];
    // The scheme of a URI written out ("e.g. memory://man/...") is no value of the variable (valuesFromExampleUris).
    if (value !== undefined && !rest.startsWith(`${value}://`)) found.push(value.replace(/[.]+$/, ''));
  }
  for (const match of text.matchAll(/\(([^()]{1,200})\)/g)) {
    const inside = match[1]!.split(/\s*(?:,|\bor\b)\s*/).map((part) => part.trim());
    if (inside.length >= 2 && inside.every((part) => token.test(part) && token.exec(part)![0] === part))
      found.push(...inside.map((part) => part.replace(/^["'`]|["'`]$/g, '')));
  }
  return [...new Set(found.filter((value) => value !== ''))];
}

// ---------------------------------------------------------------------------------------------------------------
// MCP Apps: the UI resources tools link.

export const UI_EXTENSION = 'io.modelcontextprotocol/ui';
export const UI_MIME_TYPE = 'text/html;profile=mcp-app';

export interface UiLink {
  tool: string;
  /** `_meta.ui` of the tool, when it is an object. */
  ui?: JsonRecord;
  /** The linked URI: `_meta.ui.resourceUri`, or the deprecated `_meta["ui/resourceUri"]`. */
  uri?: unknown;
  /** Which field linked it. */
  field?: 'ui.resourceUri' | 'ui/resourceUri';
}

/** The tools that carry MCP Apps metadata, first of each name, in list order. */
export function uiLinks(surface: Surface): UiLink[] {
  const seen = new Set<string>();
  const links: UiLink[] = [];
  for (const item of items(surface, 'tools')) {
    const name = item.record?.name;
    const meta = asRecord(item.record?._meta);
    if (typeof name !== 'string' || seen.has(name) || meta === undefined) continue;
    if (!('ui' in meta) && !('ui/resourceUri' in meta)) continue;
    seen.add(name);
    const ui = asRecord(meta.ui);
    const link: UiLink = { tool: name };
    if (ui !== undefined) link.ui = ui;
    if (ui?.resourceUri !== undefined) {
      link.uri = ui.resourceUri;
      link.field = 'ui.resourceUri';
    } else if (meta['ui/resourceUri'] !== undefined) {
      link.uri = meta['ui/resourceUri'];
      link.field = 'ui/resourceUri';
    }
    links.push(link);
  }
  return links;
}

/** Whether the server declares the MCP Apps extension in its capabilities. */
export function declaresUiExtension(surface: Surface): boolean {
  return asRecord(asRecord(surface.capabilities.extensions)?.[UI_EXTENSION]) !== undefined;
}
