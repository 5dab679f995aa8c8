/**
 * Files mcpact writes into a checkout (reports, the trace, blobs, golden files) are never written through a symbolic
 * link. A checkout holds whatever its last commit holds: a link planted as `report.json`, or as a folder on the way
 * to it, would send mcpact's output (server text among it) to any file the CI user may write, outside the checkout.
 * Such a path is refused, not replaced: a link there is a mistake or an attack, and either way someone should look,
 * and a committed link mcpact replaced by a file would be a change in the checkout nobody asked for.
 */
import { constants, lstatSync } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { McpactError } from '../errors.js';

/** O_NOFOLLOW: the kernel refuses a link as the file itself (ELOOP), so no link can appear between a check and the open. */
const WRITE_NO_FOLLOW = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

/** Opens `file` for writing, created or emptied; fails with ELOOP when the file itself is a symbolic link. */
export function openNoFollow(file: string): Promise<FileHandle> {
  return open(file, WRITE_NO_FOLLOW);
}

/** The first folder from `base` down to `dir` (both absolute) that is a symbolic link, relative to `base`. */
export function linkOnTheWay(base: string, dir: string): string | undefined {
  let current = base;
  for (const part of path.relative(base, dir).split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    let link: boolean;
    try {
      link = lstatSync(current).isSymbolicLink();
    } catch {
      return undefined; // does not exist yet: mkdir makes real folders from here on
    }
    if (link) return path.relative(base, current);
  }
  return undefined;
}

/**
 * Opens a file named on the command line (`--reporter json:FILE`, `--trace FILE`, ...), making its missing folders.
 * Under the working folder no folder on the way may be a link; above it or elsewhere the path is the user's own
 * (on macOS /tmp itself is a link), so only the file is checked there. One line on failure, exit 2.
 */
export async function openOutput(file: string): Promise<FileHandle> {
  const cwd = process.cwd();
  const dir = path.dirname(path.resolve(file));
  const below = path.relative(cwd, dir);
  const checked = below.startsWith('..') || path.isAbsolute(below) ? undefined : cwd;
  const refuseLinkedFolder = () => {
    const link = checked === undefined ? undefined : linkOnTheWay(checked, dir);
    if (link !== undefined) throw cannotWrite(file, `${link} is a symbolic link (mcpact never writes through one; name a path without it)`);
  };
  refuseLinkedFolder();
  try {
    await mkdir(dir, { recursive: true });
    refuseLinkedFolder();
    return await openNoFollow(file);
  } catch (error) {
    if (error instanceof McpactError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw cannotWrite(
      file,
      code === 'ELOOP' ? 'it is a symbolic link (mcpact never writes through one; remove it or name another file)' : (code ?? String(error)),
    );
  }
}

export function cannotWrite(file: string, why: string): McpactError {
  return new McpactError('usage', `cannot write ${file}: ${why}`);
}
