/**
 * How human-readable reporters show a finding that stands for several places (engine/merge.ts): the count, the
 * kind of item, and the first few names, the rest counted. The JSON and SARIF reports carry every location.
 */
import type { Finding } from '../model/report.js';
import type { LocationKind } from '../model/location.js';

/** Names shown before "(N more)". */
export const NAMES_SHOWN = 3;
const RULE_ID = /^[a-z0-9-]{1,40}\/[a-z0-9-]{1,80}$/;

const PLURAL: Record<LocationKind, string> = {
  server: 'places',
  tool: 'tools',
  prompt: 'prompts',
  resource: 'resources',
  resourceTemplate: 'resource templates',
  transport: 'places',
};

const SINGULAR: Record<string, string> = {
  places: 'place',
  tools: 'tool',
  prompts: 'prompt',
  resources: 'resource',
  'resource templates': 'resource template',
};

export interface Occurrences {
  count: number;
  /** "tools", "prompts", ...: the kind of the places, or "places" when they are of several kinds. */
  noun: string;
  /** The first names (or pointers, for unnamed places), unsanitized: each reporter escapes them for its format. */
  names: string[];
  more: number;
  /** The other rules of the family whose cases are this finding's cause (engine/merge-answers.ts), in report order. */
  rules: string[];
  /** Of one rule's cases answered alike (`data.cases`), their variants or case names, when there are several. */
  cases: string[];
}

export function occurrences(finding: Finding): Occurrences | undefined {
  if (finding.count === undefined || finding.locations === undefined) return undefined;
  const kinds = new Set(finding.locations.map((location) => location.kind));
  const noun = kinds.size === 1 ? PLURAL[finding.location.kind] : 'places';
  const labels = finding.locations.map(
    (location) => [location.name, location.pointer].filter((part) => part !== undefined && part !== '').join(' ') || location.kind,
  );
  // The same item can carry the cause at several pointers: name it once.
  const distinct = [...new Set(labels)];
  const names = distinct.slice(0, NAMES_SHOWN);
  // Rule ids are shown as they are, so only ones shaped like the registry's (a blob from elsewhere may hold anything).
  const rules = [
    ...new Set(finding.locations.flatMap((location) => (location.ruleId !== undefined && RULE_ID.test(location.ruleId) ? [location.ruleId] : []))),
  ];
  return { count: finding.count, noun, names, more: distinct.length - names.length, rules, cases: rules.length > 0 ? [] : caseLabels(finding) };
}

function caseLabels(finding: Finding): string[] {
  const cases = Array.isArray(finding.data?.cases) ? finding.data.cases : [];
  const labels = cases.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const label =
      'variant' in entry && typeof entry.variant === 'string' ? entry.variant : 'case' in entry && typeof entry.case === 'string' ? entry.case : undefined;
    return label === undefined ? [] : [label];
  });
  const distinct = [...new Set(labels)];
  return distinct.length > 1 ? distinct : [];
}

/**
 * `× 52 tools: get_issue, create_issue, list_issues, … (49 more)`, with `escape` applied to each name; when other
 * rules judged the same answer, `; the same answer in prompts/empty-required, prompts/wrong-type` after it, and when
 * several cases of one rule did, `; cases: name missing, arguments is a string`.
 */
export function occurrencesLine(found: Occurrences, escape: (text: string) => string): string {
  // Several occurrences at one place (two invalid inputs to one tool, answered alike): count them, then the places.
  const places = found.names.length + found.more;
  const noun = places < found.count ? `at ${places} ${places === 1 ? (SINGULAR[found.noun] ?? found.noun) : found.noun}` : found.noun;
  const shown = found.cases.slice(0, NAMES_SHOWN).map(escape);
  const more = found.cases.length - shown.length;
  const rules =
    found.rules.length > 0
      ? `; the same answer in ${found.rules.join(', ')}`
      : shown.length > 0
        ? `; cases: ${shown.join(', ')}${more > 0 ? `, … (${more} more)` : ''}`
        : '';
  return `× ${found.count} ${noun}: ${found.names.map(escape).join(', ')}${found.more > 0 ? `, … (${found.more} more)` : ''}${rules}`;
}
