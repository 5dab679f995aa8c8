/**
 * What mcpact's security rules say on the corpora today: each benign server's contract is rebuilt from its texts
 * and each poisoned case is placed where its source put it, then served in memory and run through the engine
 * with the security family only (default severities), exactly as `mcpact run --only security` would judge it.
 * A measurement, not a verdict: scripts/measure-security-corpus.ts prints it, test/security/real-corpus.test.ts
 * logs it.
 */
import { DEFAULT_TIMEOUTS } from '../src/config/schema.js';
import { runServer } from '../src/engine/runner.js';
import type { Finding } from '../src/model/report.js';
import { securityRules } from '../src/rules/security/index.js';
import { fakeServerTransport, type FakeServerSpec } from '../test/support/fake-server.js';
import { POISON_CATEGORIES, rebuildContract, type BenignServer, type PoisonCategory, type PoisonedCase, type RebuiltContract } from './security-corpus.js';

/** The rules whose findings mean an attack, not a weak signal: what a user raises to error. */
export const POISONING_TIER: ReadonlySet<string> = new Set(['security/tool-poisoning', 'security/tool-shadowing', 'security/hidden-unicode']);

export interface BenignHit {
  server: string;
  ruleId: string;
  severity: Finding['severity'];
  where: string;
  message: string;
}

export interface CategoryRecall {
  category: PoisonCategory;
  /** Cases of the category. */
  cases: number;
  /** Of those, the ones a description can reveal and whose text the corpus holds: the denominator. */
  measurable: number;
  /** Caught at warning level or above by some security rule. */
  caught: number;
  /**
   * Caught at the poisoning tier: by security/tool-poisoning, security/tool-shadowing or security/hidden-unicode,
   * the rules a user raises to error to fail a build on an attack (steering alone is the weak tier).
   */
  caughtPoisoned: number;
  missed: string[];
}

export interface Measurement {
  benign: {
    servers: number;
    errors: number;
    warnings: number;
    /** Findings of security/tool-poisoning: what `rules: { security/tool-poisoning: error }` would fail a build on. */
    poisoned: number;
    infos: number;
    byRule: Record<string, { error: number; warning: number; info: number }>;
    hits: BenignHit[];
  };
  poisoned: { cases: number; measurable: number; caught: number; caughtPoisoned: number; byCategory: CategoryRecall[] };
}

async function lint(contract: RebuiltContract): Promise<Finding[]> {
  const spec: FakeServerSpec = {
    tools: contract.tools,
    prompts: contract.prompts,
    resources: contract.resources,
    resourceTemplates: contract.resourceTemplates,
    ...(contract.instructions !== undefined && { instructions: contract.instructions }),
    pageSize: 10_000,
  };
  const report = await runServer(
    { name: 'corpus', target: { kind: 'memory', transport: fakeServerTransport(spec) }, timeouts: DEFAULT_TIMEOUTS, expect: {}, levels: {}, settings: {} },
    { rules: securityRules, clientVersion: 'corpus', concurrency: 4 },
  );
  if (report.error !== undefined) throw new Error(`corpus server did not run: ${JSON.stringify(report.error)}`);
  return report.findings;
}

/** A poisoned case as a one-item contract, its text where its source put it. */
export function caseContract(entry: PoisonedCase): RebuiltContract {
  const text = entry.text ?? '';
  const name = entry.tool ?? 'poisoned_tool';
  const contract: RebuiltContract = { tools: [], prompts: [], resources: [], resourceTemplates: [] };
  const parameter = entry.parameter ?? 'input';
  switch (entry.placement) {
    case 'parameter-description':
      contract.tools.push({
        name,
        description: 'A tool.',
        inputSchema: { type: 'object', properties: { [parameter]: { type: 'string', description: text } } },
      });
      break;
    case 'prompt-description':
      contract.prompts.push({ name, description: text });
      break;
    case 'resource-description':
      contract.resources.push({ uri: `corpus://${name}`, name, description: text });
      break;
    case 'instructions':
      contract.instructions = text;
      contract.tools.push({ name, description: 'A tool.', inputSchema: { type: 'object' } });
      break;
    default:
      contract.tools.push({ name, description: text, inputSchema: { type: 'object', properties: { [parameter]: { type: 'string' } } } });
  }
  return contract;
}

