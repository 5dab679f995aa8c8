/**
 * The manifest of an SDK twin (fixtures/sdks/<sdk>/twin.json, fixtures/sdks/README.md) and the index of built
 * twins that scripts/sdk-twins.ts writes for test/sdks/twins.test.ts. Shared by the two, so they read one format.
 */
import { readFileSync } from 'node:fs';

export const SDK_TWINS_DIR = 'fixtures/sdks';
export const TWIN_CACHE_DIR = '.cache/sdk-twins';
export const TWIN_INDEX = `${TWIN_CACHE_DIR}/index.json`;

export type Era = 'legacy' | 'modern';

/** A finding the correct twin gets from its SDK (never an error), stated so the test notices when it changes. */
export interface KnownFinding {
  rule: string;
  severity: 'warning' | 'info';
  /** Whether mcpact marks it inherited (a signature row of this SDK). */
  inherited: boolean;
  why: string;
}

export interface TwinManifest {
  sdk: string;
  package: string;
  version: string;
  /** The command the build needs; without it the twin is skipped. */
  toolchain: string;
  /** Commands run in the twin's directory; `{out}` is its build directory, `{dir}` its own, `{root}` the repository. */
  build: string[][];
  start: string[];
  http: boolean;
  eras: Era[];
  known?: KnownFinding[];
  /** Where the twin's code is, when not in its directory (the TypeScript twins, built with mcpact). */
  source?: string;
}

export interface BuiltTwin {
  out: string;
  start: string[];
  http: boolean;
  eras: Era[];
  status: 'built' | 'skipped';
  reason?: string;
  /** How long the build took (0 when cached). */
  ms?: number;
}

export type TwinIndex = Record<string, BuiltTwin>;

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A twin.json, checked: a manifest with a wrong field is the twin author's mistake, named here. */
export function readTwinManifest(file: string): TwinManifest {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<TwinManifest>;
  const problems = [
    ...(['sdk', 'package', 'version', 'toolchain'] as const).filter((key) => typeof manifest[key] !== 'string').map((key) => `${key} is not a string`),
    ...(Array.isArray(manifest.build) && manifest.build.every(isStrings) ? [] : ['build is not a list of commands']),
    ...(isStrings(manifest.start) && manifest.start.length > 0 ? [] : ['start is not a command']),
    ...(typeof manifest.http === 'boolean' ? [] : ['http is not true or false']),
    ...(Array.isArray(manifest.eras) && manifest.eras.length > 0 && manifest.eras.every((era) => era === 'legacy' || era === 'modern')
      ? []
      : ['eras is not a list of legacy, modern']),
  ];
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  return manifest as TwinManifest;
}
