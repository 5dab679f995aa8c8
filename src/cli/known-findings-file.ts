/**
 * The known-findings file on disk (docs/ci.md#known-findings): read and checked (a bad file is one line and exit 2),
 * and written sorted, one YAML block per entry, every value a double-quoted JSON string so that nothing a server
 * named (a line break, a `#`, an invisible character) can change how the file reads or shows in a pull request.
 * The matching itself is report/known-findings.ts.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { usageError } from '../errors.js';
import { currentRuleId } from '../model/changes.js';
import { knownFileSchema, type KnownEntry } from '../model/known-findings.js';
import { sortedEntries } from '../report/known-findings.js';
import { writeOutput } from './output.js';

/** Characters escaped beyond what JSON escapes: those YAML may not hold raw, and those a reviewer cannot see. */
const HIDDEN = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff0-\uffff]|\udb40[\udc00-\udc7f]/g;

const HEADER = [
  '# mcpact known findings (docs/ci.md#known-findings): a listed finding does not fail `mcpact run`; a listed one',
  '# that no longer occurs fails it as stale. Written sorted by `mcpact run --update-known-findings`. An entry',
  '# matches on server, rule, location and cause (the message, names, numbers and quoted values set aside);',
  '# `note` is yours, kept by updates.',
];

/** The entries of a known-findings file; none for a missing file that `--update-known-findings` will create. */
export async function readKnownFindings(file: string, display: string, update: boolean): Promise<KnownEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      if (update) return [];
      throw usageError(`known findings ${display}: no such file; create it with --update-known-findings`);
    }
    throw usageError(`known findings ${display}: cannot read it (${code === 'EISDIR' ? 'it is a directory' : String(code ?? error)})`);
  }
  return parseKnownFindings(text, display);
}

export function parseKnownFindings(text: string, display: string): KnownEntry[] {
  let data: unknown;
  try {
    data = parse(text, { maxAliasCount: 100, uniqueKeys: true, prettyErrors: false });
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw usageError(`known findings ${display}: not valid YAML or JSON: ${reason}`);
  }
  const parsed = knownFileSchema.safeParse(data);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    throw usageError(
      `known findings ${display}: ${where}${issue?.message ?? 'invalid'} (expected version: 1 and findings: [...]; see docs/ci.md#known-findings)`,
    );
  }
  // A renamed drift change id still names its finding.
  return parsed.data.findings.map((entry) => ({ ...entry, rule: currentRuleId(entry.rule) }));
}

/** The file's text: the header, then the entries sorted, each a block of its own lines. */
export function formatKnownFindings(entries: readonly KnownEntry[]): string {
  const sorted = sortedEntries(entries);
  const lines = [...HEADER, 'version: 1', sorted.length === 0 ? 'findings: []' : 'findings:'];
  for (const entry of sorted) {
    const { kind, name, pointer } = entry.location;
    const location = [
      `kind: ${scalar(kind)}`,
      ...(name === undefined ? [] : [`name: ${scalar(name)}`]),
      ...(pointer === undefined ? [] : [`pointer: ${scalar(pointer)}`]),
    ];
    lines.push(
      `  - server: ${scalar(entry.server)}`,
      `    rule: ${scalar(entry.rule)}`,
      `    location: { ${location.join(', ')} }`,
      `    cause: ${scalar(entry.cause)}`,
      ...(entry.note === undefined ? [] : [`    note: ${scalar(entry.note)}`]),
    );
  }
  return lines.join('\n') + '\n';
}

export async function writeKnownFindings(file: string, entries: readonly KnownEntry[]): Promise<void> {
  await writeOutput(file, formatKnownFindings(entries));
}

/** A YAML double-quoted scalar: JSON's escapes are YAML's, and the hidden characters are escaped too. */
function scalar(value: string): string {
  const escape = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`;
  return JSON.stringify(value).replace(HIDDEN, (chars) => [...Array(chars.length).keys()].map((index) => escape(chars.charCodeAt(index))).join(''));
}
