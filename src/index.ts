/**
 * `import { run, exitCode } from 'mcpact'`: the public library (docs/stability.md#library). Everything exported here
 * is contract; nothing else under src/ is.
 */
export { run, type RunOptions, type StdioServer, type HttpServer } from './api/run.js';
/** The CLI's exit code for a report: 2 incomplete, 1 findings at or above `report.failOn`, else 0. */
export { exitCode } from './report/build.js';
export type { RunReport, ServerReport, Finding, RuleResult, RuleStatus } from './model/report.js';
export type { Severity } from './model/severity.js';
export type { Family } from './model/family.js';
export type { EraChoice } from './model/spec.js';
