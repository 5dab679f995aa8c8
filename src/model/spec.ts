/**
 * The MCP specification revisions mcpact knows, and the one its verdicts rest on by default.
 * A finding names the revision it was judged against, so a reader can tell a spec rule from an SDK habit.
 */
export const KNOWN_REVISIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export type Revision = (typeof KNOWN_REVISIONS)[number];

/** The revision mcpact offers in `initialize` and judges against when nothing else is negotiated. */
export const TARGET_REVISION: Revision = '2025-11-25';

export function isKnownRevision(version: unknown): version is Revision {
  return typeof version === 'string' && (KNOWN_REVISIONS as readonly string[]).includes(version);
}

/** Revisions are dates, so their string order is their time order. */
export function revisionAtLeast(version: string, floor: Revision): boolean {
  return version >= floor;
}

/** MUST-level requirements are errors by default, SHOULD-level ones warnings; lints with no spec level are chosen per rule. */
/** CONFIG: an expectation the user wrote in the config, not a spec requirement. */
export type RequirementLevel = 'MUST' | 'MUST NOT' | 'SHOULD' | 'SHOULD NOT' | 'SCHEMA' | 'BEST PRACTICE' | 'CONFIG';

export interface SpecRef {
  /** Revision the requirement is quoted from. */
  revision: Revision;
  level: RequirementLevel;
  /** Page and anchor under specification/<revision>/, e.g. `basic/lifecycle#initialization`. */
  section: string;
  /** Id in the server checklist (docs/conformance.md), when there is one. */
  checklist?: string;
}

export function specUrl(ref: SpecRef): string {
  return `https://modelcontextprotocol.io/specification/${ref.revision}/${ref.section}`;
}
