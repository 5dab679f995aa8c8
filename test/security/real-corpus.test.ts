/**
 * The corpora of issue #12 (corpus/): their shape and minimums, and, as a measurement only, what the security rules
 * say on them today. The figures are logged, not asserted: the rules will be judged on them (corpus/README.md has
 * the baseline), and a rule change must not fail this file.
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
const poisoned = loadPoisoned();
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

describe('security rules on the corpora (measurement, not asserted)', () => {
  it('measures error and warning hits on the benign corpus and recall per category on the poisoned one', async () => {
    const result = await measure(benign, poisoned.cases);
    console.log(formatMeasurement(result));
    expect(result.benign.servers).toBe(benign.length);
    expect(result.poisoned.cases).toBe(poisoned.cases.length);
  });
});
