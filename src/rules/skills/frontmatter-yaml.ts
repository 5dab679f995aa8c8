/**
 * The YAML frontmatter at the start of a SKILL.md, read as a host reads it to compare with the entry: a `---`
 * line, the YAML, a closing `---` line. Bounded: frontmatter longer than FRONTMATTER_MAX is not parsed, and the
 * parser's own alias cap stops an alias bomb.
 */
import { parse } from 'yaml';
import { asRecord } from '../../util/json.js';

/** More frontmatter than any honest skill writes; a longer block is not parsed. */
export const FRONTMATTER_MAX = 65_536;

/**
 * `readings`: the frontmatter as YAML 1.2 (core schema, what the TypeScript SDK reads) and as YAML 1.1 (what
 * PyYAML and older parsers read: `yes` a boolean, a date a timestamp). The text does not say which YAML; a value
 * the entry renders as either reading is the author's.
 */
export type Frontmatter = { kind: 'ok'; readings: Record<string, unknown>[] } | { kind: 'none' | 'invalid'; why: string } | { kind: 'too-long' };

export function readFrontmatter(text: string): Frontmatter {
  const opening = /^\uFEFF?---[ \t]*\r?\n/.exec(text);
  if (opening === null) return { kind: 'none', why: 'it does not begin with a --- line' };
  const rest = text.slice(opening[0].length);
  const closing = /^---[ \t]*(?:\r?\n|$)/m.exec(rest.slice(0, FRONTMATTER_MAX + 8));
  if (closing === null) return rest.length > FRONTMATTER_MAX ? { kind: 'too-long' } : { kind: 'none', why: 'its frontmatter has no closing --- line' };
  const yaml = rest.slice(0, closing.index);
  let value: unknown;
  try {
    // JSON's data model, as the entry carries it: YAML 1.2 core schema, and a copy through JSON.
    value = JSON.parse(JSON.stringify(parse(yaml, { schema: 'core' }) ?? null)) as unknown;
  } catch (error) {
    return { kind: 'invalid', why: `its frontmatter is not YAML that reads as JSON (${String(error instanceof Error ? error.message : error).slice(0, 120)})` };
  }
  const record = asRecord(value);
  if (record === undefined) return { kind: 'invalid', why: 'its frontmatter is not a YAML mapping' };
  return { kind: 'ok', readings: [record, ...older(yaml)] };
}

/** The YAML 1.1 reading, when there is one that reads as a mapping. */
function older(yaml: string): Record<string, unknown>[] {
  try {
    const record = asRecord(JSON.parse(JSON.stringify(parse(yaml, { version: '1.1' }) ?? null)) as unknown);
    return record === undefined ? [] : [record];
  } catch {
    return [];
  }
}
