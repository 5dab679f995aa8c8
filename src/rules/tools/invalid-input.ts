import { defineRule } from '../../engine/rule.js';
import { levelLabel, revisionAtLeast, since, type RuleSpec } from '../../model/spec.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { callData, describeSkipped, optInHint, judgedInvalidCalls, toolLocation, toolPlan, unreachableReason } from '../../exercise/tools.js';
import { validInput } from './valid-input.js';
import { answerOf, isErrorResult, wordsOf } from '../../exercise/answers.js';
import type { Outcome } from '../../connect/rpc.js';
import type { Report } from '../../engine/rule.js';
import type { PlannedCall } from '../../exercise/tools.js';

export const invalidInput = defineRule({
  id: 'tools/invalid-input',
  family: 'tools',
  needs: ['tools'],
  description: "Input that the tool's inputSchema rejects is validated: it never reaches the tool's logic (a success, a TypeError, a failed backend call).",
  defaultSeverity: 'error',
  spec: {
    checklist: 'T7',
    texts: since('2024-11-05', {
      keyword: 'MUST',
      binds: 'server',
      section: 'server/tools#security-considerations',
      quote: 'Servers MUST: Validate all tool inputs',
    }),
  },
  docs:
    'Servers MUST validate all tool inputs. mcpact generates inputs from each inputSchema (fast-check, a fixed ' +
    'seed per tool, so a failure prints the exact arguments and reproduces): each required property missing, each ' +
    'property with a wrong type, a value outside an enum, a bound violated (minLength, maximum, minItems, ...), and ' +
    'an undeclared property when `additionalProperties` is false. Ajv confirms that the schema itself rejects each ' +
    'one. Each answer is classified first (see [answer classes](#answer-classes)). This rule fails on the class ' +
    '*not validated* only: a success, or a failure from deeper down (a runtime error in the words of JavaScript, ' +
    "Python, Go, Java, Rust or .NET, a command that failed on the input, a backend's HTTP error, a missing file " +
    'named after the value sent). A success to the undeclared property alone is not that: a validator that drops ' +
    "unknown keys (zod's and pydantic's default) answers so too, and the tool ran on checked input; mcpact's policy " +
    'reports it as a warning (basis `policy`): refuse what the schema refuses, or drop `additionalProperties: false`. ' +
    'Likewise a value of the wrong type that went on as valid input (a success, or the backend or the file system ' +
    'reached with it) is not that when, converted as a coercing validator converts it (a number sent for a string ' +
    "to its text, by zod's `z.coerce.string()` or Ajv's `coerceTypes`; a string sent for a boolean to true, by zod's " +
    '`z.coerce.boolean()`), it is input the schema accepts: such a validator checks it so; that leniency is ' +
    'information (basis `policy`). ' +
    'A runtime error on it (`.trim is not a function`) still shows that nothing checked it. ' +
    'A rejection with the wrong code or layer did validate: that is ' +
    'tools/invalid-input-code, a warning. An unreachable backend (DNS, refused connection, TLS, `fetch failed`, a ' +
    'timeout inside the server, missing credentials) makes the probe inconclusive, never a finding, unless its ' +
    'error names the value sent, the same tool answered other calls without that backend, or the tool refused none ' +
    'of its invalid input and sent every call out over the network, at least two of them inputs no validator lets ' +
    'through (see answer classes: a server may call its backend before it validates). No answer or a ' +
    'crash is reported by tools/call-answered. Which tools receive these probes is the safe-call policy ' +
    "(docs/tools.md): by default every tool with a required property; the rule's note lists the tools that got " +
    'none and why.',
  async check(context) {
    const { surface, settings, cache, spec, report, skip, note, inconclusive } = context;
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    if (plan.invalidSkipped.length > 0) note(`no invalid-input probe${optInHint(plan.invalidSkipped)} for: ${describeSkipped(plan.invalidSkipped)}`);
    if (plan.invalid.length === 0)
      return skip(
        plan.policy.tools.length === 0
          ? 'the server has no tools'
          : `no tool may receive invalid input under the safe-call policy: ${describeSkipped(plan.invalidSkipped)}`,
      );
    const { revision, level } = spec!;
    const expected = revisionAtLeast(revision, '2025-11-25')
      ? 'a result with isError: true (SEP-1303) or JSON-RPC -32602'
      : 'JSON-RPC -32602 or a result with isError: true';
    const judged = await judgedInvalidCalls(context, { compareValid: context.running.has(validInput.id) });
    const unjudged: string[] = [];
    for (const { call, outcome, classified } of judged) {
      if (classified.class === 'no-answer') unjudged.push(call.tool ?? '');
      if (classified.class !== 'not-validated') continue;
      if (call.variant?.kind === 'additional-property' && isSuccess(outcome)) {
        report(undeclaredAccepted(call, outcome, surface.protocolVersion));
        continue;
      }
      if (call.variant?.coercible === true && classified.wentOn === true) {
        report(coercedAccepted(call, outcome, classified.evidence, surface.protocolVersion));
        continue;
      }
      const got = isSuccess(outcome)
        ? classified.evidence
        : `${outcome.kind === 'error' ? describeOutcome(outcome) : 'its isError result'} shows ${classified.evidence}`;
      report({
        message: `${quote(call.tool, 60)} with ${call.what} was not validated: ${got}; expected ${expected} (revision ${revision}, ${levelLabel(level)} validate inputs)`,
        location: toolLocation(call.tool),
        answer: answerOf(outcome, classified),
        data: {
          ...callData(call),
          negotiated: surface.protocolVersion ?? null,
          level,
          outcome: outcome.kind,
          ...(outcome.kind === 'error' && { code: outcome.code }),
          said: wordsOf(outcome),
        },
        // The missing check is the cause, whatever each bad value drew from the code behind it: two runtime errors
        // ("reading 'replace'", "replace is not a function") and a success to a wrong type are one finding, which
        // lists each case (@itseasy21/mcp-knowledge-graph 1.0.7, round G: one server that checks no input at all).
        cause: 'input not validated',
      });
    }
    const unreachable = unreachableReason(judged, 'invalid-input probe(s)');
    if (unreachable) inconclusive(unreachable);
    if (unjudged.length > 0) {
      // A hang or a crash is tools/call-answered's finding; here it only means no verdict for those tools.
      inconclusive(
        `no answer to judge for invalid input to ${[...new Set(unjudged)]
          .slice(0, 10)
          .map((name) => quote(name, 60))
          .join(', ')} (see tools/call-answered)`,
      );
    }
  },
});

