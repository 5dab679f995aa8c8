/**
 * What `-c` names: one config file, a folder (every *.yaml, *.yml and *.json file directly in it) or a glob of
 * config files (`*`, `?`, `[...]` within a path segment, `**` for any depth; quoted, so the shell leaves it to
 * mcpact). Node 20 has no fs.glob: this small walk is enough for config files, and skips node_modules and .git.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { usageError } from '../errors.js';

const CONFIG_FILE = /\.(ya?ml|json)$/;
const MAGIC = /[*?[]/;
const SKIPPED = new Set(['node_modules', '.git']);
/** A glob stops here: it names configs, not a file system. */
const MAX_FILES = 10_000;

export function isGlob(spec: string): boolean {
  return MAGIC.test(spec);
}

/** The config files `-c` names, sorted, or a usage error when it names none. */
export function configFiles(spec: string): string[] {
  if (isGlob(spec)) {
    const files = expandGlob(spec).filter((file) => statSync(file, { throwIfNoEntry: false })?.isFile());
    if (files.length === 0) throw usageError(`-c ${spec}: no file matches`);
    return files;
  }
  const kind = statSync(spec, { throwIfNoEntry: false });
  if (!kind?.isDirectory()) return [spec];
  const files = readdirSync(spec, { withFileTypes: true })
    .filter((entry) => entry.isFile() && CONFIG_FILE.test(entry.name))
    .map((entry) => path.join(spec, entry.name))
    .sort();
  if (files.length === 0) throw usageError(`-c ${spec}: the folder holds no config (*.yaml, *.yml or *.json)`);
  return files;
}

function segmentPattern(segment: string): RegExp {
  let source = '';
  for (let index = 0; index < segment.length; index++) {
    const char = segment[index]!;
    if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const end = segment.indexOf(']', index + 1);
      if (end === -1) source += '\\[';
      else {
        source += `[${segment
          .slice(index + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        index = end;
      }
    } else source += char.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  // A leading dot is matched only by a pattern that starts with one, as in a shell.
  return new RegExp(`^${segment.startsWith('.') ? '' : '(?!\\.)'}${source}$`);
}

/** The paths matching a glob, relative as the glob is, sorted. */
export function expandGlob(glob: string): string[] {
  const absolute = path.isAbsolute(glob);
  const segments = glob.split(/[/\\]+/).filter((segment, index) => segment !== '' || (index === 0 && absolute));
  let current: string[] = [absolute ? path.sep : '.'];
  for (const [index, segment] of segments.entries()) {
    if (index === 0 && absolute) continue;
    const next: string[] = [];
    if (segment === '**') {
      for (const base of current) next.push(...folders(base));
    } else if (!MAGIC.test(segment)) {
      for (const base of current) next.push(path.join(base, segment));
    } else {
      const pattern = segmentPattern(segment);
      for (const base of current) {
        for (const entry of entries(base)) if (pattern.test(entry)) next.push(path.join(base, entry));
      }
    }
    if (next.length > MAX_FILES) throw usageError(`-c ${glob}: matches more than ${MAX_FILES} paths; narrow the glob`);
    current = next;
  }
  return [...new Set(current)].filter((file) => statSync(file, { throwIfNoEntry: false }) !== undefined).sort();
}

function entries(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/** A folder and every folder below it (`**`), without node_modules and dot folders (.git), as a shell's globstar. */
function folders(start: string): string[] {
  const found: string[] = [];
  const pending = [start];
  while (pending.length > 0 && found.length <= MAX_FILES) {
    const folder = pending.pop()!;
    found.push(folder);
    try {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith('.')) pending.push(path.join(folder, entry.name));
      }
    } catch {
      // Unreadable: nothing below it.
    }
  }
  return found;
}
