/**
 * Files derived from the code: the published JSON Schemas and the rule reference. One function, so the
 * generator script and the staleness test cannot disagree about what "current" means.
 */
import { configJsonSchema } from '../config/schema.js';
import { reportJsonSchema } from '../model/report.js';
import { lockfileJsonSchema } from '../drift/lockfile/lockfile.js';
import { ALL_RULES } from '../rules/index.js';
import { FAMILIES } from '../model/family.js';
import { CHANGE_IDS, CHANGES, type ChangeMeta } from '../model/changes.js';
import { ruleAnchor } from '../model/rule-meta.js';
import { specUrl } from '../model/spec.js';

/**
 * Every derived file with its current content. `current` reads a committed file: docs/drift.md is written by hand
 * except for its change-id table, which is spliced in between its markers.
 */
export function generatedFiles(current: (file: string) => string): Record<string, string> {
  return {
    'schemas/config.v1.schema.json': JSON.stringify(configJsonSchema(), null, 2) + '\n',
    'schemas/report.v1.schema.json': JSON.stringify(reportJsonSchema(), null, 2) + '\n',
    'schemas/lockfile.v1.schema.json': JSON.stringify(lockfileJsonSchema(), null, 2) + '\n',
    'docs/rules.md': rulesMarkdown(),
    'docs/drift.md': withChangeTable(current('docs/drift.md')),
  };
}

const TABLE_START = /<!-- change-table:start[^>]*-->\n/;
const TABLE_END = '<!-- change-table:end -->';

function withChangeTable(text: string): string {
  const start = TABLE_START.exec(text);
  const end = text.indexOf(TABLE_END);
  if (!start || end < start.index) throw new Error('docs/drift.md lost its change-table markers');
  const from = start.index + start[0].length;
  return text.slice(0, from) + changeTableMarkdown() + text.slice(end);
}

/** The change-id table as Markdown, for docs/drift.md. */
function changeTableMarkdown(): string {
  const rows = CHANGE_IDS.map((id) => {
    const meta: ChangeMeta = CHANGES[id];
    const notes = [meta.when, meta.wording && 'wording: not reported with `descriptions: ignore`'].filter(Boolean).join('; ');
    return `| \`${id}\` | ${meta.subject} | ${meta.level} | ${meta.description} | ${notes} |`;
  });
  return ['| id | about | default level | meaning | notes |', '| --- | --- | --- | --- | --- |', ...rows, ''].join('\n');
}

function rulesMarkdown(): string {
  const lines = [
    '# Rules',
    '',
    '<!-- Generated from the rule registry by `npm run refresh`; do not edit by hand. -->',
    '',
    'Every rule states the requirement it rests on: the specification revision, the requirement level',
    '(MUST / SHOULD / SCHEMA for shapes the spec schema fixes / BEST PRACTICE for lints beyond the spec) and',
    'the section. A MUST or SCHEMA violation is an error by default, a SHOULD a warning. Re-level any rule in',
    '`mcpact.yaml` with `rules: { <id>: off | info | warning | error }`. Drift rules rest on the lockfile, not',
    'the specification: their severity follows the level of the change and `drift.fail_on` ([drift.md](drift.md)).',
    '',
    'A rule that finds one defect at several places reports it once: its findings whose messages differ only in',
    'names, numbers and quoted values (and whose codes agree) are one finding with `count` and every `locations`',
    'entry, shown as `× 52 tools: a, b, c, … (49 more)` (README, Reports).',
    '',
    'A rule mcpact could not bring to a verdict (no answer to two tries, a list the server could not deliver) is',
    '`inconclusive`, with its reason: never a pass, never a finding (README, Verdicts mcpact could not reach).',
    '',
    '| id | default | level | description |',
    '| --- | --- | --- | --- |',
    ...ALL_RULES.map((rule) => `| [\`${rule.id}\`](#${ruleAnchor(rule.id)}) | ${rule.defaultSeverity} | ${rule.spec?.level ?? 'LOCKFILE'} | ${rule.description} |`),
    '',
  ];
  for (const family of FAMILIES) {
    const rules = ALL_RULES.filter((rule) => rule.family === family);
    if (rules.length === 0) continue;
    lines.push(`## ${family}`, '');
    for (const rule of rules) {
      lines.push(
        `### ${rule.id}`,
        '',
        rule.description,
        '',
        `- Default severity: **${rule.defaultSeverity}**`,
        rule.spec
          ? `- Rests on: ${rule.spec.level} in revision ${rule.spec.revision}, [${rule.spec.section}](${specUrl(rule.spec)})` +
              (rule.spec.checklist ? ` (checklist ${rule.spec.checklist})` : '')
          : '- Rests on: the lockfile (`drift.baseline`, or `mcpact diff --lockfile`)',
        '',
        rule.docs,
        '',
      );
    }
  }
  return lines.join('\n');
}
