/**
 * What a run hands to rules beyond the contract and the Probe: the user's opt-ins, and golden files. Rules never
 * touch the file system; the CLI reads golden files on request and writes them after the run (--update-golden).
 */
import { nameRecord, ownValue } from '../util/json.js';

export interface GoldenStore {
  /** The file's text, or undefined when it does not exist. Paths are relative to the config file. */
  read(file: string): string | undefined;
  /** Records new content; the CLI writes it after the run, and only with --update-golden. */
  write(file: string, text: string): void;
  /** What a file stores for a text (the config's secrets replaced); both writing and comparing use it. */
  stored?(text: string): string;
}

export interface RunRuntime {
  /** --show-values: reports may contain argument values and rendered text. */
  showValues: boolean;
  /** --update-golden: write golden files instead of comparing with them. */
  updateGolden: boolean;
  goldens: GoldenStore;
}

/** No golden files, no opt-ins: the default for zero-config runs and tests. */
export function memoryRuntime(
  files: Record<string, string> = {},
  options: Partial<Omit<RunRuntime, 'goldens'>> = {},
): RunRuntime & { written: Record<string, string> } {
  const written = nameRecord<string>();
  return {
    showValues: options.showValues ?? false,
    updateGolden: options.updateGolden ?? false,
    goldens: { read: (file) => written[file] ?? ownValue(files, file), write: (file, text) => (written[file] = text) },
    written,
  };
}
