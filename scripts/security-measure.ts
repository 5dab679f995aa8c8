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
import { normalizeText } from '../src/rules/security/heuristics.js';
import { hostsOf } from '../src/rules/security/orders.js';
import { purposeOf } from '../src/rules/security/scan.js';
import { scanText, SIGNALS, type ScanContext, type Signal } from '../src/rules/security/signals.js';
import { SCAN_LIMIT } from '../src/rules/security/texts.js';
import { asRecord } from '../src/util/json.js';
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
  /**
   * Leave-one-source-out: each source's cases judged by the table without the rows written against that source
   * (`sources` of a row), plus the rules that use no table (security/tool-shadowing, security/hidden-unicode).
   * What the table would have caught had the source been new.
   */
  heldOut: { bySource: SourceRecall[]; byCategory: CategoryRecall[]; disagreements: string[] };
  /**
   * The sources marked `fresh` (issue #33): attack sets added after the table was frozen, which no row was written
   * against, measured blind. Kept out of `poisoned` and `heldOut`, whose figures are on the sources the rows know.
   */
  fresh: { bySource: FreshSourceRecall[]; byCategory: CategoryRecall[]; heldOutByCategory: CategoryRecall[] };
}

export interface FreshSourceRecall {
  repo: string;
  measurable: number;
  /** Caught at the poisoning tier. */
  caughtPoisoned: number;
  /** Caught by some security rule at warning or above (the default levels). */
  caught: number;
  /** Caught with the rows that cite the source dropped (rows widened after its blind measurement). */
  heldOut: number;
  /** The same, by any security rule at warning or above (the steering tier counts). */
  heldOutAny: number;
  rowsDropped: string[];
}

export interface SourceRecall {
  repo: string;
  measurable: number;
  caught: number;
  /** Rows of the table written against this source, dropped for its measurement. */
  rowsDropped: string[];
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
    case 'tool-title':
      contract.tools.push({ name, description: 'A tool.', annotations: { title: text }, inputSchema: { type: 'object' } });
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

export async function measure(
  benign: readonly BenignServer[],
  all: readonly PoisonedCase[],
  freshSources: ReadonlySet<string> = new Set(),
): Promise<Measurement> {
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
  const heldOut = new Map<string, { caught: boolean; poisoned: boolean }>();
  const disagreements: string[] = [];
  const poisoned = all.filter((entry) => !freshSources.has(entry.source.repo));
  const fresh = all.filter((entry) => freshSources.has(entry.source.repo));
  const sources = [...new Set(poisoned.map((entry) => entry.source.repo))];
  const tableWithout = new Map([...sources, ...freshSources].map((repo) => [repo, SIGNALS.filter((signal) => !signal.sources.includes(repo))]));
  for (const entry of all) {
    if (!entry.revealable || entry.text === null) continue;
    const findings = (await lint(caseContract(entry))).filter((finding) => finding.severity !== 'info');
    verdicts.set(entry.id, { caught: findings.length > 0, poisoned: findings.some((finding) => POISONING_TIER.has(finding.ruleId)) });
    // The rules that read no signal table keep their verdict; security/tool-poisoning's is taken again without
    // the rows written against the case's source.
    const byOthers = findings.some((finding) => POISONING_TIER.has(finding.ruleId) && finding.ruleId !== 'security/tool-poisoning');
    const tier = scanCaseTier(entry, tableWithout.get(entry.source.repo)!);
    const held = byOthers || tier === 'poisoned';
    // By any rule: the table's steering tier too, and the rules that read no table at any level they report.
    const heldAny =
      held || tier === 'steering' || findings.some((finding) => finding.ruleId !== 'security/tool-poisoning' && finding.ruleId !== 'security/tool-steering');
    // With the whole table, scanCase must agree with the rule itself, or the held-out figures mean nothing.
    if (scanCase(entry, SIGNALS) !== findings.some((finding) => finding.ruleId === 'security/tool-poisoning')) disagreements.push(entry.id);
    heldOut.set(entry.id, { caught: heldAny, poisoned: held });
  }
  const byCategory = recallByCategory(poisoned, verdicts);
  const known = poisoned.flatMap((entry) => verdicts.get(entry.id) ?? []);
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
      measurable: known.length,
      caught: known.filter((verdict) => verdict.caught).length,
      caughtPoisoned: known.filter((verdict) => verdict.poisoned).length,
      byCategory,
    },
    heldOut: {
      bySource: sources
        .map((repo): SourceRecall => {
          const measured = poisoned.filter((entry) => entry.source.repo === repo && heldOut.has(entry.id));
          return {
            repo,
            measurable: measured.length,
            caught: measured.filter((entry) => heldOut.get(entry.id)!.poisoned).length,
            rowsDropped: SIGNALS.filter((signal) => signal.sources.includes(repo)).map((signal) => signal.id),
          };
        })
        .filter((row) => row.measurable > 0),
      byCategory: recallByCategory(poisoned, heldOut),
      disagreements,
    },
    fresh: {
      bySource: [...freshSources].map((repo): FreshSourceRecall => {
        const measured = fresh.flatMap((entry) => (entry.source.repo === repo ? (verdicts.get(entry.id) ?? []) : []));
        return {
          repo,
          measurable: measured.length,
          caughtPoisoned: measured.filter((verdict) => verdict.poisoned).length,
          caught: measured.filter((verdict) => verdict.caught).length,
          heldOut: fresh.filter((entry) => entry.source.repo === repo && heldOut.get(entry.id)?.poisoned === true).length,
          heldOutAny: fresh.filter((entry) => entry.source.repo === repo && heldOut.get(entry.id)?.caught === true).length,
          rowsDropped: SIGNALS.filter((signal) => signal.sources.includes(repo)).map((signal) => signal.id),
        };
      }),
      byCategory: recallByCategory(fresh, verdicts),
      heldOutByCategory: recallByCategory(fresh, heldOut),
    },
  };
}

