/**
 * Whose lockfile this is. A lockfile pins the `serverInfo.name` of the server it was captured from
 * (`server.name`), and that name is its owner: the one identity that is the same on every machine, over either
 * transport, from a config or the command line (a command line holds local paths, a URL a port). Compared with a
 * server of another name, a lockfile would read as every item removed and every item added; so `mcpact diff`
 * refuses it (exit 2, one line) and `mcpact baseline` will not overwrite it unless told to.
 */
import { quote } from '../../util/text.js';
import type { Lockfile } from './lockfile.js';

/** The flag that lets `mcpact baseline` replace another server's lockfile (a renamed server, a file reused on purpose). */
export const OVERWRITE_FLAG = '--overwrite-other-server';

/** A server's own name as the lockfile records it (contract.ts): a string, else none. */
export function serverInfoName(serverInfo: Record<string, unknown> | undefined): string | undefined {
  return typeof serverInfo?.name === 'string' ? serverInfo.name : undefined;
}

/**
 * The owner a lockfile names when it is not `name`; undefined when it belongs to `name`, or when either side names
 * no server (nothing to tell them apart by, so the lockfile is taken as this server's, as before owners were read).
 */
export function otherOwner(lock: Lockfile, name: string | undefined): string | undefined {
  const owner = lock.server.name;
  return owner !== undefined && name !== undefined && owner !== name ? owner : undefined;
}

/** `file` pins `owner`, not the server `name`: the one line both commands say it with. */
export function foreignLockfile(file: string, owner: string, name: string): string {
  return `${file} is the lockfile of server ${quote(owner, 80)}, not of ${quote(name, 80)} (serverInfo.name)`;
}

/**
 * Why a server cannot be compared with its lockfile because the lockfile is another server's, or undefined. Both
 * names redacted alike, as `mcpact baseline` wrote the owner.
 */
export function foreignBaseline(
  baseline: { lock: Lockfile; redact: <T>(value: T) => T; file: string; anyName?: true },
  serverInfo: Record<string, unknown> | undefined,
): string | undefined {
  if (baseline.anyName) return undefined;
  const name = baseline.redact(serverInfoName(serverInfo));
  const owner = otherOwner(baseline.lock, name);
  if (owner === undefined || name === undefined) return undefined;
  return `${foreignLockfile(baseline.file, owner, name)}: nothing was compared; pin ${quote(name, 80)} with mcpact baseline (a renamed server: mcpact baseline ${OVERWRITE_FLAG})`;
}