/**
 * What a success to an undeclared property rests on. The tool's own schema says the key is invalid
 * (`additionalProperties: false`), but a success shows no more than that the tool ran as on valid input: an SDK's
 * object validation (zod, pydantic) drops unknown keys by default, so the input that reached the tool's logic was
 * checked. That is not the MUST to validate; it is the server accepting what its published schema refuses, which
 * mcpact's policy reports as a warning.
 */
const UNDECLARED_ACCEPTED: RuleSpec = {
  ...(invalidInput.spec as RuleSpec),
  basis: 'policy',
  policy:
    'A tool refuses an undeclared property when its inputSchema says `additionalProperties: false`, so that the schema it publishes is the input it takes. The specification does not say so: a server whose validator drops the key did validate the input its tool received.',
};

function undeclaredAccepted(call: PlannedCall, outcome: Outcome, negotiated: string | undefined): Report {
  return {
    message: `${quote(call.tool, 60)} with ${call.what} was accepted: it was answered like a valid call (a success), so the key was most likely dropped; expected a refusal, as its inputSchema declares`,
    location: toolLocation(call.tool),
    spec: UNDECLARED_ACCEPTED,
    data: { ...callData(call), negotiated: negotiated ?? null, outcome: outcome.kind, said: wordsOf(outcome) },
    cause: 'undeclared property accepted',
  };
}

/**
 * What a value of the wrong type rests on when it went on as valid input and, converted as a coercing validator
 * converts it (exercise/inputs.ts `coercible`), is input the schema accepts: such a validator serves it so, and a
 * server that checked its input leniently is one the specification permits. Information, on mcpact's policy.
 */
const COERCED_ACCEPTED: RuleSpec = {
  ...(invalidInput.spec as RuleSpec),
  basis: 'policy',
  policy:
    'A tool refuses a value of a type its inputSchema does not allow. The specification does not say so: a validator that converts a value (a number sent for a string into its text, a string sent for a boolean into true) and then checks it did validate the input its tool received.',
};

function coercedAccepted(call: PlannedCall, outcome: Outcome, evidence: string, negotiated: string | undefined): Report {
  return {
    message: `${quote(call.tool, 60)} with ${call.what} went on as valid input: converted as a coercing validator converts it (a number to its text, a string to true), it is input its inputSchema accepts, and such a validator (zod's z.coerce, Ajv's coerceTypes) serves it so; lenient, not unvalidated`,
    location: toolLocation(call.tool),
    spec: COERCED_ACCEPTED,
    lenient: true,
    data: { ...callData(call), negotiated: negotiated ?? null, outcome: outcome.kind, said: wordsOf(outcome), wentOn: evidence },
    cause: 'wrong type accepted as coerced',
  };
}

function isSuccess(outcome: Outcome): boolean {
  return outcome.kind === 'result' && !isErrorResult(outcome.result);
}
