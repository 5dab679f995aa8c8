/**
 * The corpora of issue #12 (corpus/): their shape and minimums, and what the security rules say on them: no finding
 * at the poisoning tier on the benign corpus, and at least 90% recall per attack category on the poisoned cases a
 * description can reveal (docs/security.md gives the figures).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_DIR,
  compareTexts,
  isProse,
  loadBenign,
  loadPoisoned,
  PLACEMENTS,
  POISON_CATEGORIES,
  readJson,
  rebuildContract,
  type ServerEntry,
} from '../../scripts/security-corpus.js';
import { formatMeasurement, measure } from '../../scripts/security-measure.js';

const benign = loadBenign();
/** Leave-one-source-out, per category: cases caught without the rows written against their source (measured). */
const HELD_OUT_CAUGHT = {
  'instruction-override': 20,
  'hiding-from-user': 19,
  exfiltration: 21,
  'secret-or-file-read': 14,
  'forced-tool-order': 8,
  shadowing: 9,
  'rug-pull': 6,
  'hidden-unicode': 4,
  'privilege-claim': 7,
  'disclosed-collection': 9,
};
/**
 * The fresh held-out sources (issue #33), per category, each as `[caught, measurable]`: `heldOut` at the poisoning
 * tier without the rows that cite the source, which is the blind figure measured when the sources were added
 * (commit e916725, before any row was read against them; cao-elaine/MPMA, added later, blind 0 of 42); `poisoning`
 * with the whole table, after six rows were widened where a miss showed a general form (docs/security.md, "Fresh
 * held-out") and four advertising rows were added ("Advertising to the model"); `anyRule` with the whole table by
 * any security rule at warning level (advertising alone is the steering tier); `heldOutAny` held out by any rule
 * (the steering tier counts). The structural claims about the model's choice (claims.ts) cite no source, so held
 * out they stay: preference manipulation went from 1 (poisoning) and 1 (any rule) of 57 held out to 7 and 51.
 * beejak/Vulnerable-MCP-Server and ace26597/mcp-lock were added later (16 revealable cases, 5 and 11): measured
 * blind by a reviewer session with the build at e766e0c, 9 of 16 at the poisoning tier, and the same 9 (the same
 * seven misses) with the tables of e766e0c and of its parent, measured again on the cases as added here. Held out
 * they are not blind: 12 of 16, since three misses are caught by rules that read no table, written after reading
 * them (security/hidden-unicode's lookalike letters, mcp-lock's two homoglyph cases; security/tool-shadowing's
 * statement that a tool intercepts another server's calls, beejak's send_email). With the whole table, 16 of 16.
 * punchfan01/BeyondToolPoisoning, Wapiti08/mcp-attack-suite and aminrj-labs/mcp-attack-labs were measured blind at
 * commit a847710 (14 of 21 revealable at the poisoning tier, by a reviewer session; 13 of the 21 have their text in
 * the corpus: aminrj-labs' commits hold no licence, so its cases keep pointers only and are measured from a local
 * mirror, docs/security.md, "Three sources more, blind"), and src/rules/security/side-orders.ts was written after
 * reading their misses: 13 of 13 now, 10 held out.
 * Fifteen more sources were measured blind at commit cd90d66 by a reviewer session (39 of 81 revealable at the
 * poisoning tier over all fifteen), and the eight whose licence allows their texts are counted here:
 * gensecaihq/mcp-poisoning-poc, harryc295/tool-poisoning-bench, Crypto-Sanemi/agent-engineering, jaschadub/AgentNull,
 * UnitOneAI/unitone-agentgateway, nav33n25/IMCP, joshmaster2165/medusa and tristanhausermannpernet/mcp-hacking
 * (pointers only for matteocolazilli/malicious-mcp-server, shruti-datta-gupta/mcp-ctf, kholcomb/DevSecOps_Arena,
 * mdatikshahriar/mcp-attack-demo-spring, mdatikshahriar/mcp-rag-attack, aganita/mcp-ctf-challenge and
 * canyonroad/agentsh-mcp-protection-demo).
 * Seventeen more sources were measured blind at commit cd86487 by a reviewer session (99 of 157 revealable at the
 * poisoning tier over all seventeen), and two are counted here: luckyPipewrench/pipelock (28 of 50) and ksek87/fuzzd
 * (14 of its own 27; the MCPTox cases it copies are left out); rows were widened after reading their misses
 * ("Seventeen sources more, blind"), and security/tool-shadowing's reading of orders about another server's tool
 * reads no table, so held out they may pass their blind figure.
 * The other sources of that run, and of a sixth run measured blind at 18c7339 (40 of 55 revealable at the poisoning
 * tier), are counted here where a snapshot holds the commit judged: six of the fifth's and seven of the sixth's keep
 * their texts (62 measurable cases, 57 caught with the whole table, 47 held out), eight keep pointers only; rows were
 * written after reading the misses of cir-monitor, AthenaTheOwl/mcp-security-lab and firmis-scanner among them.
 * Records, not goals.
 */
