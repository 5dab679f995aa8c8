/**
 * A hostile server's skills (MCP Skills extension): what mcpact keeps of skills/list is bounded in pages, entries
 * and files per entry; entry fields of any type are problems, never crashes; keys such as `__proto__` stay data;
 * frontmatter too deep to pin leaves that skill out of the lockfile with a note; digests are over bounded reads only.
 */
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/connect/rpc.js';
import { contractFromSurface } from '../../src/drift/lockfile/contract.js';
import { PAGE_CAP } from '../../src/surface/capture.js';
import { captureSkills, declaredSkills, MAX_FILES_JUDGED, MAX_SKILLS, parseSkillEntry } from '../../src/surface/skills.js';
import type { Surface } from '../../src/surface/types.js';
import { readFrontmatter, FRONTMATTER_MAX } from '../../src/rules/skills/frontmatter-yaml.js';
import { rawBytes } from '../../src/rules/skills/shared.js';

const DIGEST = `sha256:${'a'.repeat(64)}`;
const entry = (uri: string, extra: Record<string, unknown> = {}) => ({
  uri,
  frontmatter: { name: uri.split('/').at(-2), description: 'A skill.' },
  resources: [{ uri, digest: DIGEST, size: 3 }],
  ...extra,
});
const result = (value: unknown): Outcome => ({ kind: 'result', result: value, ms: 1 });

describe('the capture of skills/list', () => {
  it('is made only where the extension is declared, with its settings', () => {
    expect(declaredSkills({ extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } } })).toEqual({ directoryRead: true });
    expect(declaredSkills({ extensions: { 'io.modelcontextprotocol/skills': true } })).toEqual({});
    expect(declaredSkills({ extensions: { 'io.modelcontextprotocol/skills': false } })).toBeUndefined();
    expect(declaredSkills({ extensions: JSON.parse('{"__proto__": {"io.modelcontextprotocol/skills": {}}}') })).toBeUndefined();
    expect(declaredSkills({})).toBeUndefined();
  });

  it('stops an endless listing at the page cap, and keeps at most MAX_SKILLS entries', async () => {
    let page = 0;
    const capture = await captureSkills({}, async () =>
      result({ skills: Array.from({ length: 20 }, (_, index) => entry(`skill://s${page}-${index}/SKILL.md`)), nextCursor: `c${++page}` }),
    );
    expect(capture.pages).toBe(PAGE_CAP);
    expect(capture.problems).toEqual([{ kind: 'page-cap', pages: PAGE_CAP }]);
    expect(capture.entries).toHaveLength(MAX_SKILLS);
    expect(capture.dropped).toBe(PAGE_CAP * 20 - MAX_SKILLS);
  });

  it('stops at a cursor it saw before, and says what was wrong with a page', async () => {
    const looping = await captureSkills({}, async () => result({ skills: [], nextCursor: 'again' }));
    expect(looping.problems).toEqual([{ kind: 'repeated-cursor', cursor: 'again', page: 2 }]);
    const malformed = await captureSkills({}, async () => result({ skills: 'none' }));
    expect(malformed.status).toBe('malformed');
    const failed = await captureSkills({}, async () => ({ kind: 'error', code: -32601, message: 'Method not found', ms: 1 }));
    expect(failed).toMatchObject({ status: 'error', error: { code: -32601 } });
  });
});

describe('an entry read against the Skill type', () => {
  it('names every field with the wrong type, and never throws', () => {
    for (const raw of [null, 7, 'x', [], { uri: 7, frontmatter: [], resources: { a: 1 } }, { resources: [null, 1, { uri: 1, digest: 'md5:1', size: -1 }] }]) {
      const { skill, problems } = parseSkillEntry(raw);
      expect(skill).toBeUndefined();
      expect(problems.length).toBeGreaterThan(0);
    }
  });

  it('judges at most MAX_FILES_JUDGED files of one entry', () => {
    const files = Array.from({ length: MAX_FILES_JUDGED + 500 }, (_, index) => ({ uri: `skill://big/f${index}`, digest: DIGEST, size: 1 }));
    const { skill } = parseSkillEntry(entry('skill://big/SKILL.md', { resources: files }));
    expect(skill?.resources).toHaveLength(MAX_FILES_JUDGED);
    expect(skill?.listed).toHaveLength(MAX_FILES_JUDGED);
  });

  it('quotes at most a short excerpt of a huge value', () => {
    const { problems } = parseSkillEntry({ uri: 'skill://x/SKILL.md', frontmatter: { name: 'x', description: 'x'.repeat(1_000_000) }, resources: 'static' });
    expect(problems[0]!.problem.length).toBeLessThan(200);
  });
});

