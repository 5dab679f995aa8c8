/**
 * One cause, one finding, across the rules and cases of a family. The probes of bad input overlap: a prompt
 * called without its required argument, with it empty, with it as a number or under another case all reach the
 * same check on the server, and a server that answers that check with -32603 "Missing required argument" answers
 * every probe alike. Each rule judges its own case, and engine/merge.ts merges a rule's findings by cause; this
 * merges what is left across the rules of one family when the findings rest on the same answer to bad input: the
 * same place (the location kind, or the server for a probe its lookup of names answered), the same answer class and code, the same expectation, the same origin (the author's code,
 * or one SDK), and the same words once names, numbers and quoted values are set aside.
 *
 * The merged finding is its most severe member (among equals, the one whose rule the registry lists first), so it
 * keeps that member's message, location, data and the sentence it cites; `count` and `locations` cover every
 * occurrence of every member (each with its own message, and its rule when it is another one), and `data.cases`
 * lists the members: rule, case, variant, how many occurrences and at which severity. Findings that rest on no
 * error answer to bad input (a rendered result, a hang, a crash, a finding about declarations) are left as they
 * are: a rendered result to a missing argument and one to an unknown argument are two defects.
 */
import type { Finding } from '../model/report.js';
import { severityRank, type Severity } from '../model/severity.js';
// Names and values mcpact makes up for its probes (`mcpact_unknown_tool`, `mcpact-no-such-prompt`, `mcpact-sample-text`).
import { INJECTED_NAME } from '../exercise/injected.js';

/** One member of a merged finding, as `data.cases` lists it. */
export interface MergedCase {
  ruleId: string;
  case?: string;
  variant?: string;
  count: number;
  severity: Severity;
  /** The signature row that marked the member inherited, when one did (its origin is then that SDK, as the lead's). */
  signature?: string;
}

/** What the family's merge did: the findings, and which rules' findings now stand inside another rule's finding. */
export interface AnswerMerge {
  findings: Finding[];
  /** Rule id -> the rule whose finding carries its cases (only for rules left without a finding of their own). */
  absorbed: Map<string, string>;
}

const QUOTED = /"(?:[^"\\]|\\.)*"…?/g;
const NUMBER = /-?\d+(?:\.\d+)?/g;
/** The SDK's wrapper around the author's message ("MCP error -32603: ..."): the same words with or without it. */
const WRAPPER = /^mcp error -?\d+:\s*/i;
/** Values of `data` that are names the server may repeat in its words: the argument, its case variant, the tool. */
const NAME_FIELDS = ['argument', 'variant', 'property', 'tool', 'uri'] as const;

/**
 * Merges the findings of one family (in report order) that rest on the same answer to bad input. `rank` orders
 * rules of one severity (the registry's order: the plainest case of a family comes first), so the finding that
 * stands for the cause is the same whatever the report order.
 */
export function mergeByAnswer(findings: readonly Finding[], rank: (ruleId: string) => number = () => 0): AnswerMerge {
  const groups = new Map<string, Finding[]>();
  const order: (Finding | string)[] = [];
  for (const finding of findings) {
    const key = answerKey(finding);
    if (key === undefined) {
      order.push(finding);
      continue;
    }
    const group = groups.get(key);
    if (group) group.push(finding);
    else {
      groups.set(key, [finding]);
      order.push(key);
    }
  }
  const absorbed = new Map<string, string>();
  const merged = order.map((entry) => {
    if (typeof entry !== 'string') return entry;
    const group = groups.get(entry)!;
    return group.length === 1 ? group[0]! : mergeGroup(group, rank, absorbed);
  });
  // A rule that kept a finding of its own is not absorbed, whatever else of it went elsewhere.
  for (const finding of merged) absorbed.delete(finding.ruleId);
  return { findings: merged, absorbed };
}

/**
 * The cause of a finding that rests on an error answer to bad input, or undefined for every other finding: a
 * JSON-RPC error, or a result with `isError: true` (the only result classified as validated with a wrong code).
 */
export function answerKey(finding: Finding): string | undefined {
  const answer = finding.answer;
  if (answer?.class === undefined) return undefined;
  const code = answer.code ?? (answer.class === 'validated-wrong-code' ? 'isError result' : undefined);
  if (code === undefined) return undefined;
  const expected = finding.data?.expected;
  return [
    finding.ruleId.split('/')[0],
    placeOf(finding),
    // The author's code and the SDK's are two causes, however alike they answer.
    finding.inherited?.sdk ?? '',
    answer.class,
    String(code),
    typeof expected === 'string' || typeof expected === 'number' ? String(expected) : '',
    answerGist(finding),
  ].join('\u0000');
}

