/** What reporters and docs may say about a rule, as plain data: reporters get it handed over and never load the registry. */
import type { Severity } from './severity.js';
import type { SpecRef } from './spec.js';

export interface RuleMeta {
  id: string;
  family: string;
  description: string;
  /** Longer explanation (the rule's section in docs/rules.md). */
  docs: string;
  defaultSeverity: Severity;
  /** The requirement the rule rests on; absent for rules that rest on the user's own files (drift: the lockfile). */
  spec?: SpecRef;
  /** The rule's section in the published docs/rules.md. */
  helpUri: string;
}

/** Where docs/rules.md is published; each rule has its own anchor there. */
export const RULES_DOCS_URL = 'https://github.com/mcpact/mcpact/blob/main/docs/rules.md';

/** The anchor of a rule's section in docs/rules.md (also used for SARIF helpUri). */
export function ruleAnchor(id: string): string {
  return id.replace(/[^a-z0-9-]/g, '');
}
