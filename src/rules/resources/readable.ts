import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { resourceLimits } from '../../config/resources.js';
import { answerOf } from '../../exercise/answers.js';
import { describeOutcome } from '../outcome.js';
import { capNote, familyReads, NOT_FOUND_CODES, quoteUri, standing } from './shared.js';

export const readable = defineRule({
  id: 'resources/readable',
  family: 'resources',
  needs: ['resources'],
  description: 'Every listed resource (up to resources.max_reads) can be read: resources/read answers with its contents.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'R2',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/resources#reading-resources',
        quote: 'To retrieve resource contents, clients send a `resources/read` request:',
        note: 'A listed resource is one a client is told it can read; the text sets no level for a read that fails, so this is a best practice.',
      },
      { '2026-07-28': { quote: 'To retrieve resource contents, clients send a `resources/read` request.' } },
    ),
  },
  docs:
    'mcpact reads each listed resource once (`resources/read` is side-effect free by the spec), up to ' +
    '`resources.max_reads` (default 20; the rest are named in the note). A listed resource that answers with an ' +
    'error, -32002 or -32602 above all (the server says it does not exist), or with a response that is neither ' +
    "result nor error, is a finding on the resource. A read whose answer shows that the server's own backend was " +
    'unreachable, or that got no answer, is inconclusive. The shape of what comes back is resources/contents-shape.',
  async check(context) {
    if (context.surface.capabilities.resources === undefined) return context.skip('the server does not declare resources');
    const { reads, left } = await familyReads(context);
    const listed = reads.filter((entry) => entry.origin === 'listed');
    if (listed.length === 0) return context.skip('the server lists no resources');
    const note = capNote({ listed: left.listed, ui: 0 }, resourceLimits(context.settings.resources).maxReads);
    if (note !== undefined) context.note(note);
    const undecided: string[] = [];
    for (const entry of listed) {
      const stand = standing(entry.read);
      if (stand.kind === 'undecided') {
        undecided.push(stand.why);
        continue;
      }
      if (stand.kind === 'result') continue;
      const outcome = stand.outcome;
      const notFound = outcome.kind === 'error' && NOT_FOUND_CODES.includes(outcome.code);
      context.report({
        message: notFound
          ? `listed resource ${quoteUri(entry.uri)} cannot be read: ${describeOutcome(outcome)}, the server says it does not exist`
          : `listed resource ${quoteUri(entry.uri)} cannot be read: ${describeOutcome(outcome)}`,
        location: entry.location,
        answer: answerOf(outcome),
        data: { uri: entry.uri, outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code }) },
      });
    }
    if (undecided.length > 0) context.inconclusive(`${undecided.length} listed resources not judged: ${undecided.slice(0, 3).join('; ')}`);
  },
});
