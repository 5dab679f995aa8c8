/**
 * One cause, one finding. A rule that finds the same defect on 52 tools (one wrong error code, one sentence
 * repeated under three tools) reports 52 times; the reader needs it once, with where it is. Findings of one rule
 * are one cause when their severity, spec reference, location kind, codes and messages agree once the names,
 * numbers and quoted values in the messages are set aside. The first finding in report order stands for the
 * cause, with `count` and every `locations` entry; a single finding stays as it is. Each place appears once
 * in a merged finding.
 */
import type { Finding } from '../model/report.js';

/** Quoted server values (quote() output, possibly cut short with an ellipsis). */
const QUOTED = /"(?:[^"\\]|\\.)*"…?/g;
/** JSON-RPC error codes are a cause of their own: -32602 and -32603 are two defects, not one. */
const NUMBER = /(?<![\w.-])(?!-32\d{3}\b)-?\d+(?:\.\d+)?(?![\w.])/g;
/**
 * Values in `data` that tell causes apart when the message does not: the code answered, the case of a matrix, and
 * a drift change's reason (two fields added are two changes; one description rewritten the same way in three
 * tools is one).
 */
const CAUSE_FIELDS = ['code', 'outcome', 'case', 'verdict', 'kind', 'category', 'expected', 'field', 'capability', 'method', 'reason'] as const;

/** Merges findings of the same rule and cause; `findings` must already be in report order. */
export function mergeByCause(findings: readonly Finding[]): Finding[] {
  const byCause = new Map<string, Finding[]>();
  // Two findings of one shape at the same place are two defects there (two arguments dropped by one prompt): the
  // names that tell them apart would be lost, so each place contributes at most once to a merged finding.
  const seenAt = new Map<string, number>();
  for (const finding of findings) {
    const cause = causeKey(finding);
    const place = `${cause}\u0000${finding.location.kind}\u0000${finding.location.name ?? ''}\u0000${finding.location.pointer ?? ''}`;
    const nth = seenAt.get(place) ?? 0;
    seenAt.set(place, nth + 1);
    const key = `${cause}\u0000${nth}`;
    const group = byCause.get(key);
    if (group) group.push(finding);
    else byCause.set(key, [finding]);
  }
  return [...byCause.values()].map((group) => {
    const [first] = group as [Finding, ...Finding[]];
    if (group.length === 1) return first;
    return { ...first, count: group.length, locations: group.map((finding) => finding.location) };
  });
}

export function causeKey(finding: Finding): string {
  let message = finding.message;
  // The item's own name, where the message says it unquoted (a one- or two-letter name would match inside words).
  const name = finding.location.name;
  if (name !== undefined && name.length >= 3) message = message.split(name).join('<name>');
  message = message.replace(QUOTED, '"<value>"').replace(NUMBER, '<n>');
  const data = finding.data ?? {};
  const codes = CAUSE_FIELDS.map((field) => {
    const value = data[field];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? `${field}=${String(value)}` : '';
  });
  const spec = finding.spec ? `${finding.spec.revision} ${finding.spec.level} ${finding.spec.section}` : '';
  return [finding.ruleId, finding.severity, spec, finding.location.kind, message, ...codes].join('\u0000');
}
