/** Severities, lowest first, and the level a user may give a rule (`off` silences it). */
export const SEVERITIES = ['info', 'warning', 'error'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const RULE_LEVELS = ['off', ...SEVERITIES] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

export function atLeast(severity: Severity, floor: Severity): boolean {
  return severityRank(severity) >= severityRank(floor);
}

/** The level of inherited findings (`inherited:` in the config): `off` drops them from the report. */
export const INHERITED_LEVELS = ['off', 'info', 'warning'] as const;
export type InheritedLevel = (typeof INHERITED_LEVELS)[number];
export const DEFAULT_INHERITED_LEVEL: InheritedLevel = 'info';
