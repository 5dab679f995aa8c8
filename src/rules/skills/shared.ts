/**
 * What the skills rules share (MCP Skills extension, SEP-2640): the extension's texts, the entries skills/list
 * gave, where a finding about a skill points, and the reads of the files entries list, each bounded.
 */
import { createHash } from 'node:crypto';
import { resourceLimits } from '../../config/resources.js';
import type { RuleContext } from '../../engine/rule.js';
import { sharedRead, type ResourceRead } from '../../exercise/resources.js';
import type { Location } from '../../model/location.js';
import { since, type RuleSpec, type SpecText } from '../../model/spec.js';
import { parseSkillEntry, SKILLS_EXTENSION, type EntryProblem, type ParsedSkill, type SkillFile } from '../../surface/skills.js';
import { asRecord } from '../../util/json.js';
import { truncate } from '../../util/text.js';
import { quoteUri, standing } from '../resources/shared.js';

/** A rule resting on the Skills extension, which is written against base revision 2026-07-28 and later only. */
export function skillsSpec(text: SpecText): RuleSpec {
  return { extension: SKILLS_EXTENSION, texts: since('2026-07-28', text) };
}

/** Why a skills rule has nothing to judge on this server, or undefined when skills/list was read. */
export function skillsSkip(context: Pick<RuleContext, 'surface'>): string | undefined {
  return context.surface.skills === undefined ? `the server does not declare ${SKILLS_EXTENSION}` : undefined;
}

/** A finding about a skill: the resource of its SKILL.md, and a pointer into its entry. */
export function skillLocation(uri: string, pointer?: string): Location {
  return { kind: 'resource', name: truncate(uri, 200), ...(pointer !== undefined && pointer !== '' && { pointer }) };
}

export interface ListedEntry {
  index: number;
  raw: unknown;
  skill?: ParsedSkill;
  problems: EntryProblem[];
  /** What names the entry in findings: its uri, or its position when it has none. */
  label: string;
}

/** Every entry skills/list gave (at most MAX_SKILLS), read against the extension's types. */
export function listedEntries(context: Pick<RuleContext, 'surface'>): ListedEntry[] {
  return (context.surface.skills?.entries ?? []).map((raw, index) => {
    const { skill, problems } = parseSkillEntry(raw);
    const uri = asRecord(raw)?.uri;
    return { index, raw, problems, label: typeof uri === 'string' ? uri : `skills[${index}]`, ...(skill !== undefined && { skill }) };
  });
}

/** The entries with every field of a Skill well typed, the first of each uri: what is probed and read. */
export function soundSkills(context: Pick<RuleContext, 'surface'>): ParsedSkill[] {
  const seen = new Set<string>();
  return listedEntries(context).flatMap(({ skill, problems }) => {
    if (skill === undefined || problems.length > 0 || seen.has(skill.uri)) return [];
    seen.add(skill.uri);
    return [skill];
  });
}

/** How many skills or files a skills rule probes at most: the resources family's own bound (`resources.max_reads`). */
export function probeLimit(context: Pick<RuleContext, 'settings'>): number {
  return resourceLimits(context.settings.resources).maxReads;
}

export interface FileRead {
  skill: ParsedSkill;
  /** Its position in the entry's resources. */
  index: number;
  file: SkillFile;
  read: ResourceRead;
}

/** The files the sound entries list, in order, up to `resources.max_reads`, each read once per run (shared). */
export async function fileReads(context: RuleContext): Promise<{ reads: FileRead[]; left: number }> {
  const files = soundSkills(context).flatMap((skill) => (skill.resources === 'dynamic' ? [] : skill.resources.map((file, index) => ({ skill, index, file }))));
  const max = probeLimit(context);
  const taken = files.slice(0, max);
  const reads = await Promise.all(taken.map(async (entry) => ({ ...entry, read: await sharedRead(context, entry.file.uri) })));
  return { reads, left: Math.max(0, files.length - max) };
}

/**
 * The raw bytes a read returned for one file (text as UTF-8, a blob decoded from base64): the contents item with
 * the file's URI, or the only item. Undefined when they cannot be told: an error, an oversized read (cut to
 * `resources.max_bytes`, so never hashed), no such item, or an item with neither text nor blob.
 */
