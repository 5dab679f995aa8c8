/**
 * Recognising the SDK a server is built on, once per server, from answers the run asks for anyway, and marking
 * the findings that SDK is known to produce (engine/signatures.ts). Nothing here sends a request of its own: the
 * evidence is the tools family's malformed and unknown-tool calls (shared through the run cache), so a run that
 * does not make them (`--skip tools`, the rules turned off, a server without tools) recognises nothing and marks
 * nothing.
 */
import type { Outcome } from '../connect/rpc.js';
import { callOutcome, MALFORMED_ARGUMENTS_STRING, MALFORMED_NO_NAME, toolPlan } from '../exercise/tools.js';
import type { ExerciseContext } from '../exercise/context.js';
import type { InheritedMark } from '../model/report.js';
import { SDKS, SIGNATURES, TRAITS, type EvidenceProbe, type SdkId, type Shown, type TraitId } from './signatures.js';

/** Which rule asks for which evidence: the fingerprint waits only for answers a running rule asked for. */
export const EVIDENCE_RULES: Record<EvidenceProbe, string> = {
  'malformed-arguments-string': 'tools/malformed-call',
  'malformed-no-name': 'tools/malformed-call',
  'unknown-tool': 'tools/unknown-tool',
  initialize: 'tools/unknown-tool',
  'tools-list': 'tools/unknown-tool',
};

/** The identities a server has, from its answers to the evidence probes. */
export function recognise(answers: Partial<Record<EvidenceProbe, Outcome>>, unknownName: string): Set<SdkId> {
  const traits = new Set<TraitId>();
  for (const [id, trait] of Object.entries(TRAITS) as [TraitId, (typeof TRAITS)[TraitId]][]) {
    const answer = answers[trait.probe];
    if (answer !== undefined && trait.test(answer, unknownName)) traits.add(id);
  }
  const sdks = new Set<SdkId>();
  for (const [id, sdk] of Object.entries(SDKS) as [SdkId, (typeof SDKS)[SdkId]][]) {
    if (sdk.requires.every((trait) => traits.has(trait))) sdks.add(id);
  }
  return sdks;
}

/**
 * The answers to the evidence probes, when the rules that make them run on this server: the same requests, through
 * the same cache, so they are sent once.
 */
export async function fingerprint(context: ExerciseContext, running: ReadonlySet<string>): Promise<Set<SdkId>> {
  if (context.surface.capabilities.tools === undefined) return new Set();
  const plan = toolPlan(context);
  const calls: Record<Exclude<EvidenceProbe, 'initialize' | 'tools-list'>, (typeof plan)['unknown'] | undefined> = {
    'malformed-arguments-string': [...plan.malformed, ...plan.evidence].find((call) => call.key === MALFORMED_ARGUMENTS_STRING),
    'malformed-no-name': plan.malformed.find((call) => call.key === MALFORMED_NO_NAME),
    'unknown-tool': plan.unknown,
  };
  // The initialize result and the tools listed are evidence only beside the unknown-tool answer (fastmcp, FastMCP 1.x),
  // so they follow that rule; both were captured with the surface, so nothing is sent for them.
  const answers: Partial<Record<EvidenceProbe, Outcome>> = {
    initialize: { kind: 'result', result: { capabilities: context.surface.capabilities }, ms: 0 },
    'tools-list': { kind: 'result', result: { tools: context.surface.lists.tools.items }, ms: 0 },
  };
  await Promise.all(
    (Object.keys(calls) as (keyof typeof calls)[]).map(async (probe) => {
      const call = calls[probe];
      if (call !== undefined && running.has(EVIDENCE_RULES[probe])) answers[probe] = await callOutcome(context, call);
    }),
  );
  return recognise(answers, plan.unknownName);
}

/** The mark of a finding of `ruleId`, when a signature of one of the server's identities matches what it showed. */
export function inheritedMark(ruleId: string, shown: Shown, sdks: ReadonlySet<SdkId>): InheritedMark | undefined {
  if (sdks.size === 0) return undefined;
  for (const [id, signature] of Object.entries(SIGNATURES)) {
    if (signature.ruleId !== ruleId) continue;
    const sdk = signature.sdks.find((candidate) => sdks.has(candidate));
    if (sdk === undefined || !signature.match(shown)) continue;
    const mark: InheritedMark = { sdk: SDKS[sdk].name, versions: SDKS[sdk].versions, signature: id };
    if ('reference' in signature && signature.reference !== undefined) mark.reference = signature.reference;
    return mark;
  }
  return undefined;
}