export async function measure(benign: readonly BenignServer[], poisoned: readonly PoisonedCase[]): Promise<Measurement> {
  const hits: BenignHit[] = [];
  const byRule: Measurement['benign']['byRule'] = {};
  for (const server of benign) {
    for (const finding of await lint(rebuildContract(server.texts))) {
      const row = (byRule[finding.ruleId] ??= { error: 0, warning: 0, info: 0 });
      row[finding.severity]++;
      const location = finding.location;
      const where = [location.kind, location.name, location.pointer].filter((part) => part !== undefined).join(' ');
      hits.push({ server: server.name, ruleId: finding.ruleId, severity: finding.severity, where, message: finding.message });
    }
  }
  const count = (severity: Finding['severity']) => hits.filter((hit) => hit.severity === severity).length;

  const verdicts = new Map<string, { caught: boolean; poisoned: boolean }>();
  for (const entry of poisoned) {
    if (!entry.revealable || entry.text === null) continue;
    const findings = (await lint(caseContract(entry))).filter((finding) => finding.severity !== 'info');
    verdicts.set(entry.id, { caught: findings.length > 0, poisoned: findings.some((finding) => POISONING_TIER.has(finding.ruleId)) });
  }
  const byCategory = POISON_CATEGORIES.map((category): CategoryRecall => {
    const cases = poisoned.filter((entry) => entry.categories.includes(category));
    const measured = cases.filter((entry) => verdicts.has(entry.id));
    return {
      category,
      cases: cases.length,
      measurable: measured.length,
      caught: measured.filter((entry) => verdicts.get(entry.id)!.caught).length,
      caughtPoisoned: measured.filter((entry) => verdicts.get(entry.id)!.poisoned).length,
      missed: measured.filter((entry) => !verdicts.get(entry.id)!.poisoned).map((entry) => entry.id),
    };
  });
  const all = [...verdicts.values()];
  return {
    benign: {
      servers: benign.length,
      errors: count('error'),
      warnings: count('warning'),
      infos: count('info'),
      poisoned: hits.filter((hit) => hit.ruleId === 'security/tool-poisoning').length,
      byRule,
      hits,
    },
    poisoned: {
      cases: poisoned.length,
      measurable: all.length,
      caught: all.filter((verdict) => verdict.caught).length,
      caughtPoisoned: all.filter((verdict) => verdict.poisoned).length,
      byCategory,
    },
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(0)}%`);

/** The figures as Markdown tables (what corpus/README.md quotes). */
export function formatMeasurement(result: Measurement): string {
  const { benign, poisoned } = result;
  const lines = [
    `Benign corpus: ${benign.servers} servers; ${benign.errors} error-level and ${benign.warnings} warning-level findings (${benign.infos} info); ` +
      `${benign.poisoned} at the poisoning tier (security/tool-poisoning).`,
    '',
    '| rule | error | warning | info |',
    '| --- | --- | --- | --- |',
    ...Object.entries(benign.byRule)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([rule, row]) => `| ${rule} | ${row.error} | ${row.warning} | ${row.info} |`),
    '',
    `Poisoned corpus: ${poisoned.cases} cases, ${poisoned.measurable} measurable (revealable by a description, text included); ` +
      `caught at the poisoning tier: ${poisoned.caughtPoisoned} (${percent(poisoned.caughtPoisoned, poisoned.measurable)}); ` +
      `by any security rule at warning or above: ${poisoned.caught}.`,
    '',
    '| category | cases | measurable | caught (poisoning tier) | recall | caught (any rule, ≥ warning) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...poisoned.byCategory.map(
      (row) =>
        `| ${row.category} | ${row.cases} | ${row.measurable} | ${row.caughtPoisoned} | ${percent(row.caughtPoisoned, row.measurable)} | ${row.caught} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
