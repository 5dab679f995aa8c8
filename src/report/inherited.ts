/**
 * Inherited findings (behaviour of the SDK the server is built on, engine/inherited.ts) are one section of every
 * report, apart from the author's own findings. The grouping is shared so every reporter names the SDKs alike.
 */
import type { Finding, InheritedMark } from '../model/report.js';

export const INHERITED_HEADING = 'Inherited from the SDK';

export interface InheritedGroup {
  /** "@modelcontextprotocol/sdk McpServer, seen on >=1.23.0 <2.0.0". */
  label: string;
  findings: Finding[];
}

/**
 * How every reporter names the SDK of a mark. `versions` are the versions observed to answer so (the twins', the
 * signature tests'), not the version the server runs, which its answers do not tell: "seen on" says which.
 */
export function inheritedLabel(mark: InheritedMark): string {
  return `${mark.sdk}, seen on ${mark.versions}`;
}

export function isInherited(finding: Finding): boolean {
  return finding.inherited !== undefined;
}

/** The inherited findings by SDK and version range, in report order. */
export function inheritedGroups(findings: readonly Finding[]): InheritedGroup[] {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    if (finding.inherited === undefined) continue;
    const label = inheritedLabel(finding.inherited);
    groups.set(label, [...(groups.get(label) ?? []), finding]);
  }
  return [...groups].map(([label, members]) => ({ label, findings: members }));
}
