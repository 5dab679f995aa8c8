import type { Severity } from '../../engine/severity.js';
import type { SpecRef } from '../../spec/revisions.js';
import type { RunReport } from '../model.js';

/** What a reporter may say about a rule (SARIF `rules[]`, docs links), handed over so reporters never load the registry. */
export interface RuleMeta {
  id: string;
  family: string;
  description: string;
  /** Longer explanation (the rule's section in docs/rules.md). */
  docs: string;
  defaultSeverity: Severity;
  spec: SpecRef;
  /** The rule's section in the published docs/rules.md. */
  helpUri: string;
}

export interface ReporterContext {
  /** Colours only for a terminal that wants them; never in files. */
  color: boolean;
  verbose: boolean;
  quiet: boolean;
  /** Every rule of the registry, whether or not it ran. */
  rules: readonly RuleMeta[];
}

/** A file reporter is a pure function of the report. */
export type Render = (report: RunReport, context: ReporterContext) => string;
