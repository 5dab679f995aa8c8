/**
 * The skills a server publishes through the MCP Skills extension (SEP-2640, `io.modelcontextprotocol/skills`):
 * every page of `skills/list`, read once with the other lists when the server declares the extension in the
 * modern era (the extension is written against base revision 2026-07-28 and later). Entries stay raw, like list
 * items: the skills rules judge them one by one, and drift pins the valid ones.
 */
import { asRecord } from '../util/json.js';
import { quote } from '../util/text.js';
import { readPages, type Requester } from './pages.js';
import type { SkillsCapture } from './types.js';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** More skill entries than mcpact keeps from one server: the rest are counted, never held (a listing may be endless). */
export const MAX_SKILLS = 1000;

/** The extension's settings when the capabilities declare it, else undefined. */
export function declaredSkills(capabilities: Record<string, unknown>): Record<string, unknown> | undefined {
  const extensions = asRecord(capabilities.extensions);
  if (extensions === undefined || !Object.hasOwn(extensions, SKILLS_EXTENSION)) return undefined;
  const settings = extensions[SKILLS_EXTENSION];
  if (settings === false || settings === null || settings === undefined) return undefined;
  return asRecord(settings) ?? {};
}

/** Every page of skills/list, guarded like the other lists (surface/pages.ts), the entries bounded. */
export async function captureSkills(settings: Record<string, unknown>, request: Requester): Promise<SkillsCapture> {
  const capture: SkillsCapture = { status: 'ok', entries: [], dropped: 0, pages: 0, problems: [], pageFields: [], settings };
  await readPages(capture, 'skills/list', 'skills', request, (entry) => {
    if (capture.entries.length < MAX_SKILLS) capture.entries.push(entry);
    else capture.dropped++;
  });
  return capture;
}

/** One file of a skill as its entry lists it. */
export interface SkillFile {
  uri: string;
  digest: string;
  size: number;
}

/** A Skill entry whose fields have the types the extension gives them. */
export interface ParsedSkill {
  uri: string;
  frontmatter: Record<string, unknown>;
  name: string;
  description: string;
  /** The files with a well-typed uri, digest and size, in the entry's order; or "dynamic". */
  resources: SkillFile[] | 'dynamic';
  /** Every string uri the resources array names, whatever its other fields, with its position (empty when "dynamic"). */
  listed: { index: number; uri: string }[];
}

/** A field of an entry without the type the extension gives it: where (a JSON Pointer into the entry) and what. */
export interface EntryProblem {
  pointer: string;
  problem: string;
}

/** `sha256:` and 64 lowercase hexadecimal characters (skills#integrity-and-verification). */
export const SKILL_DIGEST = /^sha256:[0-9a-f]{64}$/;

/** Files of one entry judged at most: eight times the 512 the extension lets every host expect. */
export const MAX_FILES_JUDGED = 4096;

/**
 * An entry read against the extension's `Skill` and `SkillResource` types: the skill (when uri, frontmatter and
 * resources have their types; files with a bad field are left out of it) and every problem found.
 */
export function parseSkillEntry(raw: unknown): { skill?: ParsedSkill; problems: EntryProblem[] } {
  const problems: EntryProblem[] = [];
  const entry = asRecord(raw);
  if (entry === undefined) return { problems: [{ pointer: '', problem: `is ${describe(raw)}, not a Skill object` }] };
  const { uri } = entry;
  if (typeof uri !== 'string') problems.push({ pointer: '/uri', problem: `uri is ${describe(uri)}; expected the URI of the skill's SKILL.md` });
  const frontmatter = asRecord(entry.frontmatter);
  if (frontmatter === undefined) problems.push({ pointer: '/frontmatter', problem: `frontmatter is ${describe(entry.frontmatter)}; expected an object` });
  for (const field of ['name', 'description'] as const) {
    if (frontmatter !== undefined && typeof frontmatter[field] !== 'string')
      problems.push({ pointer: `/frontmatter/${field}`, problem: `frontmatter.${field} is ${describe(frontmatter[field])}; expected a string` });
  }
  const resources = parseResources(entry, problems);
  const listed = Array.isArray(entry.resources)
    ? (entry.resources as unknown[]).slice(0, MAX_FILES_JUDGED).flatMap((file, index) => {
        const fileUri = asRecord(file)?.uri;
        return typeof fileUri === 'string' ? [{ index, uri: fileUri }] : [];
      })
    : [];
  if (typeof uri !== 'string' || frontmatter === undefined || resources === undefined) return { problems };
  const { name, description } = frontmatter;
  if (typeof name !== 'string' || typeof description !== 'string') return { problems };
  return { skill: { uri, frontmatter, name, description, resources, listed }, problems };
}

function parseResources(entry: Record<string, unknown>, problems: EntryProblem[]): SkillFile[] | 'dynamic' | undefined {
  const { resources } = entry;
  if (resources === 'dynamic') return 'dynamic';
  if (!Array.isArray(resources)) {
    problems.push({
      pointer: '/resources',
      problem: `resources is ${Object.hasOwn(entry, 'resources') ? describe(resources) : 'missing'}; expected an array of files or "dynamic"`,
    });
    return undefined;
  }
  const files: SkillFile[] = [];
  (resources as unknown[]).slice(0, MAX_FILES_JUDGED).forEach((raw, index) => {
    const file = asRecord(raw);
    const at = `/resources/${index}`;
    if (file === undefined) return void problems.push({ pointer: at, problem: `resources[${index}] is ${describe(raw)}, not a SkillResource object` });
    const before = problems.length;
    if (typeof file.uri !== 'string') problems.push({ pointer: `${at}/uri`, problem: `resources[${index}].uri is ${describe(file.uri)}; expected a string` });
    if (typeof file.digest !== 'string' || !SKILL_DIGEST.test(file.digest))
      problems.push({
        pointer: `${at}/digest`,
        problem: `resources[${index}].digest is ${describe(file.digest)}; expected "sha256:" and 64 lowercase hexadecimal characters`,
      });
    if (typeof file.size !== 'number' || !Number.isSafeInteger(file.size) || file.size < 0)
      problems.push({ pointer: `${at}/size`, problem: `resources[${index}].size is ${describe(file.size)}; expected a byte count (an integer, 0 or more)` });
    if (problems.length === before) files.push({ uri: file.uri as string, digest: file.digest as string, size: file.size as number });
  });
  return files;
}

/** A value as a message names it, bounded: a hostile server's value is never echoed whole. */
function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  // Sliced before it is quoted: quoting a megabyte string whole would cost what the bound saves.
  if (typeof value === 'string') return `the string ${quote(value.slice(0, 80), 40)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `a ${typeof value} (${String(value).slice(0, 20)})`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
