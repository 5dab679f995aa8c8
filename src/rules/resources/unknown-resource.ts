import { defineRule } from '../../engine/rule.js';
import { answerOf, unreachableEvidence, wordsOf } from '../../exercise/answers.js';
import { listedResources, sharedRead, unknownResourceUri } from '../../exercise/resources.js';
import { describeOutcome } from '../outcome.js';
import { levelLabel, since } from '../../model/spec.js';
import { isModern, quoteUri } from './shared.js';

/** The code the negotiated revision prescribes for a resource that does not exist. */
export function notFoundCode(protocolVersion: string | undefined): number {
  return isModern(protocolVersion) ? -32602 : -32002;
}

export const unknownResource = defineRule({
  id: 'resources/unknown-resource',
  family: 'resources',
  needs: ['resources', 'resourceTemplates'],
  description:
    'resources/read of a URI the server never listed gets the error its revision prescribes (-32002 up to 2025-11-25, -32602 from 2026-07-28), never a result.',
  defaultSeverity: 'warning',
  // A SHOULD up to 2025-11-25, a MUST from 2026-07-28: the severity follows the revision's keyword.
  severityFollowsRevision: true,
  spec: {
    checklist: 'R5',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'server/resources#error-handling',
        quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Resource not found: `-32002`',
      },
      {
        '2026-07-28': {
          keyword: 'MUST',
          quote: 'If the requested resource does not exist, servers MUST return a JSON-RPC error with code `-32602` (Invalid Params).',
          note: 'The same section: "Servers MUST NOT return an empty `contents` array for a non-existent resource."',
        },
      },
    ),
  },
  docs:
    "mcpact reads a URI that no listed resource has and no listed template covers (in the scheme of the server's " +
    'own resources, path `mcpact-no-such-resource`; never an http(s) URI). Up to 2025-11-25 the text asks for ' +
    '-32002 (a SHOULD); 2026-07-28 makes it -32602 (a MUST) and forbids an empty `contents` array. The expected ' +
    'code follows the negotiated protocolVersion. Empty contents, any other result, another code (-32603, -32601) ' +
    "or no answer is a finding, except an answer that shows the server's backend unreachable (see answer classes): " +
    'a server may have to ask its backend whether a URI exists, so that read is inconclusive. The SDKs answer -32602 on every revision (SDK 1.x McpServer, and SDK 2.x, which ' +
    'maps a thrown -32002 to -32602): on an older revision that finding is marked inherited. A server whose ' +
    'templates cover every URI (`{+uri}`) is skipped, and so is a -32601 on a server that lists no resource (with ' +
    'nothing listed to read, it cannot tell a wrong code from a missing method, which ' +
    'protocol/capability-implemented reports).',
  async check(context) {
    if (context.surface.capabilities.resources === undefined) return context.skip('the server does not declare resources');
    const uri = unknownResourceUri(context.surface);
    if (uri === undefined) return context.skip('every URI mcpact could make up is covered by a listed template');
    const read = await sharedRead(context, uri, { bad: `resources/read of ${quoteUri(uri)}, a URI no listing covers` });
    const { outcome } = read;
    const expected = notFoundCode(context.surface.protocolVersion);
    const what = `resources/read of ${quoteUri(uri)}, which the server never listed,`;
    const level = levelLabel(context.spec?.level ?? 'SHOULD');
    if (outcome.kind === 'error' && outcome.code === expected) return;
    if (outcome.kind === 'timeout') return context.inconclusive(`${what} got ${describeOutcome(outcome)}`);
    // A server may have to ask its backend whether a URI exists: when that backend is unreachable, the code it would
    // answer for a missing resource cannot be known, so the offline answer is no verdict (answer classes).
    const unreachable = unreachableEvidence(outcome);
    if (unreachable !== undefined) return context.inconclusive(`${what} found the server's backend unreachable (${unreachable})`);
    // resources/read not implemented at all is one cause: resources/readable reports it on the listed resources.
    const first = listedResources(context.surface)[0];
    // With nothing listed to read, -32601 cannot tell a wrong code from a method not implemented at all, which
    // protocol/capability-implemented reports on the declared capability.
    if (outcome.kind === 'error' && outcome.code === -32601 && first === undefined)
      return context.skip(
        'resources/read answers -32601 and the server lists no resource to tell a wrong code from a missing method (protocol/capability-implemented reports a declared capability without its methods)',
      );
    if (outcome.kind === 'error' && outcome.code === -32601 && first !== undefined) {
      const listed = await sharedRead(context, first.uri);
      if (listed.outcome.kind === 'error' && listed.outcome.code === -32601)
        return context.skip('resources/read answers -32601 even for listed resources (resources/readable reports it)');
    }
    const data = { uri, expected, outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code, said: wordsOf(outcome) }) };
    if (outcome.kind === 'result') {
      const empty = read.contents !== undefined && read.contents.length === 0;
      context.report({
        message: empty
          ? `${what} answered with empty contents; a resource that does not exist ${level} get JSON-RPC error ${expected}`
          : `${what} answered with a result; a resource that does not exist ${level} get JSON-RPC error ${expected}`,
        location: { kind: 'server' },
        answer: answerOf(outcome),
        data: { ...data, empty },
      });
      return;
    }
    context.report({
      message: `${what} got ${describeOutcome(outcome)}; expected JSON-RPC error ${expected} (${level} in the negotiated revision)`,
      location: { kind: 'server' },
      answer: answerOf(outcome),
      data,
    });
  },
});
