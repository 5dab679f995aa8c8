/**
 * Inherited behaviour: what an SDK or framework does on the wire whatever its user writes. Three tables, all data,
 * one file per language under engine/signatures/ and joined here.
 *
 * TRAITS are exact answers to requests the run makes anyway (a tools/call whose `arguments` is a string, a call
 * of an unknown tool) and the capabilities the server declared: the whole error message and code, character for
 * character. SDKS say which traits together identify an SDK (and which of its APIs), with the versions observed to
 * answer so. SIGNATURES are the findings that SDK is known to produce: a rule id, an exact matcher on what the wire
 * showed for that finding, and the SDK identities it holds for. A finding is inherited only when the server was
 * identified from its own answers and the finding matches a row of that identity: a server that answers with the
 * same code in other words, or with the same words to one probe only, is not marked.
 *
 * Every row is pinned by a test against the real SDK server: the npm servers of test/engine/signatures.test.ts, and
 * the SDK twins (fixtures/sdks/<sdk>/twin.json `known`, test/sdks/twins.test.ts). docs/sdks.md lists them by SDK.
 */
import { GO_SDKS, GO_SIGNATURES, GO_TRAITS } from './signatures/go.js';
import { JAVA_SDKS, JAVA_SIGNATURES, JAVA_TRAITS } from './signatures/java.js';
import { PYTHON_SDKS, PYTHON_SIGNATURES, PYTHON_TRAITS } from './signatures/python.js';
import { RUST_SDKS, RUST_SIGNATURES, RUST_TRAITS } from './signatures/rust.js';
import { TS_SDKS, TS_SIGNATURES, TS_TRAITS } from './signatures/typescript.js';
import type { Sdk, Signature, Trait } from './signatures/wire.js';

export { zodDump } from './signatures/typescript.js';
export type { EvidenceProbe, PromptRender, Shown, Signature, Trait } from './signatures/wire.js';

export const TRAITS = { ...TS_TRAITS, ...PYTHON_TRAITS, ...GO_TRAITS, ...RUST_TRAITS, ...JAVA_TRAITS } as const satisfies Record<string, Trait>;

export type TraitId = keyof typeof TRAITS;

/** Most specific first within each SDK: a mark names the first identity of its row that the server has. */
export const SDKS = { ...TS_SDKS, ...PYTHON_SDKS, ...GO_SDKS, ...RUST_SDKS, ...JAVA_SDKS } as const satisfies Record<string, Sdk<TraitId>>;

export type SdkId = keyof typeof SDKS;

export const SIGNATURES = {
  ...TS_SIGNATURES,
  ...PYTHON_SIGNATURES,
  ...GO_SIGNATURES,
  ...RUST_SIGNATURES,
  ...JAVA_SIGNATURES,
} as const satisfies Record<string, Signature<SdkId>>;

export type SignatureId = keyof typeof SIGNATURES;
