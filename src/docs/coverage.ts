/**
 * What mcpact covers of each protocol revision, counted from the rule registry, for docs/conformance.md: how many
 * rules apply to a server that speaks the revision, how many quote its own sentence, and which rules belong to one
 * era only. Hand-written coverage claims went stale once already (the stateless era was "not covered" in one page
 * while another listed its rules); counted here, they cannot.
 */
import { appliesInEra, type Rule } from '../engine/rule.js';
import { ruleAnchor } from '../model/rule-meta.js';
import { ABSENT, eraOf, KNOWN_REVISIONS, LATER_REVISIONS, TARGET_REVISION, type Era, type QuotedRevision } from '../model/spec.js';

const ERA_TEXT: Record<Era, string> = {
  legacy: 'initialize: a handshake opens a session',
  modern: 'stateless: `server/discover`, an envelope on every request, no session',
};

/** A rule applies in an era when it is listed there and not skipped (engine/rule.ts `appliesInEra`, `skipIn`). */
function runsIn(rule: Rule, era: Era): boolean {
  return appliesInEra(rule, era) && rule.skipIn?.[era] === undefined;
}

function quotes(rule: Rule, revision: QuotedRevision): boolean {
  const text = rule.spec?.texts[revision];
  return text !== undefined && text !== ABSENT;
}

const link = (rule: Rule) => `[\`${rule.id}\`](rules.md#${ruleAnchor(rule.id)})`;

export function revisionCoverageMarkdown(registry: readonly Rule[]): string {
  // Drift rules rest on the lockfile, not on a revision.
  const rules = registry.filter((rule) => rule.family !== 'drift');
  const revisions: QuotedRevision[] = [...[...LATER_REVISIONS].reverse(), ...KNOWN_REVISIONS];
  const rows = revisions.map((revision) => {
    const era = eraOf(revision);
    const target = revision === TARGET_REVISION ? "; mcpact's target revision, whose sentence a finding cites where its own revision has none" : '';
    const applying = rules.filter((rule) => runsIn(rule, era)).length;
    return `| ${revision} | ${ERA_TEXT[era]}${target} | ${applying} | ${rules.filter((rule) => quotes(rule, revision)).length} |`;
  });
  const modernOnly = rules.filter((rule) => !appliesInEra(rule, 'legacy'));
  const legacyOnly = rules.filter((rule) => rule.skipIn?.modern !== undefined);
  return [
    `Of the ${rules.length} rules (drift aside, which compares with a lockfile), by the revision a server speaks. A rule`,
    'skipped in an era may quote its sentence all the same (its probe is not ported to that era yet).',
    '',
    '| revision | era | rules that run in its era | rules that quote its own sentence |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `Only in the stateless era (${modernOnly.length}; not listed for an initialize session): ${modernOnly.map(link).join(', ')}.`,
    '',
    `Skipped in the stateless era (${legacyOnly.length}; what that era removed, or a probe not ported to it yet, with the reason in [revisions.md](revisions.md#which-rules-run-in-which-era)): ${legacyOnly.map(link).join(', ')}.`,
    '',
    'A transport family runs over its own transport only (`stdio/*` over stdio, `http/*` over Streamable HTTP), and a',
    'rule may skip a server that declares nothing for it to check (a prompt rule on a server without prompts).',
    '',
  ].join('\n');
}
