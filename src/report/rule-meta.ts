/** Rule metadata for reporters, taken from the registry by the CLI (reporters stay pure functions of their input). */
import type { Rule } from '../engine/rule.js';
import { ruleAnchor } from '../docs/generated.js';
import type { RuleMeta } from './reporters/types.js';

/** Where docs/rules.md is published; each rule has its own anchor there. */
export const RULES_DOCS_URL = 'https://github.com/mcpact/mcpact/blob/main/docs/rules.md';

export function ruleMeta(rule: Rule): RuleMeta {
  return {
    id: rule.id,
    family: rule.family,
    description: rule.description,
    docs: rule.docs,
    defaultSeverity: rule.defaultSeverity,
    spec: rule.spec,
    helpUri: `${RULES_DOCS_URL}#${ruleAnchor(rule.id)}`,
  };
}
