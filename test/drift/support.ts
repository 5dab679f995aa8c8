/** Builders for drift tests: small contracts with defaults, and the drift rules run over them. */
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import type { Finding, ServerReport } from '../../src/model/report.js';
import type { RuleLevel } from '../../src/model/severity.js';
import { driftRules } from '../../src/rules/drift/index.js';
import { fakeServerTransport, type FakeServerSpec } from '../support/fake-server.js';
import type { Contract, LockedPrompt, LockedTool, Lockfile } from '../../src/drift/lockfile/lockfile.js';
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

/**
 * The drift rules over a real (in-memory) session: a fake server that serves `revision`, compared with `base` as
 * its lockfile, through the engine like any run. Findings and results are what `mcpact diff` would report.
 */
export async function driftRun(base: Contract, revision: Contract, drift?: DriftConfig, levels: Record<string, RuleLevel> = {}): Promise<ServerReport> {
  const { server } = revision;
  const spec: FakeServerSpec = {
    capabilities: server.capabilities,
    serverInfo: { ...(server.name !== undefined && { name: server.name }), ...(server.version !== undefined && { version: server.version }) },
    tools: revision.tools,
    prompts: revision.prompts.map(({ invocations: _invocations, ...prompt }) => prompt),
    resources: revision.resources,
    resourceTemplates: revision.resourceTemplates,
  };
  if (server.protocolVersion !== undefined) spec.protocolVersion = server.protocolVersion;
  if (server.instructions !== undefined) spec.instructions = server.instructions;
  return runServer(
    {
      name: 'fixture',
      target: { kind: 'memory', transport: fakeServerTransport(spec) },
      timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 500, run_ms: 10_000 },
      expect: {},
      levels,
      settings: drift === undefined ? {} : { drift },
      baseline: { lock: lockfile(base), redact: (value) => value },
    },
    { rules: driftRules, clientVersion: 'test', concurrency: 4 },
  );
}

/** `[id, level]` of every finding, sorted, for compact expectations. */
export async function changesOf(base: Contract, revision: Contract, config?: DriftConfig): Promise<[string, string][]> {
  return (await findingsOf(base, revision, config)).map((finding) => [finding.ruleId.slice('drift/'.length), String(finding.data?.level)]);
}

export async function findingsOf(base: Contract, revision: Contract, config?: DriftConfig): Promise<Finding[]> {
  const report = await driftRun(base, revision, config);
  if (!report.complete) throw new Error(`the drift run did not complete: ${report.error}`);
  return report.findings;
}
