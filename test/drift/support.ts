/** Builders for drift tests: small contracts with defaults, and the diff classified with a policy. */
import { classify, driftPolicy, type DriftPolicy } from '../../src/drift/classify.js';
import { diffContracts } from '../../src/drift/diff.js';
import type { Contract, LockedPrompt, LockedTool, Lockfile } from '../../src/drift/lockfile.js';
import type { DriftConfig } from '../../src/config/drift.js';

export function contract(parts: Partial<Contract> = {}): Contract {
  return {
    server: { name: 'fixture', version: '1.0.0', protocolVersion: '2025-11-25', capabilities: { tools: {}, prompts: {}, resources: {} } },
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
    ...parts,
  };
}

export function tool(name: string, parts: Partial<LockedTool> = {}): LockedTool {
  return { name, inputSchema: { type: 'object' }, ...parts };
}

export function prompt(name: string, parts: Partial<LockedPrompt> = {}): LockedPrompt {
  return { name, arguments: [], invocations: [], ...parts };
}

export function lockfile(parts: Partial<Contract> = {}): Lockfile {
  return { schemaVersion: 1, mcpactVersion: '0.0.0-test', canonicalization: 1, ...contract(parts) };
}

/** `[id, level]` of every finding, sorted, for compact expectations. */
export function changesOf(base: Contract, revision: Contract, config?: DriftConfig): [string, string][] {
  return findingsOf(base, revision, driftPolicy(config)).map((finding) => [finding.ruleId.slice('drift/'.length), String(finding.data?.level)]);
}

export function findingsOf(base: Contract, revision: Contract, policy: DriftPolicy = driftPolicy(undefined)) {
  return classify(diffContracts(base, revision), policy).findings;
}
