/**
 * The files `mcpact run --watch` watches: one non-recursive fs.watch per folder, found by walking the paths given
 * and added as folders appear. Node 20's recursive fs.watch on Linux watches every file, node_modules included;
 * the walk skips node_modules and .git, and stops at MAX_FOLDERS so a watch never exhausts the process's handles.
 */
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Folders never watched: dependencies and version control change without the user editing the server. */
const IGNORED = new Set(['node_modules', '.git']);
export const MAX_FOLDERS = 5_000;

export interface FileWatch {
  /** How many folders are watched. */
  readonly folders: number;
  /** True when the walk stopped at MAX_FOLDERS. */
  readonly capped: boolean;
  close(): void;
}

/**
 * Watches `roots` (folders, walked; files, through their folder) and calls `onChange` with each changed path.
 * `ignored` are absolute paths mcpact writes itself (its reports, its trace, a blob folder and what is in it): a
 * change to them is not a change.
 */
export async function watchFiles(roots: readonly string[], onChange: (file: string) => void, ignored: ReadonlySet<string> = new Set()): Promise<FileWatch> {
  const watchers = new Map<string, FSWatcher>();
  const isIgnored = (file: string) => [...ignored].some((place) => file === place || file.startsWith(place + path.sep));
  let capped = false;
  let closed = false;

  const watchFolder = (folder: string, only?: string) => {
    const key = only === undefined ? folder : `${folder}\0${only}`;
    if (closed || watchers.has(key)) return false;
    if (watchers.size >= MAX_FOLDERS) return !(capped = true);
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, { persistent: true }, (_event, name) => {
        if (name === null) return;
        const file = path.join(folder, name.toString());
        if ((only !== undefined && name.toString() !== only) || IGNORED.has(name.toString()) || isIgnored(file)) return;
        onChange(file);
        // A folder that appears (created, moved in) is watched from now on.
        if (only === undefined) void addTree(file);
      });
    } catch {
      // Gone already, or not readable: nothing to watch there.
      return false;
    }
    // The folder was removed: its watcher ends; the parent's watcher reported the removal.
    watcher.on('error', () => {
      watcher.close();
      watchers.delete(key);
    });
    watchers.set(key, watcher);
    return true;
  };

  const addTree = async (start: string): Promise<void> => {
    const kind = await stat(start).catch(() => undefined);
    if (!kind?.isDirectory()) return;
    const pending = [start];
    while (pending.length > 0 && !closed) {
      const folder = pending.pop()!;
      if (!watchFolder(folder)) continue;
      const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) if (entry.isDirectory() && !IGNORED.has(entry.name)) pending.push(path.join(folder, entry.name));
    }
  };

  for (const root of roots) {
    const absolute = path.resolve(root);
    const kind = await stat(absolute).catch(() => undefined);
    // A file is watched through its folder: an editor's save often replaces it (a rename), which ends a file's own watch.
    if (kind?.isFile()) watchFolder(path.dirname(absolute), path.basename(absolute));
    else await addTree(absolute);
  }
  return {
    get folders() {
      return watchers.size;
    },
    get capped() {
      return capped;
    },
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
