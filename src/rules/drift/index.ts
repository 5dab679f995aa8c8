/**
 * The drift family: one rule per change id of the change table (model/changes.ts), generated rather than written
 * out, because the table already is their data. They apply to servers with a lockfile (`drift.baseline`, or
 * `mcpact diff`); the comparison runs once per server, shared through the run cache, and each rule reports the
 * changes of its id. Their severity comes from the change's level and `drift.fail_on` (engine/severity.ts).
 */
import { compareWithBaseline, type DriftComparison } from '../../drift/compare.js';
import { cacheKey } from '../../util/run-cache.js';
import { defineRule, type Rule } from '../../engine/rule.js';
import { changeSeverity } from '../../engine/severity.js';
import { CACHING_CHANGE_IDS, CHANGE_IDS, CHANGES, SKILL_CHANGE_IDS, driftRuleId, type ChangeId, type ChangeMeta } from '../../model/changes.js';
import { changeReport } from './change-report.js';

const COMPARISON = cacheKey<Promise<DriftComparison>>('drift/comparison');

/** At most this many notes of the output-shape replay in a result's reason; the rest are counted. */
const NOTES_SHOWN = 10;

function driftRule(id: ChangeId): Rule {
  const meta: ChangeMeta = CHANGES[id];
  return defineRule({
    id: driftRuleId(id),
    family: 'drift',
    change: id,
    description: meta.description,
    defaultSeverity: changeSeverity(id, meta.level, {}),
    docs:
      `Default level: ${meta.level}${meta.when ? ` (${meta.when})` : ''}.` +
      (meta.wording ? ' A wording change: not reported with `drift.descriptions: ignore`.' : '') +
      ' Re-level it with `drift.levels`, choose what fails with `drift.fail_on`, or set its severity with `rules:` (docs/drift.md).',
    applies: (target) => target.baseline !== undefined,
    async check({ baseline, surface, probe, settings, cache, report, note, skip, incomplete }) {
      const comparison = await cache.once(COMPARISON, () => compareWithBaseline(baseline!.lock, baseline!.redact, surface, probe, settings));
      if (comparison.incomplete !== undefined) return incomplete(comparison.incomplete);
      const ignoreWording = settings.drift?.descriptions === 'ignore';
      if (meta.wording && ignoreWording) return skip('drift.descriptions: ignore');
      if (CACHING_CHANGE_IDS.includes(id) && !comparison.cachingCompared) {
        return skip('caching hints come with the modern era (2026-07-28): the lockfile or this capture has none to compare');
      }
      if (SKILL_CHANGE_IDS.includes(id) && comparison.skillsCompared !== true)
        return skip('neither the lockfile nor this capture has skills (io.modelcontextprotocol/skills, 2026-07-28 and later)');
      for (const change of comparison.changes) {
        if (change.id === id && !(ignoreWording && change.wording)) report(changeReport(change, settings.drift));
      }
      // What the output-shape observation left out is said on the rule it feeds.
      if (id === 'tool-output-breaking' && comparison.notes.length > 0) note(notesText(comparison.notes));
    },
  });
}

export function notesText(notes: readonly string[]): string {
  const more = notes.length - NOTES_SHOWN;
  return notes.slice(0, NOTES_SHOWN).join('; ') + (more > 0 ? `; and ${more} more` : '');
}

export const driftRules = CHANGE_IDS.map(driftRule);
