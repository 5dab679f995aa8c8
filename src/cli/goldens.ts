/**
 * Golden files for prompt expectations, on disk. Paths are relative to the config file's folder and must stay in
 * it. Reads happen when a rule asks; writes are collected and written only after the run, and only with
 * --update-golden. Golden files are meant to be committed, so what is written is redacted (a secret of the config
 * that the server echoes becomes [REDACTED], and so does what it is compared with), and never through a symlink:
 * a link planted in the folder (or as the file) could send the write anywhere.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { RunRuntime } from '../engine/runtime.js';
import { McpactError } from '../errors.js';
import { linkOnTheWay, openNoFollow } from './no-follow.js';

export interface DiskRuntimeOptions {
  showValues: boolean;
  updateGolden: boolean;
  /** Replaces the config's secrets in what golden files store (the CLI's redactor). */
  redact?: (text: string) => string;
}

export function diskRuntime(baseDir: string, options: DiskRuntimeOptions): RunRuntime & { flush(): Promise<string[]> } {
  const pending = new Map<string, string>();
  const { redact, ...flags } = options;
  return {
    ...flags,
    goldens: {
      read(file) {
        const absolute = inside(baseDir, file);
        try {
          return readFileSync(absolute, 'utf8');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw new McpactError('config', `cannot read golden file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
        }
      },
      write(file, text) {
        pending.set(inside(baseDir, file), text);
      },
      ...(redact && { stored: redact }),
    },
    /** Writes what was recorded; returns the files written. */
    async flush() {
      if (!options.updateGolden) return [];
      for (const [file, text] of pending) {
        refuseLinks(baseDir, path.dirname(file));
        await mkdir(path.dirname(file), { recursive: true });
        refuseLinks(baseDir, path.dirname(file));
        // The file itself may not be a link either.
        const handle = await openNoFollow(file).catch((error: NodeJS.ErrnoException) => {
          throw new McpactError(
            'config',
            `cannot write golden file ${path.relative(baseDir, file)}: ${error.code === 'ELOOP' ? 'it is a symbolic link' : (error.code ?? String(error))}`,
          );
        });
        try {
          await handle.writeFile(text);
        } finally {
          await handle.close();
        }
      }
      return [...pending.keys()];
    },
  };
}

/** The absolute path of a golden file, which must be inside the config file's folder. */
function inside(baseDir: string, file: string): string {
  const absolute = path.resolve(baseDir, file);
  const relative = path.relative(baseDir, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new McpactError('config', `golden file ${file} is outside the config file's folder (${baseDir}); give a path inside it`);
  }
  return absolute;
}

/** Throws when a folder between the config's folder and `dir` is a symbolic link. */
function refuseLinks(baseDir: string, dir: string): void {
  const link = linkOnTheWay(baseDir, dir);
  if (link !== undefined) throw new McpactError('config', `cannot write golden files under ${link}: it is a symbolic link`);
}
