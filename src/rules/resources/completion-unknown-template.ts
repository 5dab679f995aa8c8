import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { answerOf } from '../../exercise/answers.js';
import { UNKNOWN_TEMPLATE } from '../../exercise/injected.js';
import { listedTemplates } from '../../exercise/resources.js';
import { describeOutcome } from '../outcome.js';

/** A template no server lists. */
export { UNKNOWN_TEMPLATE };

export const completionUnknownTemplate = defineRule({
  id: 'resources/completion-unknown-template',
  family: 'resources',
  needs: ['resourceTemplates'],
  description: 'completion/complete with ref/resource to a template the server does not list gets -32602.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'completion/complete for a resource template the server does not list is refused with -32602, as the text asks for a prompt that does not exist. The text names prompts only.',
    checklist: 'C3',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/utilities/completion#requesting-completions',
        quote: 'To get completion suggestions, clients send a `completion/complete` request specifying what is being completed through a reference type:',
        note: 'This revision lists no error codes for completion/complete.',
      },
      {
        '2025-03-26': {
          section: 'server/utilities/completion#error-handling',
          quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid prompt name: `-32602` (Invalid params)',
          note: 'The list names prompts only; a ref/resource to a template that does not exist is the same failure, so mcpact expects the same code as a best practice.',
        },
      },
    ),
  },
  docs:
    'Asked to complete variable `mcpact` of `mcpact-no-such-template://{mcpact}`, a server that declares ' +
    '`completions` should refuse with -32602, as it does for a prompt that does not exist. Suggestions for a ' +
    'template that does not exist, or -32603, mislead clients. Runs only on servers that list templates (a server ' +
    "with prompts only is prompts/completion-unknown-prompt's).",
  async check(context) {
    if (context.surface.capabilities.completions === undefined) return context.skip('the server does not declare completions');
    if (listedTemplates(context.surface).length === 0) return context.skip('the server lists no resource templates');
    const outcome = await context.probe.request(
      'completion/complete',
      { ref: { type: 'ref/resource', uri: UNKNOWN_TEMPLATE }, argument: { name: 'mcpact', value: '' } },
      { bad: 'completion/complete for a template that does not exist' },
    );
    if (outcome.kind === 'error' && outcome.code === -32602) return;
    if (outcome.kind === 'timeout') return context.inconclusive(`completion/complete for a template that does not exist got ${describeOutcome(outcome)}`);
    context.report({
      message: `completion/complete for a resource template that does not exist got ${describeOutcome(outcome)}; expected JSON-RPC error -32602`,
      location: { kind: 'server' },
      answer: answerOf(outcome),
      data: { outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code }), expected: -32602 },
    });
  },
});