function recallByCategory(poisoned: readonly PoisonedCase[], verdicts: ReadonlyMap<string, { caught: boolean; poisoned: boolean }>): CategoryRecall[] {
  return POISON_CATEGORIES.map((category): CategoryRecall => {
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
}

/**
 * Whether security/tool-poisoning's scan, with `table`, puts some text of the case's contract in the poisoning
 * tier: the same texts and context the rule builds (src/rules/security/scan.ts), for a contract of one item.
 */
export function scanCase(entry: PoisonedCase, table: readonly Signal[]): boolean {
  return scanCaseTier(entry, table) === 'poisoned';
}

/** The highest tier the table puts some text of the case's contract in (poisoned above steering). */
export function scanCaseTier(entry: PoisonedCase, table: readonly Signal[]): 'poisoned' | 'steering' | undefined {
  const contract = caseContract(entry);
  const name = (item: Record<string, unknown>) => String(item.name);
  const described = (item: Record<string, unknown>) => (typeof item.description === 'string' ? item.description : '');
  const ownTools = new Set(contract.tools.map(name));
  const texts: { text: string; owner?: string; tool?: Record<string, unknown> }[] = [];
  if (contract.instructions !== undefined) texts.push({ text: contract.instructions });
  for (const tool of contract.tools) {
    texts.push({ text: described(tool), owner: name(tool), tool });
    const title = asRecord(tool.annotations)?.title;
    if (typeof title === 'string') texts.push({ text: title, owner: name(tool), tool });
    const properties = asRecord(asRecord(tool.inputSchema)?.properties) ?? {};
    for (const property of Object.values(properties)) {
      const description = asRecord(property)?.description;
      if (typeof description === 'string') texts.push({ text: description, owner: name(tool), tool });
    }
  }
  for (const item of [...contract.prompts, ...contract.resources]) texts.push({ text: described(item), owner: name(item) });
  const normalized = texts.map((entry) => normalizeText(entry.text.slice(0, SCAN_LIMIT)));
  let best: 'poisoned' | 'steering' | undefined;
  texts.forEach((entry, index) => {
    // The server's own hosts: those another (different) text of the contract names.
    const hosts = new Set(normalized.filter((text) => text !== normalized[index]).flatMap(hostsOf));
    const context: ScanContext = {
      ownTools,
      hosts,
      ...(entry.owner !== undefined && { owner: entry.owner }),
      ...(entry.tool !== undefined && purposeOf(entry.tool)),
    };
    const tier = scanText(normalized[index]!, context, table).tier;
    if (tier === 'poisoned' || (tier === 'steering' && best === undefined)) best = tier;
  });
  return best;
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
    '',
    'Leave-one-source-out: each source judged without the rows written against it.',
    '',
    '| source | measurable | caught | recall | rows dropped |',
    '| --- | --- | --- | --- | --- |',
    ...result.heldOut.bySource.map(
      (row) => `| ${row.repo} | ${row.measurable} | ${row.caught} | ${percent(row.caught, row.measurable)} | ${row.rowsDropped.length} |`,
    ),
    '',
    '| category | measurable | caught (held out) | recall |',
    '| --- | --- | --- | --- |',
    ...result.heldOut.byCategory
      .filter((row) => row.measurable > 0)
      .map((row) => `| ${row.category} | ${row.measurable} | ${row.caughtPoisoned} | ${percent(row.caughtPoisoned, row.measurable)} |`),
  ];
  if (result.fresh.bySource.length > 0) {
    lines.push(
      '',
      'Fresh held-out sources (issue #33): measured blind when added, apart from the above; "held out" drops the rows widened after reading their misses (the rows that cite them).',
      '',
      '| source | measurable | caught (poisoning tier) | recall | caught (any rule, ≥ warning) | held out (rows citing it dropped) | held out, any rule | rows dropped |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...result.fresh.bySource.map(
        (row) =>
          `| ${row.repo} | ${row.measurable} | ${row.caughtPoisoned} | ${percent(row.caughtPoisoned, row.measurable)} | ${row.caught} | ${row.heldOut} | ${row.heldOutAny} | ${row.rowsDropped.length} |`,
      ),
      '',
      '| category | measurable | caught (poisoning tier) | recall | caught (any rule, ≥ warning) | held out | held out, any rule |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...result.fresh.byCategory
        .filter((row) => row.measurable > 0)
        .map((row) => {
          const held = result.fresh.heldOutByCategory.find((entry) => entry.category === row.category)!;
          return `| ${row.category} | ${row.measurable} | ${row.caughtPoisoned} | ${percent(row.caughtPoisoned, row.measurable)} | ${row.caught} | ${held.caughtPoisoned} | ${held.caught} |`;
        }),
    );
  }
  return `${lines.join('\n')}\n`;
}
