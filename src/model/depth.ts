/** How deep a run goes (`--depth`, config `depth`); what each level checks and costs is in docs/performance.md. */
export const DEPTHS = ['standard', 'thorough'] as const;
export type Depth = (typeof DEPTHS)[number];
export const DEFAULT_DEPTH: Depth = 'standard';
