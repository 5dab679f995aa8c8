import type { RunReport } from '../model.js';

export interface ReporterContext {
  /** Colours only for a terminal that wants them; never in files. */
  color: boolean;
  verbose: boolean;
  quiet: boolean;
}

/** A file reporter is a pure function of the report. */
export type Render = (report: RunReport, context: ReporterContext) => string;
