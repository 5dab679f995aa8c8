/**
 * The signal scan of every text of a server (signals.ts#scanText), done once per run and shared by
 * security/tool-poisoning and security/tool-steering: the two rules report the two tiers of one verdict, so a text
 * is never both.
 */
import { items } from '../../surface/items.js';
import type { Surface } from '../../surface/types.js';
import { codePointLabel, invisibleKind, invisiblePattern } from '../../util/invisible.js';
import { lookalikeWords } from '../../util/lookalike.js';
import { cacheKey, type RunCache } from '../../util/run-cache.js';
import { asRecord } from '../../util/json.js';
import { hasMarkedLatin, hasTags } from './heuristics.js';
import { hostsOf, sentences } from './orders.js';
import { scanText, type Fired, type Scan, type ScanContext } from './signals.js';
import { excerpt, normalizedOf, scannedPart, surfaceTexts, type Text } from './texts.js';

export interface ScannedText {
  text: Text;
  /** The scanned part as a model reads it. */
  normalized: string;
  scan: Scan;
}

const INVISIBLE = invisiblePattern();

const SCANS = cacheKey<readonly ScannedText[]>('security/scans');

/** Texts that give the model orders: descriptions, titles and instructions (names are scanned by other rules). */
export function scannedTexts({ surface, cache }: { surface: Surface; cache: RunCache }): readonly ScannedText[] {
  return cache.once(SCANS, () => {
    const tools = items(surface, 'tools').flatMap((item) => (typeof item.record?.name === 'string' ? [item.record] : []));
    const ownTools = new Set(tools.map((record) => record.name as string));
    const purposes = new Map(tools.map((record) => [record.name as string, purposeOf(record)]));
    const texts = surfaceTexts({ surface, cache })
      .filter((text) => text.field !== 'name')
      .map((text) => ({ text, normalized: normalizedOf(cache, text) }));
    const hostTexts = hostsByText(texts.map((entry) => entry.normalized));
    return texts.map(({ text, normalized }) => {
      const owner = text.tool ?? text.location.name;
      const own = new Set(hostsOf(normalized));
      // A host counts as the server's own when a different text of the server names it too.
      const hosts = new Set([...hostTexts].filter(([host, count]) => count > (own.has(host) ? 1 : 0)).map(([host]) => host));
      const context: ScanContext = { ownTools, owner, hosts, ...(text.tool !== undefined && purposes.get(text.tool)) };
      return { text, normalized, scan: scanText(normalized, context) };
    });
  });
}

/**
 * What a tool says it is for: its name, the first sentence of its description and its parameter names. Only the
 * first sentence: an order further down the description must not excuse itself.
 */
export function purposeOf(record: Record<string, unknown>): Pick<ScanContext, 'purpose' | 'parameters'> {
  const description = typeof record.description === 'string' ? record.description.slice(0, 2000) : '';
  const parameters = Object.keys(asRecord(asRecord(record.inputSchema)?.properties) ?? {});
  const first = sentences(description)[0]?.sentence ?? '';
  return { purpose: [record.name, first, ...parameters].join(' '), parameters: new Set(parameters) };
}

/** How many distinct texts name each host (one sentence repeated under several tools counts once). */
function hostsByText(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of new Set(texts)) for (const host of new Set(hostsOf(text))) counts.set(host, (counts.get(host) ?? 0) + 1);
  return counts;
}

/** A signal as a finding's data shows it: its id, weight and the quoted span. */
export function signalData(text: string, fired: Fired): Record<string, unknown> {
  return {
    id: fired.signal.id,
    category: fired.signal.category,
    weight: fired.signal.weight,
    what: fired.signal.what,
    span: excerpt(text, fired.index, fired.length),
  };
}

/** What every security finding on a scanned text carries: the signals, the excerpt, and whether tags were decoded. */
export function scanData(scanned: ScannedText, fired: readonly Fired[]): Record<string, unknown> {
  const first = fired[0]!;
  const raw = scannedPart(scanned.text);
  const hidden = [...new Set((raw.match(INVISIBLE) ?? []).filter((char) => invisibleKind(char.codePointAt(0)!) !== 'tag').map(codePointLabel))].slice(0, 5);
  return {
    category: first.signal.category,
    signals: fired.map((entry) => signalData(scanned.normalized, entry)),
    excerpt: excerpt(scanned.normalized, first.index, first.length),
    ...(hasTags(raw) && { decoded: 'the text hides Unicode tag characters; the excerpts show the ASCII they spell' }),
    ...(hidden.length > 0 && {
      hidden: `the text contains invisible characters (${hidden.join(', ')}), left out of the excerpts; security/hidden-unicode shows where`,
    }),
    // The excerpts read "ignоre" (a Cyrillic о) as "ignore", as the scan does: say so, or the quote would misstate the text.
    ...(lookalikeWords(raw).length > 0 && {
      lookalike: 'the text has letters of another script in place of Latin ones; the excerpts read them as Latin; security/hidden-unicode shows where',
    }),
    // "ignöre" is read as "ignore" (heuristics.ts#normalizeText): the excerpts drop the marks, and say so.
    ...(hasMarkedLatin(raw) && { marks: 'the text has Latin letters with accents or other marks; the excerpts show them without' }),
  };
}

/** The subject of a finding's message, singular so the signal's verb agrees: "parameter description tells ...". */
export function subjectOf(text: Text): string {
  return text.field === 'instructions' ? 'instructions text' : `${text.owner} ${text.field}`;
}