/**
 * Where the answer came from: the finding's location kind, or the server when the probe sent a name the server does
 * not list (`data.answeredAt: 'server'`, as a listed prompt's name in other letter case). Such a name reaches the
 * server's lookup of names, not the item it was made from, as the made-up name of the server-wide probe does: the same
 * refusal to both is one cause, though one finding is located at the item.
 */
export function placeOf(finding: Finding): string {
  return finding.data?.answeredAt === 'server' ? 'server' : finding.location.kind;
}

/**
 * The server's words with what differs per probe set aside: the SDK's "MCP error <code>:" wrapper, the names the
 * probe used (the item, the argument and its variant, the names and values mcpact made up), quoted values and
 * numbers; case and spacing folded.
 */
export function answerGist(finding: Finding): string {
  let said = (finding.answer?.said ?? '').replace(WRAPPER, '');
  const data = finding.data ?? {};
  const names = [finding.location.name, ...NAME_FIELDS.map((field) => data[field])].filter(
    (name): name is string => typeof name === 'string' && name.length >= 2,
  );
  // Longest first, so a name inside another ("text" in "text_id") never leaves half a name behind.
  for (const name of [...new Set(names)].sort((a, b) => b.length - a.length)) said = replaceWord(said, name, '<name>');
  return said.replace(INJECTED_NAME, '<name>').replace(QUOTED, '"<value>"').replace(NUMBER, '<n>').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Every whole-word occurrence of `word`, in any letter case. */
function replaceWord(text: string, word: string, by: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'giu'), by);
}

function mergeGroup(group: readonly Finding[], rank: (ruleId: string) => number, absorbed: Map<string, string>): Finding {
  // Among equals, a finding located where its answer came from (the server-wide probe) before one made from an item.
  const plain = (finding: Finding) => (finding.location.kind === placeOf(finding) ? 0 : 1);
  const before = (a: Finding, b: Finding) =>
    severityRank(a.severity) > severityRank(b.severity) ||
    (a.severity === b.severity && (rank(a.ruleId) < rank(b.ruleId) || (rank(a.ruleId) === rank(b.ruleId) && plain(a) < plain(b))));
  const lead = group.reduce((best, finding) => (before(finding, best) ? finding : best));
  const members = [lead, ...group.filter((finding) => finding !== lead)];
  const locations = members.flatMap((member) => {
    const occurrences: NonNullable<Finding['locations']> = member.locations ?? [{ ...member.location }];
    return occurrences.map(({ message: own, ...place }) => {
      const entry: NonNullable<Finding['locations']>[number] = { ...place };
      const message = own ?? member.message;
      if (message !== lead.message) entry.message = message;
      if (member.ruleId !== lead.ruleId) entry.ruleId = member.ruleId;
      return entry;
    });
  });
  for (const member of members) if (member.ruleId !== lead.ruleId) absorbed.set(member.ruleId, lead.ruleId);
  return { ...lead, count: locations.length, locations, data: { ...lead.data, cases: casesOf(members) } };
}

/**
 * The members as `data.cases`: one entry per rule, case and variant, with its occurrences and its worst severity.
 * A member that is itself one cause of several cases (its rule's `cause`, engine/merge.ts) brings its own list.
 */
export function casesOf(members: readonly Finding[]): MergedCase[] {
  const cases = new Map<string, MergedCase>();
  for (const entry of members.flatMap(ownCases)) {
    const key = JSON.stringify([entry.ruleId, entry.case, entry.variant]);
    const seen = cases.get(key);
    if (seen === undefined) cases.set(key, entry);
    else {
      seen.count += entry.count;
      if (severityRank(entry.severity) > severityRank(seen.severity)) seen.severity = entry.severity;
    }
  }
  return [...cases.values()];
}

/** A finding's cases: the list it carries from its rule's merge, or the one case it is. */
function ownCases(member: Finding): MergedCase[] {
  const data = member.data ?? {};
  if (Array.isArray(data.cases) && data.cases.every(isMergedCase)) return data.cases.map((entry) => ({ ...entry }));
  const entry: MergedCase = { ruleId: member.ruleId, count: member.count ?? 1, severity: member.severity };
  if (typeof data.case === 'string') entry.case = data.case;
  // prompts/wrong-type reports the variants that were answered alike together.
  const variants = Array.isArray(data.variants) ? data.variants.filter((variant) => typeof variant === 'string').join(', ') : data.variant;
  if (typeof variants === 'string' && variants !== '') entry.variant = variants;
  if (member.inherited !== undefined) entry.signature = member.inherited.signature;
  return [entry];
}

function isMergedCase(value: unknown): value is MergedCase {
  const entry = value as Partial<MergedCase> | null;
  return (
    typeof entry === 'object' && entry !== null && typeof entry.ruleId === 'string' && typeof entry.count === 'number' && typeof entry.severity === 'string'
  );
}