export function rawBytes(read: ResourceRead, uri: string): Buffer | undefined {
  if (read.outcome.kind !== 'result' || read.oversized || read.contents === undefined) return undefined;
  const items = read.contents.map((raw) => asRecord(raw));
  const own = items.filter((item) => item?.uri === uri);
  const item = own.length === 1 ? own[0] : items.length === 1 ? items[0] : undefined;
  if (typeof item?.text === 'string') return Buffer.from(item.text, 'utf8');
  if (typeof item?.blob === 'string') return Buffer.from(item.blob, 'base64');
  return undefined;
}

/** `sha256:` and the lowercase hex digest of the bytes, as the extension writes digests. */
export function skillDigest(bytes: Buffer): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** The skills a rule probes: the first `resources.max_reads` of them, the rest named in the rule's note. */
export function probedSkills<T>(context: Pick<RuleContext, 'settings' | 'note'>, skills: readonly T[]): T[] {
  const max = probeLimit(context);
  const note = capNote(Math.max(0, skills.length - max), 'skills');
  if (note !== undefined) context.note(note);
  return skills.slice(0, max);
}

/** The note of a rule that probed only the first `max` of what it could have. */
export function capNote(left: number, what: string): string | undefined {
  return left > 0 ? `${left} more ${what} not probed (resources.max_reads)` : undefined;
}

/** The shape of an entry, which the section's TypeScript gives (skill entries and their files). */
export const SHAPE_SPEC = skillsSpec({
  keyword: 'SCHEMA',
  binds: 'server',
  section: 'skills#skill-entries',
  quote: 'A `Skill` entry describes one skill. It is returned by both `skills/list` and `skills/get`, with identical shape and meaning in each.',
  note: 'The shape is the TypeScript of the section: uri a string, frontmatter an object with string name and description, resources an array of SkillResource (uri, digest "sha256:" and 64 lowercase hex digits, size) or "dynamic".',
});

/** What a result of skills/list or skills/get lacks of its envelope: resultType "complete", ttlMs and cacheScope. */
export function envelopeProblems(result: Record<string, unknown>): { resultType?: string; caching?: string } {
  const problems: { resultType?: string; caching?: string } = {};
  if (result.resultType !== 'complete')
    problems.resultType = `resultType is ${'resultType' in result ? JSON.stringify(result.resultType)?.slice(0, 40) : 'missing'}, not "complete"`;
  const missing = (['ttlMs', 'cacheScope'] as const).filter((key) => !Object.hasOwn(result, key));
  const ttl = result.ttlMs;
  const scope = result.cacheScope;
  if (missing.length > 0) problems.caching = `no ${missing.join(' and ')}`;
  else if (typeof ttl !== 'number' || !Number.isSafeInteger(ttl) || ttl < 0) problems.caching = 'ttlMs is not an integer >= 0';
  else if (scope !== 'public' && scope !== 'private') problems.caching = 'cacheScope is neither "public" nor "private"';
  return problems;
}

export interface JudgedFile extends FileRead {
  bytes: Buffer;
  digest: string;
}

/**
 * The files read, split: those whose bytes could be told (with their digest), those whose read failed (the
 * server's answer is the finding of skills/digest), and why the rest could not be judged.
 */
export async function judgedFiles(context: RuleContext): Promise<{ judged: JudgedFile[]; failed: FileRead[]; undecided: string[]; left: number }> {
  const { reads, left } = await fileReads(context);
  const judged: JudgedFile[] = [];
  const failed: FileRead[] = [];
  const undecided: string[] = [];
  for (const entry of reads) {
    const stand = standing(entry.read);
    if (stand.kind === 'undecided') undecided.push(stand.why);
    else if (stand.kind === 'failed') failed.push(entry);
    else if (entry.read.oversized) undecided.push(`${quoteUri(entry.file.uri)} is bigger than resources.max_bytes: not hashed`);
    else {
      const bytes = rawBytes(entry.read, entry.file.uri);
      if (bytes === undefined) undecided.push(`the read of ${quoteUri(entry.file.uri)} has no one contents item with its text or blob`);
      else judged.push({ ...entry, bytes, digest: skillDigest(bytes) });
    }
  }
  return { judged, failed, undecided, left };
}
