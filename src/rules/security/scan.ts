/**
 * The signal scan of every text of a server (signals.ts#scanText), done once per run and shared by
 * security/tool-poisoning and security/tool-steering: the two rules report the two tiers of one verdict, so a text
 * is never both.
 */
import { items } from '../../surface/items.js';
import type { Surface } from '../../surface/types.js';
import { codePointLabel, invisibleKind, invisiblePattern } from '../../util/invisible.js';
import { cacheKey, type RunCache } from '../../util/run-cache.js';
import { hasTags } from './heuristics.js';
import { scanText, type Fired, type Scan } from './signals.js';
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
    const ownTools = new Set(items(surface, 'tools').flatMap((item) => (typeof item.record?.name === 'string' ? [item.record.name] : [])));
    return surfaceTexts({ surface, cache })
      .filter((text) => text.field !== 'name')
      .map((text) => {
        const normalized = normalizedOf(cache, text);
        return { text, normalized, scan: scanText(normalized, { ownTools, owner: text.tool ?? text.location.name }) };
      });
  });
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
  };
}

/** The subject of a finding's message, singular so the signal's verb agrees: "parameter description tells ...". */
export function subjectOf(text: Text): string {
  return text.field === 'instructions' ? 'instructions text' : `${text.owner} ${text.field}`;
}