const FRESH: Record<string, { heldOut: [number, number]; heldOutAny: [number, number]; poisoning: [number, number]; anyRule: [number, number] }> = {
  'instruction-override': { heldOut: [77, 99], heldOutAny: [77, 99], poisoning: [99, 99], anyRule: [99, 99] },
  'hiding-from-user': { heldOut: [41, 46], heldOutAny: [41, 46], poisoning: [46, 46], anyRule: [46, 46] },
  exfiltration: { heldOut: [67, 88], heldOutAny: [67, 88], poisoning: [83, 88], anyRule: [83, 88] },
  'secret-or-file-read': { heldOut: [47, 80], heldOutAny: [49, 80], poisoning: [75, 80], anyRule: [76, 80] },
  'forced-tool-order': { heldOut: [14, 23], heldOutAny: [15, 23], poisoning: [21, 23], anyRule: [22, 23] },
  shadowing: { heldOut: [10, 16], heldOutAny: [11, 16], poisoning: [12, 16], anyRule: [13, 16] },
  'rug-pull': { heldOut: [13, 30], heldOutAny: [14, 30], poisoning: [29, 30], anyRule: [29, 30] },
  'hidden-unicode': { heldOut: [18, 18], heldOutAny: [18, 18], poisoning: [18, 18], anyRule: [18, 18] },
  'privilege-claim': { heldOut: [18, 28], heldOutAny: [18, 28], poisoning: [27, 28], anyRule: [27, 28] },
  'disclosed-collection': { heldOut: [11, 19], heldOutAny: [11, 19], poisoning: [19, 19], anyRule: [19, 19] },
  'command-execution': { heldOut: [9, 16], heldOutAny: [9, 16], poisoning: [14, 16], anyRule: [14, 16] },
  'parameter-tampering': { heldOut: [5, 7], heldOutAny: [5, 7], poisoning: [7, 7], anyRule: [7, 7] },
  redirection: { heldOut: [3, 5], heldOutAny: [3, 5], poisoning: [4, 5], anyRule: [4, 5] },
  'environment-change': { heldOut: [6, 10], heldOutAny: [6, 10], poisoning: [9, 10], anyRule: [9, 10] },
  'network-request': { heldOut: [9, 12], heldOutAny: [9, 12], poisoning: [11, 12], anyRule: [11, 12] },
  'preference-manipulation': { heldOut: [11, 64], heldOutAny: [55, 64], poisoning: [13, 64], anyRule: [57, 64] },
  'out-of-scope-parameter': { heldOut: [0, 6], heldOutAny: [1, 6], poisoning: [0, 6], anyRule: [1, 6] },
};
const freshColumn = (column: 'heldOut' | 'heldOutAny' | 'poisoning' | 'anyRule') =>
  Object.fromEntries(Object.entries(FRESH).map(([category, row]) => [category, row[column]]));
/** Warnings on the benign corpus (docs/security.md gives each one and why): at most 0.1% of its texts. */
const BENIGN_WARNINGS = 7;
const poisoned = loadPoisoned();
const fresh = new Set(poisoned.sources.filter((source) => source.fresh === true).map((source) => source.repo));
const entries = readJson(new URL('benign/servers.json', CORPUS_DIR)) as ServerEntry[];
/** Licences under which a text may be kept in the corpus. */
const OPEN = /^(MIT|ISC|Apache-2\.0|BSD-[23]-Clause)$|\((MIT|Apache-2\.0)\)$|: (MIT|Apache-2\.0)$/;

