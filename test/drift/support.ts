/** Builders for drift tests: small contracts with defaults, and the drift rules run over them. */
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import type { Finding, ServerReport } from '../../src/model/report.js';
import type { RuleLevel } from '../../src/model/severity.js';
import { driftRules } from '../../src/rules/drift/index.js';
import { fakeServerTransport, type FakeServerSpec, type Reply } from '../support/fake-server.js';
import { contentsDigest } from '../../src/exercise/resources.js';
import type { Contract, LockedPrompt, LockedResource, LockedTool, Lockfile } from '../../src/drift/lockfile/lockfile.js';
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

/** Texts by the digest a test pinned for them, so the fake server serves what a contract pins. */
const PINNED_TEXTS = new Map<string, string>();

/** A resource whose contents (one text item) are pinned, as baseline pins them with drift.resource_contents. */
export function pinnedResource(uri: string, text: string): LockedResource {
  const sha256 = contentsDigest([{ uri, text }]);
  PINNED_TEXTS.set(sha256, text);
  return { uri, name: uri.split('/').pop() ?? uri, contentSha256: sha256 };
}

/** A tool linking a UI resource whose contents are pinned. */
export function uiTool(name: string, uri: string, text: string): LockedTool {
  const sha256 = contentsDigest([{ uri, text }]);
  PINNED_TEXTS.set(sha256, text);
  return tool(name, { uiResource: { uri, sha256 } });
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
  // Contents pinned in the revision are served as pinned (one text item); a contract that pins any is compared with
  // drift.resource_contents on.
  const reads: Record<string, Reply> = {};
  const serve = (uri: string, sha256: string | undefined) => {
    const text = sha256 === undefined ? undefined : PINNED_TEXTS.get(sha256);
    if (text !== undefined) reads[uri] = { result: { contents: [{ uri, text }] } };
  };
  for (const resource of revision.resources) serve(resource.uri, resource.contentSha256);
  for (const entry of revision.tools) if (entry.uiResource) serve(entry.uiResource.uri, entry.uiResource.sha256);
  const pins =
    [...base.resources, ...revision.resources].some((resource) => resource.contentSha256) ||
    [...base.tools, ...revision.tools].some((entry) => entry.uiResource);
  if (pins && drift === undefined) drift = { resource_contents: true };
  const spec: FakeServerSpec = {
    capabilities: server.capabilities,
    serverInfo: { ...(server.name !== undefined && { name: server.name }), ...(server.version !== undefined && { version: server.version }) },
    tools: revision.tools.map((entry) => (entry.uiResource ? { ...entry, _meta: { ui: { resourceUri: entry.uiResource.uri } } } : entry)),
    reads,
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
      baseline: { lock: lockfile(base), redact: (value) => value, file: 'mcpact.lock.json' },
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
