/**
 * One cause, one finding. A rule that finds the same defect on 52 tools (one wrong error code, one sentence
 * repeated under three tools) reports 52 times; the reader needs it once, with where it is. Findings of one rule
 * are one cause when their severity, spec reference, location kind, codes and messages agree once the names,
 * numbers and quoted values in the messages are set aside. The first finding in report order stands for the
 * cause, with `count` and every `locations` entry; a single finding stays as it is. Each place appears once
 * in a merged finding.
 */
import type { Finding } from '../model/report.js';
import { mask } from '../util/mask.js';
import { casesOf } from './merge-answers.js';

/**
 * Values in `data` that tell causes apart when the message does not: the code answered, the case of a matrix, and
 * a drift change's reason (two fields added are two changes; one description rewritten the same way in three
 * tools is one).
 */
const CAUSE_FIELDS = ['code', 'outcome', 'case', 'verdict', 'kind', 'category', 'expected', 'field', 'capability', 'method', 'reason'] as const;

/** A stamped finding and the cause its rule gave, if any. */
export interface Reported {
  finding: Finding;
  cause?: string;
}

/** Merges findings of the same rule and cause; `entries` must already be in report order. */
export function mergeByCause(entries: readonly Reported[]): Finding[] {
  const byCause = new Map<string, Reported[]>();
  // Without a cause of the rule's own, two findings of one shape at the same place are two defects there (two
  // arguments dropped by one prompt): the names that tell them apart would be lost, so each place contributes at
  // most once to a merged finding.
  const seenAt = new Map<string, number>();
  for (const entry of entries) {
    const { finding, cause } = entry;
    const shape = causeKey(finding, cause);
    let key = shape;
    if (cause === undefined) {
      const place = `${shape}\u0000${finding.location.kind}\u0000${finding.location.name ?? ''}\u0000${finding.location.pointer ?? ''}`;
      const nth = seenAt.get(place) ?? 0;
      seenAt.set(place, nth + 1);
      key = `${shape}\u0000${nth}`;
    }
    const group = byCause.get(key);
    if (group) group.push(entry);
    else byCause.set(key, [entry]);
  }
  return [...byCause.values()].map((group) => {
    const [{ finding: first, cause }] = group as [Reported, ...Reported[]];
    if (group.length === 1) return first;
    const locations = group.map(({ finding }) => (finding.message === first.message ? finding.location : { ...finding.location, message: finding.message }));
    const merged: Finding = { ...first, count: group.length, locations };
    // Cases of bad input the rule gave one cause (tools/malformed-call: one deserialisation step refusing both
    // malformed arguments, in words that differ) are listed as engine/merge-answers.ts lists the cases it merges.
    if (cause !== undefined && isCaseMatrix(group.map(({ finding }) => finding)))
      merged.data = { ...first.data, cases: casesOf(group.map(({ finding }) => finding)) };
    return merged;
  });
}

/** Findings that rest on answers to bad input (an answer class) to two or more cases or variants, named in `data`. */
function isCaseMatrix(findings: readonly Finding[]): boolean {
  if (!findings.every((finding) => finding.answer?.class !== undefined)) return false;
  const names = findings.map(
    ({ data }) => (typeof data?.case === 'string' ? data.case : '') + '\u0000' + (typeof data?.variant === 'string' ? data.variant : ''),
  );
  return new Set(names).size > 1;
}

export function causeKey(finding: Finding, cause?: string): string {
  const name = finding.location.name;
  const data = finding.data ?? {};
  const codes =
    cause === undefined
      ? CAUSE_FIELDS.map((field) => {
          const value = data[field];
          return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? `${field}=${String(value)}` : '';
        })
      : [];
  const spec = finding.spec ? `${finding.spec.revision} ${finding.spec.level} ${finding.spec.section}` : '';
  return [
    finding.ruleId,
    finding.severity,
    // An inherited finding and one of the author's own are two causes, however alike they read.
    finding.inherited?.signature ?? '',
    spec,
    finding.location.kind,
    cause === undefined ? mask(finding.message, name) : `cause:${mask(cause, name)}`,
    ...codes,
  ].join('\u0000');
}