describe('skills pinned in the contract', () => {
  const surface = (entries: unknown[]): Surface =>
    ({
      era: 'modern',
      capabilities: {},
      lists: { tools: { items: [] }, prompts: { items: [] }, resources: { items: [] }, resourceTemplates: { items: [] } },
      skills: { entries },
    }) as unknown as Surface;

  it('keeps a __proto__ key of the frontmatter as data, and pollutes nothing', () => {
    const raw = JSON.parse(
      `{"uri":"skill://p/SKILL.md","frontmatter":{"name":"p","description":"d","__proto__":{"polluted":1}},"resources":[{"uri":"skill://p/SKILL.md","digest":"${DIGEST}","size":3}]}`,
    ) as unknown;
    const { contract } = contractFromSurface(surface([raw]));
    expect(contract.skills).toEqual([
      {
        uri: 'skill://p/SKILL.md',
        name: 'p',
        description: 'd',
        frontmatterSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        resources: [{ uri: 'skill://p/SKILL.md', digest: DIGEST, size: 3 }],
      },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves out, with a note, a skill whose frontmatter is too deep to pin, a malformed one and a second of one uri', () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 600; level++) deep = { deep };
    const { contract, notes } = contractFromSurface(
      surface([
        entry('skill://deep/SKILL.md', { frontmatter: { name: 'deep', description: 'd', deep } }),
        { uri: 'skill://bad/SKILL.md' },
        entry('skill://a/SKILL.md'),
        entry('skill://a/SKILL.md'),
      ]),
    );
    expect(contract.skills?.map((skill) => skill.uri)).toEqual(['skill://a/SKILL.md']);
    expect(notes).toEqual([
      'skills: duplicate uri "skill://a/SKILL.md"; pinned the first',
      'skills: 2 entries without the fields of a Skill could not be pinned',
    ]);
  });

  it('has no skills key at all for a server without the extension', () => {
    const { contract } = contractFromSurface({ ...surface([]), skills: undefined });
    expect(Object.keys(contract)).not.toContain('skills');
  });
});

describe('what is hashed and parsed', () => {
  const read = (contents: unknown[], oversized = false) => ({ uri: 'skill://x/a', outcome: result({ contents }), contents, bytes: 0, oversized });

  it('hashes text as UTF-8 and a blob decoded, and nothing of an oversized read', () => {
    expect(rawBytes(read([{ uri: 'skill://x/a', text: 'é' }]), 'skill://x/a')).toEqual(Buffer.from([0xc3, 0xa9]));
    expect(rawBytes(read([{ uri: 'skill://x/a', blob: Buffer.from([0, 255]).toString('base64') }]), 'skill://x/a')).toEqual(Buffer.from([0, 255]));
    expect(rawBytes(read([{ uri: 'skill://x/a', text: 'cut' }], true), 'skill://x/a')).toBeUndefined();
    expect(
      rawBytes(
        read([
          { uri: 'skill://x/b', text: 'b' },
          { uri: 'skill://x/c', text: 'c' },
        ]),
        'skill://x/a',
      ),
    ).toBeUndefined();
  });

  it('parses frontmatter within its bound, and stops an alias bomb', () => {
    expect(readFrontmatter('---\nname: a\ndescription: b\n---\nbody')).toEqual({
      kind: 'ok',
      readings: [
        { name: 'a', description: 'b' },
        { name: 'a', description: 'b' },
      ],
    });
    // Both readings where the YAML versions differ: 1.2 keeps `yes` a string, 1.1 makes it a boolean.
    expect(readFrontmatter('---\nname: a\ndescription: b\nflag: yes\n---\n')).toMatchObject({ kind: 'ok', readings: [{ flag: 'yes' }, { flag: true }] });
    expect(readFrontmatter('# no frontmatter').kind).toBe('none');
    expect(readFrontmatter(`---\nname: a\ndescription: ${'x'.repeat(FRONTMATTER_MAX + 10)}\n`).kind).toBe('too-long');
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 12 },
        (_, index) =>
          `${String.fromCharCode(98 + index)}: &${String.fromCharCode(98 + index)} [*${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}]`,
      ),
    ];
    expect(readFrontmatter(`---\n${bomb.join('\n')}\n---\n`).kind).toBe('invalid');
  });
});
