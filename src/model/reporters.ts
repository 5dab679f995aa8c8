/** The reporter names `--reporter NAME[:PATH]` accepts; report/reporters/index.ts has one row for each. */
export const REPORTER_NAMES = ['console', 'json', 'junit', 'sarif', 'markdown', 'github', 'html'] as const;
export type ReporterName = (typeof REPORTER_NAMES)[number];
