/**
 * Files derived from the code: the published JSON Schemas and the rule reference. One function, so the
 * generator script and the staleness test cannot disagree about what "current" means.
 */
import { configJsonSchema } from '../config/schema.js';
import { reportJsonSchema } from '../report/model.js';
import { lockfileJsonSchema } from '../drift/lockfile.js';
import { ALL_RULES } from '../rules/index.js';
import { FAMILIES } from '../engine/rule.js';
import { specUrl } from '../spec/revisions.js';

export function generatedFiles(): Record<string, string> {
  return {
    'schemas/config.v1.schema.json': JSON.stringify(configJsonSchema(), null, 2) + '\n',
    'schemas/report.v1.schema.json': JSON.stringify(reportJsonSchema(), null, 2) + '\n',
    'schemas/lockfile.v1.schema.json': JSON.stringify(lockfileJsonSchema(), null, 2) + '\n',
    'docs/rules.md': rulesMarkdown(),
  };
}

/** The anchor of a rule's section in docs/rules.md (also used for SARIF helpUri). */
export function ruleAnchor(id: string): string {
  return id.replace(/[^a-z0-9-]/g, '');
}

function rulesMarkdown(): string {
  const lines = [
    '# Rules',
    '',
    '<!-- Generated from the rule registry by `npm run gen:docs`; do not edit by hand. -->',
    '',
    'Every rule states the requirement it rests on: the specification revision, the requirement level',
    '(MUST / SHOULD / SCHEMA for shapes the spec schema fixes / BEST PRACTICE for lints beyond the spec) and',
    'the section. A MUST or SCHEMA violation is an error by default, a SHOULD a warning. Re-level any rule in',
    '`mcpact.yaml` with `rules: { <id>: off | info | warning | error }`.',
    '',
    '| id | default | level | description |',
    '| --- | --- | --- | --- |',
    ...ALL_RULES.map((rule) => `| [\`${rule.id}\`](#${ruleAnchor(rule.id)}) | ${rule.defaultSeverity} | ${rule.spec.level} | ${rule.description} |`),
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
        `- Rests on: ${rule.spec.level} in revision ${rule.spec.revision}, [${rule.spec.section}](${specUrl(rule.spec)})` +
          (rule.spec.checklist ? ` (checklist ${rule.spec.checklist})` : ''),
        '',
        rule.docs,
        '',
      );
    }
  }
  return lines.join('\n');
}