describe('benign corpus (corpus/benign)', () => {
  it('holds at least 1,500 descriptions from at least 40 npm packages', () => {
    expect(new Set(benign.map((server) => server.package)).size).toBeGreaterThanOrEqual(40);
    expect(benign.reduce((sum, server) => sum + server.texts.filter(isProse).length, 0)).toBeGreaterThanOrEqual(1500);
  });

  it.each(benign.map((server) => [server.name, server] as const))('%s: pinned, licensed, sorted, as servers.json says', (name, server) => {
    const entry = entries.find((candidate) => candidate.name === name);
    expect(entry, `${name} is not in servers.json`).toBeDefined();
    expect([server.package, server.version]).toEqual([entry!.package, entry!.version]);
    expect(server.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(server.license).not.toMatch(/^NONE$|unrecognized/);
    expect(server.texts.length).toBeGreaterThan(0);
    for (const text of server.texts) {
      expect(['server', 'tool', 'prompt', 'resource', 'resourceTemplate']).toContain(text.where.kind);
      expect(text.where.pointer).toMatch(/^\//);
      expect(typeof text.text).toBe('string');
    }
    expect([...server.texts].sort(compareTexts)).toEqual(server.texts);
    expect(new Set(server.texts.map((text) => JSON.stringify(text))).size).toBe(server.texts.length);
  });

  it('lists every server with its version and licence in its README', () => {
    const readme = readFileSync(new URL('benign/README.md', CORPUS_DIR), 'utf8');
    for (const server of benign) expect(readme).toContain(`| \`${server.package}\` | ${server.version} | ${server.license} |`);
  });

  it('rebuilds a contract that keeps every text where it was', () => {
    const server = benign.find((candidate) => candidate.texts.some((text) => text.where.pointer.includes('/properties/')))!;
    const contract = rebuildContract(server.texts);
    const tools = new Map(contract.tools.map((tool) => [tool.name, tool]));
    for (const text of server.texts.filter((entry) => entry.where.kind === 'tool' && entry.where.pointer.endsWith('/description'))) {
      let node: unknown = tools.get(text.where.name);
      for (const segment of text.where.pointer.slice(1).split('/')) node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
      expect(node).toBe(text.text);
    }
  });
});

describe('poisoned corpus (corpus/poisoned/cases.json)', () => {
  it('has unique cases, each with its source, commit, licence, category and placement', () => {
    expect(new Set(poisoned.cases.map((entry) => entry.id)).size).toBe(poisoned.cases.length);
    const sources = new Map(poisoned.sources.map((source) => [source.repo, source]));
    for (const entry of poisoned.cases) {
      const source = sources.get(entry.source.repo);
      expect(source, entry.id).toBeDefined();
      expect(entry.source.commit).toBe(source!.commit);
      expect(entry.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(entry.source.path).not.toBe('');
      expect(entry.source.license).toBe(source!.license);
      expect(entry.categories.length, entry.id).toBeGreaterThan(0);
      for (const category of entry.categories) expect(POISON_CATEGORIES).toContain(category);
      expect(PLACEMENTS).toContain(entry.placement);
      // A text is kept only under a licence that allows it; otherwise the pointer and the reason.
      if (entry.text === null) expect(entry.reason, entry.id).toMatch(/not included/);
      else expect(source!.redistributable && OPEN.test(source!.license), entry.id).toBe(true);
      if (!entry.revealable) expect(entry.reason, entry.id).toBeTruthy();
    }
  });

  it('covers the attack categories issue #12 names', () => {
    const present = new Set(poisoned.cases.flatMap((entry) => entry.categories));
    for (const category of [
      'instruction-override',
      'hiding-from-user',
      'exfiltration',
      'secret-or-file-read',
      'forced-tool-order',
      'shadowing',
      'rug-pull',
    ] as const) {
      expect(present, category).toContain(category);
    }
  });
});

describe('security rules on the corpora (issue #12)', () => {
  const result = measure(benign, poisoned.cases, fresh);

  it('stay silent at the poisoning tier and at error level on the benign corpus', async () => {
    const { benign: found } = await result;
    console.log(formatMeasurement(await result));
    expect(found.servers).toBe(benign.length);
    expect(found.hits.filter((hit) => hit.ruleId === 'security/tool-poisoning' || hit.severity === 'error')).toEqual([]);
    expect(found.poisoned).toBe(0);
    expect(found.warnings).toBe(BENIGN_WARNINGS);
  });

  it('hold a source out by the rows written against it, and judge as the rule does with the whole table', async () => {
    const { heldOut } = await result;
    expect(heldOut.disagreements).toEqual([]);
    // Measured by scripts/measure-security-corpus.js (docs/security.md, leave-one-source-out): a floor, not a goal.
    const caught = Object.fromEntries(heldOut.byCategory.filter((row) => row.measurable > 0).map((row) => [row.category, row.caughtPoisoned]));
    expect(caught).toEqual(HELD_OUT_CAUGHT);
  });

  it('catch at least 80% of each category held out (issue #33)', async () => {
    const { heldOut } = await result;
    for (const row of heldOut.byCategory.filter((entry) => entry.measurable > 0)) {
      expect({ category: row.category, missed: row.missed, floor: row.caughtPoisoned / row.measurable >= 0.8 }).toEqual({
        category: row.category,
        missed: expect.any(Array),
        floor: true,
      });
    }
  });

  it('measure the fresh held-out sources apart: with the whole table, and without the rows that cite them (issue #33)', async () => {
    expect(fresh.size).toBeGreaterThan(0);
    const { fresh: measured } = await result;
    const figures = (rows: typeof measured.byCategory) =>
      Object.fromEntries(rows.filter((row) => row.measurable > 0).map((row) => [row.category, [row.caughtPoisoned, row.measurable]]));
    expect(figures(measured.byCategory)).toEqual(freshColumn('poisoning'));
    expect(figures(measured.heldOutByCategory)).toEqual(freshColumn('heldOut'));
    const heldAny = Object.fromEntries(
      measured.heldOutByCategory.filter((row) => row.measurable > 0).map((row) => [row.category, [row.caught, row.measurable]]),
    );
    expect(heldAny).toEqual(freshColumn('heldOutAny'));
    const anyRule = Object.fromEntries(measured.byCategory.filter((row) => row.measurable > 0).map((row) => [row.category, [row.caught, row.measurable]]));
    expect(anyRule).toEqual(freshColumn('anyRule'));
    // Fresh sources measured and left alone: no row cites them, so their figure is the blind one. (Rows cite
    // kazemf78/llm-unreliable-tool-preferences since they were widened after its blind measurement; it keeps
    // pointers only, so it is measured from a local mirror: docs/security.md, "A sixth fresh source". SEAIC-M/AMA
    // keeps pointers only too: blind, 0 of its 4 revealable cases by any rule, "A seventh fresh source". Five of the
    // fifteen of "Fifteen sources more, blind" showed no structure the table lacked, or none that was built. No row
    // cites the sources of the fifth and sixth blind runs listed last.)
    expect(measured.bySource.filter((row) => row.rowsDropped.length === 0).map((row) => row.repo)).toEqual([
      'richardspicer/mcp-audit',
      'SEAIC-M/AMA',
      'matteocolazilli/malicious-mcp-server',
      'shruti-datta-gupta/mcp-ctf',
      'kholcomb/DevSecOps_Arena',
      'Crypto-Sanemi/agent-engineering',
      'canyonroad/agentsh-mcp-protection-demo',
      'joemunene-by/ghostprobe',
      'devsoniclk/mcp-shield',
      'root-Brainoverflow/mcp-dynamic-analyzer',
      'perparimmjeku/mcp-tool-auditor',
      'smart-mcp-proxy/mcp-scanner',
      'saratala/sentinelmcp',
      'Krishita17/purplemcp-lab',
      'warlyjr-cloud/mcp-security-lab',
      'sidhpurwala-huzaifa/mcp-security-scanner',
      'anthonyg-1/mcp-goat',
      'MB-Workspace/mcp-tool-poisoning-defense',
      'robbarto2/MCP_Tool_Poisoning',
      'antoninBr/mcp-security-workshop',
      'donwany/mcp-attacks',
      'ksalayon/mcp-security-risks',
    ]);
  });

  it.each(POISON_CATEGORIES.map((category) => [category] as const))('catch at least 90%% of the measurable %s cases', async (category) => {
    const row = (await result).poisoned.byCategory.find((entry) => entry.category === category)!;
    expect(row.cases).toBe(poisoned.cases.filter((entry) => entry.categories.includes(category) && !fresh.has(entry.source.repo)).length);
    // Categories no description can show (behaviour-only, tool-output) have no measurable case: nothing to assert.
    if (row.measurable === 0) return;
    expect({ category, missed: row.missed, recall: row.caughtPoisoned / row.measurable >= 0.9 }).toEqual({ category, missed: expect.any(Array), recall: true });
  });
});
