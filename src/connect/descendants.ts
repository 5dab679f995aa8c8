/**
 * Processes a server started that signals to its process group no longer reach (Linux, through /proc): its
 * descendants by parent id, wherever their group or session, and any process that holds one of the server's
 * stdio pipes (a grandchild that called setsid and outlived its parent is re-parented, but still holds the pipe).
 * Elsewhere, or where /proc cannot be read, nothing is found: the process group is all there is.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The inodes (`pipe:[123]`) of a process's stdin, stdout and stderr. */
export function pipeInodes(pid: number): Set<string> {
  const found = new Set<string>();
  for (const fd of [0, 1, 2]) {
    const link = readLink(`/proc/${pid}/fd/${fd}`);
    if (link?.startsWith('pipe:')) found.add(link);
  }
  return found;
}

/** Every other process that descends from `root` or holds one of `pipes`; mcpact itself excluded. */
export function escapedDescendants(root: number, pipes: ReadonlySet<string>): number[] {
  if (process.platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  const holders: number[] = [];
  for (const name of entries) {
    const pid = Number(name);
    if (pid === process.pid || pid === root) continue;
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
    if (pipes.size > 0 && holdsPipe(pid, pipes)) holders.push(pid);
  }
  const found = new Set<number>(holders);
  const queue = [root, ...holders];
  const visited = new Set<number>(queue);
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (visited.has(child)) continue;
      visited.add(child);
      found.add(child);
      queue.push(child);
    }
  }
  return [...found];
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields after the last ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? undefined : Number(fields[1]);
  } catch {
    return undefined;
  }
}

function holdsPipe(pid: number, pipes: ReadonlySet<string>): boolean {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // gone, or not ours to read
  }
  return fds.some((fd) => {
    const link = readLink(`/proc/${pid}/fd/${fd}`);
    return link !== undefined && pipes.has(link);
  });
}

function readLink(file: string): string | undefined {
  try {
    return readlinkSync(file);
  } catch {
    return undefined;
  }
}
