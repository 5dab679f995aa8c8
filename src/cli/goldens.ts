/**
 * Golden files for prompt expectations, on disk. Paths are relative to the config file's folder. Reads happen
 * when a rule asks; writes are collected and written only after the run, and only with --update-golden.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunRuntime } from '../engine/runtime.js';
import { McpactError } from '../errors.js';

export function diskRuntime(baseDir: string, options: { showValues: boolean; updateGolden: boolean }): RunRuntime & { flush(): Promise<string[]> } {
  const pending = new Map<string, string>();
  const resolve = (file: string) => path.resolve(baseDir, file);
  return {
    ...options,
    goldens: {
      read(file) {
        try {
          return readFileSync(resolve(file), 'utf8');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw new McpactError('config', `cannot read golden file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
        }
      },
      write(file, text) {
        pending.set(resolve(file), text);
      },
    },
    /** Writes what was recorded; returns the files written. */
    async flush() {
      if (!options.updateGolden) return [];
      for (const [file, text] of pending) {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, text);
      }
      return [...pending.keys()];
    },
  };
}
