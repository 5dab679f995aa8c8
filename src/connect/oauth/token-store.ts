/**
 * Where `mcpact login` keeps what it signed in with (#35, docs/auth.md#login): one JSON file, `tokens.json`, of mode
 * 0600 in mcpact's own folder (0700) under the user's config folder, keyed by the MCP server's URL. A later run on
 * that URL reads it (connect/oauth/stored-sign-in.ts) and writes a rotated token back.
 *
 * The MCP text binds client credentials to the authorization server that issued them (2026-07-28 client-registration:
 * "keyed by the authorization server's `issuer` identifier"), so each entry records that issuer. The file is read
 * into records without a prototype and written whole or not at all; every write reads the file again and changes
 * one entry only, so two processes that sign in to two servers do not undo each other.
 */
import { chmod, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { McpactError } from '../../errors.js';
import { writeFileAtomically } from '../../util/atomic-write.js';
import { nameRecord, ownValue } from '../../util/json.js';

/** Its name in mcpact's config folder (cli/config-folder.ts). */
export const TOKEN_FILE = 'tokens.json';
/** Larger than any file of tokens mcpact writes: a larger one is not read into memory. */
const MAX_FILE_BYTES = 1024 * 1024;

const storedLoginSchema = z.strictObject({
  /** The authorization server's issuer, as its validated metadata names it. */
  issuer: z.string().min(1),
  /** The `resource` parameter the tokens were asked for. */
  resource: z.string().min(1),
  client: z.strictObject({
    id: z.string().min(1),
    secret: z.string().min(1).optional(),
    /** How the client was identified: given with --oauth-client-id, named by its Client ID Metadata Document's URL, or registered by mcpact (RFC 7591). */
    registration: z.enum(['pre-registered', 'metadata-document', 'dynamic']),
  }),
  accessToken: z.string().min(1),
  /** Milliseconds since the epoch, when the authorization server said when. */
  expiresAt: z.number().int().positive().optional(),
  refreshToken: z.string().min(1).optional(),
  scope: z.string().optional(),
});

export type StoredLogin = z.infer<typeof storedLoginSchema>;

const fileSchema = z.strictObject({
  version: z.literal(1),
  servers: z.record(z.string(), storedLoginSchema),
});

/**
 * The key of a server: its URL as the URL parser writes it (scheme and host in lower case, default port elided),
 * without a fragment. Always starts with `http`, so it can never be `__proto__` or another name a prototype holds.
 */
export function serverKey(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** Every stored login, by server key; none when there is no file. A file that does not read is one line, exit 2. */
export async function readLogins(file: string): Promise<Record<string, StoredLogin>> {
  let text: string;
  try {
    const bytes = await readFile(file);
    if (bytes.byteLength > MAX_FILE_BYTES) throw storeError(file, `larger than ${MAX_FILE_BYTES / 1024} KiB, which mcpact never writes`);
    text = bytes.toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return nameRecord();
    if (error instanceof McpactError) throw error;
    throw storeError(file, `cannot read it: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw storeError(file, 'it is not JSON');
  }
  const checked = fileSchema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw storeError(file, `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'not a token file'}`);
  }
  // Only keys that are server keys: a hand-edited `__proto__` or `constructor` is dropped, never looked up.
  return nameRecord(Object.entries(checked.data.servers).filter(([key]) => isServerKey(key)));
}

export async function findLogin(file: string, url: string): Promise<StoredLogin | undefined> {
  return ownValue(await readLogins(file), serverKey(url));
}

/**
 * When a token that lives `expiresIn` seconds (as the authorization server said) expires, as the file keeps it:
 * whole milliseconds, and none for a value that is no positive number a date can hold.
 */
export function expiryOf(expiresIn: number | undefined, now = Date.now()): number | undefined {
  if (expiresIn === undefined || !Number.isFinite(expiresIn) || expiresIn <= 0) return undefined;
  return storedExpiry(now + expiresIn * 1000);
}

/**
 * An expiry already known as a date (milliseconds since the epoch), as the file keeps it: the same instant, not one
 * recomputed from a lifetime and a second reading of the clock (which moved a kept expiry by a millisecond).
 */
export function storedExpiry(at: number | undefined): number | undefined {
  if (at === undefined || !Number.isFinite(at) || at <= 0) return undefined;
  const whole = Math.floor(at);
  return Number.isSafeInteger(whole) ? whole : undefined;
}

/** Writes (or, with undefined, removes) one server's login; true when something changed. */
export async function saveLogin(file: string, url: string, login: StoredLogin | undefined): Promise<boolean> {
  // What is written reads back: a value the schema refuses would make the whole file unreadable.
  if (login !== undefined && !storedLoginSchema.safeParse(login).success)
    throw new McpactError('internal', `the sign-in for ${url} cannot be kept: it does not fit the token file's format`);
  // One write at a time in this process; each reads the file again, so it keeps what another process wrote since.
  const turn = queue.then(async () => {
    const logins = await readLogins(file);
    const key = serverKey(url);
    const had = Object.hasOwn(logins, key);
    if (login === undefined) {
      if (!had) return false;
      delete logins[key];
    } else logins[key] = login;
    const folder = path.dirname(file);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await writeFileAtomically(file, `${JSON.stringify({ version: 1, servers: logins }, null, 2)}\n`, 'the token file', { mode: 0o600 });
    // The mode a file is created with is masked by the umask; it can only be narrower. Stated again all the same.
    await chmod(file, 0o600);
    return true;
  });
  queue = turn.catch(() => undefined);
  return turn;
}

let queue: Promise<unknown> = Promise.resolve();

function isServerKey(key: string): boolean {
  try {
    return /^https?:/.test(key) && serverKey(key) === key;
  } catch {
    return false;
  }
}

function storeError(file: string, why: string): McpactError {
  return new McpactError('usage', `the token file ${file} does not read: ${why} (remove it, then sign in again with mcpact login)`);
}
