/** A drift Change as a rule's Report: the table's message template filled in, the level it was judged at, and the values. */
import type { DriftConfig } from '../../config/drift.js';
import type { Change } from '../../drift/diff/change.js';
import type { Report } from '../../engine/rule.js';
import { changeLevel } from '../../engine/severity.js';
import { CHANGES } from '../../model/changes.js';
import { quote } from '../../util/text.js';

export function changeReport(change: Change, drift: DriftConfig | undefined): Report {
  const report: Report = {
    message: format(CHANGES[change.id].message, change),
    location: change.location,
    data: { level: changeLevel(change.id, { drift }, change.level), reason: change.reason, ...change.data },
  };
  if (change.level !== undefined) report.level = change.level;
  return report;
}

/** `{name}` is the item (quoted and bounded), `{reason}` what changed (bounded by the diff). */
function format(template: string, change: Change): string {
  return template.replace(/\{(name|reason)\}/g, (_, key: string) => (key === 'name' ? quote(change.location.name ?? '', 80) : change.reason));
}
