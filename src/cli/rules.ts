/** `mcpact rules`: the registry as a table or as JSON. */
import { ALL_RULES } from '../rules/index.js';
import { specUrl, targetRef, type SpecRef } from '../model/spec.js';

export function rulesCommand(options: { json?: boolean }): string {
  const rows = ALL_RULES.map((rule) => ({
    id: rule.id,
    family: rule.family,
    defaultSeverity: rule.defaultSeverity,
    spec: rule.spec && withUrl(targetRef(rule.spec)),
    description: rule.description,
  }));
  if (options.json) return JSON.stringify(rows, null, 2) + '\n';
  const width = Math.max(...rows.map((row) => row.id.length));
  return (
    rows
      .map(
        (row) =>
          `${row.id.padEnd(width)}  ${row.defaultSeverity.padEnd(7)}  ${(row.spec ? `${row.spec.level} ${row.spec.revision}` : 'LOCKFILE').padEnd(24)}  ${row.description}`,
      )
      .join('\n') + `\n\n${rows.length} rules. Re-level any of them in mcpact.yaml: rules: { <id>: off | info | warning | error }\n`
  );
}

function withUrl(ref: SpecRef): SpecRef & { url: string } {
  return { ...ref, url: specUrl(ref) };
}
