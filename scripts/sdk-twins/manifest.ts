/**
 * The manifest of an SDK twin (fixtures/sdks/<sdk>/twin.json, fixtures/sdks/README.md) and the index of built
 * twins that scripts/sdk-twins.ts writes for test/sdks/twins.test.ts. Shared by the two, so they read one format.
 */
import { readFileSync } from 'node:fs';

export const SDK_TWINS_DIR = 'fixtures/sdks';
export const TWIN_CACHE_DIR = '.cache/sdk-twins';
export const TWIN_INDEX = `${TWIN_CACHE_DIR}/index.json`;

export type Era = 'legacy' | 'modern';

/**
 * A finding the correct twin gets over stdio (never an error): every warning, and every finding marked inherited,
 * stated so the test notices when mcpact's verdict on the SDK changes.
 */
export interface KnownFinding {
  rule: string;
  severity: 'warning' | 'info';
  /** The signature that marks it inherited (engine/signatures.ts); absent when mcpact does not mark it. */
  signature?: string;
  why: string;
}

/**
 * A defect of the contract the SDK does not let the twin have (it validates, or refuses to start), and what happens
 * instead, each part checked by test/sdks/twins.test.ts.
 */
export interface Refusal {
  /** Why, with the SDK source that does it. */
  why: string;
  /** The twin exits with this status before serving, when started with this defect alone. */
  exits?: number;
  /** The rule that reports it instead (or still: the contract's rule reading the SDK's refusal). */
  rule?: string;
  /** The whole text of the answer the SDK sends instead (a content block's text, or an error's message). */
  answer?: string;
}

/** The runs of a correct twin besides stdio in its default era. */
export const OTHER_RUNS = ['legacy', 'http', 'http-legacy'] as const;
export type OtherRun = (typeof OTHER_RUNS)[number];

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
  /** The SDK identities (engine/signatures.ts SDKS) the twin's inherited findings name, when it has any. */
  identities?: string[];
  known?: KnownFinding[];
  /**
   * Signatures that must mark a finding in the other runs of the correct twin (those only check that no error is
   * left): its behaviours seen only in the legacy era (`legacy`) or over Streamable HTTP (`http`, `http-legacy`).
   */
  alsoInherited?: Partial<Record<OtherRun, string[]>>;
  /** The defects of contract.json this SDK makes impossible, by name. */
  sdkRefuses?: Record<string, Refusal>;
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
    ...(manifest.identities === undefined || isStrings(manifest.identities) ? [] : ['identities is not a list of strings']),
    ...(manifest.known ?? []).flatMap((known, index) => knownProblems(known, `known[${index}]`)),
    ...Object.entries(manifest.alsoInherited ?? {}).flatMap(([run, signatures]) => [
      ...((OTHER_RUNS as readonly string[]).includes(run) ? [] : [`alsoInherited.${run} is not one of ${OTHER_RUNS.join(', ')}`]),
      ...(isStrings(signatures) ? [] : [`alsoInherited.${run} is not a list of signatures`]),
    ]),
    ...Object.entries(manifest.sdkRefuses ?? {}).flatMap(([defect, refusal]) => refusalProblems(refusal, `sdkRefuses.${defect}`)),
  ];
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  return manifest as TwinManifest;
}

function knownProblems(known: Partial<KnownFinding>, where: string): string[] {
  return [
    ...(typeof known.rule === 'string' ? [] : [`${where}.rule is not a string`]),
    ...(known.severity === 'warning' || known.severity === 'info' ? [] : [`${where}.severity is not warning or info`]),
    ...(known.signature === undefined || typeof known.signature === 'string' ? [] : [`${where}.signature is not a string`]),
    ...(typeof known.why === 'string' ? [] : [`${where}.why is not a string`]),
    ...Object.keys(known)
      .filter((key) => !['rule', 'severity', 'signature', 'why'].includes(key))
      .map((key) => `${where}.${key} is not a field of a known finding`),
  ];
}

function refusalProblems(refusal: Partial<Refusal>, where: string): string[] {
  return [
    ...(typeof refusal.why === 'string' ? [] : [`${where}.why is not a string`]),
    ...(refusal.exits === undefined || Number.isInteger(refusal.exits) ? [] : [`${where}.exits is not an exit status`]),
    ...(refusal.rule === undefined || typeof refusal.rule === 'string' ? [] : [`${where}.rule is not a string`]),
    ...(refusal.answer === undefined || typeof refusal.answer === 'string' ? [] : [`${where}.answer is not a string`]),
    ...(refusal.exits === undefined && refusal.rule === undefined && refusal.answer === undefined ? [`${where} says neither exits, rule nor answer`] : []),
  ];
}
