import type { Render } from './types.js';

/** The RunReport as described by schemas/report.v1.schema.json; server text is escaped by JSON itself. */
export const renderJson: Render = (report) => JSON.stringify(report, null, 2) + '\n';
