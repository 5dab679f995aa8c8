import type { RuleMeta } from '../../model/rule-meta.js';
import type { RunReport } from '../../model/report.js';

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
