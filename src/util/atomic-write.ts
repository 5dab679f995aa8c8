/**
 * Writing a file whole or not at all: next to the target (creating its folder), then renamed over it, so a reader
 * never sees half a file and a failure leaves the old one (or none). Lockfiles and cassettes are written this way.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { McpactError, errorMessage } from '../errors.js';

/** `what` names the file in the one-line error (exit 2): "lockfile", "cassette"; `mode` is the new file's (0600 for secrets). */
export async function writeFileAtomically(file: string, bytes: string, what: string, options: { mode?: number } = {}): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temp, bytes, { flag: 'wx', ...(options.mode !== undefined && { mode: options.mode }) });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new McpactError(
      'usage',
      `cannot write ${what} ${path.relative(process.cwd(), file) || file}: ${(error as NodeJS.ErrnoException).code ?? errorMessage(error)}`,
    );
  }
}
