import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { ANSWERED } from '../answered.js';
import { casesNamed, exercisedPrompts, quoteName, refusalPolicy, reportVerdicts } from './shared.js';

export const unknownArgument = defineRule({
  id: 'prompts/unknown-argument',
  family: 'prompts',
  needs: ['prompts'],
  description: "mcpact's policy: an undeclared argument, or a declared one in other letter case, is rejected (prompts.unknown_arguments).",
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PR9',
    basis: 'policy',
    policy:
      'An argument no prompt declares, or a declared one in other letter case, is refused with -32602 (prompts.unknown_arguments: reject). The specification does not ask for it: prompts/get takes any argument key, so a server that ignores it is lenient in a way the specification permits (info).',
    texts: since('2024-11-05', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/prompts#implementation-considerations',
      quote: 'Servers SHOULD validate prompt arguments before processing',
      note: 'Context only: the sentence does not say that an undeclared key is invalid, and GetPromptRequestParams.arguments is `{ [key: string]: string }`, which takes any key.',
    }),
  },
  alsoQuotes: { 'no proper answer': ANSWERED },
  docs:
    'Case `unknown-argument` adds a key no prompt declares (`mcpact_unknown_argument`); case ' +
    '`case-variant-argument` sends a declared argument under another letter case (`Code` for `code`). A server ' +
    'that silently accepts them masks client bugs: after an argument is renamed, old clients keep sending the old ' +
    "name, the server drops the value, and the model gets a generic prompt. That is why mcpact's default policy " +
    '(`prompts.unknown_arguments: reject`) is to refuse them with -32602. No sentence of the specification says so: ' +
    'prompts/get takes any argument key, so a server that ignores one is lenient in a way the specification permits, ' +
    'and the finding is info. A refusal with another code than -32602 is a warning; a crash, a hang or a response ' +
    'that is neither result nor error breaks JSON-RPC and cites it. Set `prompts.unknown_arguments: accept` if your ' +
    'server ignores unknown keys on purpose.',
  async check(context) {
    if (context.settings.prompts?.unknown_arguments === 'accept') return context.skip('prompts.unknown_arguments is accept');
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    reportVerdicts(
      context,
      casesNamed(exercised.prompts, 'unknown-argument', 'case-variant-argument'),
      (result) =>
        result.case === 'unknown-argument'
          ? `prompt called with undeclared argument "mcpact_unknown_argument" (case unknown-argument)`
          : `argument ${quoteName(result.argument ?? '')} sent as ${quoteName(result.variant ?? '')} (case case-variant-argument)`,
      undefined,
      refusalPolicy(),
    );
  },
});
