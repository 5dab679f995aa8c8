import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { ANSWERED } from '../answered.js';
import { casesNamed, exercisedPrompts, quoteName, refusalPolicy, reportVerdicts } from './shared.js';

export const emptyRequired = defineRule({
  id: 'prompts/empty-required',
  family: 'prompts',
  needs: ['prompts'],
  description: "mcpact's policy: an empty or blank value for a required argument is rejected with -32602 (prompts.empty_required).",
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PR9',
    basis: 'policy',
    policy:
      'A required argument sent empty or as white space is refused with -32602 (prompts.empty_required: reject). The specification does not ask for it: prompts/get takes any string, so a server that renders it is lenient in a way the specification permits (info).',
    texts: since('2024-11-05', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/prompts#implementation-considerations',
      quote: 'Servers SHOULD validate prompt arguments before processing',
      note: 'Context only: the sentence does not say what a valid value is, and GetPromptRequestParams.arguments is `{ [key: string]: string }`, so "" is a value.',
    }),
  },
  alsoQuotes: { 'no proper answer': ANSWERED },
  docs:
    'Cases `empty-required` ("") and `whitespace-required` (spaces and a tab) fill each required argument with ' +
    "nothing. An empty required value usually renders a prompt with nothing where the user's input belongs, so " +
    'mcpact\'s policy is to refuse it with -32602. No sentence of the specification says so: "" is a string, and ' +
    'prompts/get takes any string, so a server that renders it is lenient in a way the specification permits and the ' +
    'finding is info. A refusal with another code than -32602 is a warning (the code is the policy too); a crash, a ' +
    'hang or a response that is neither result nor error breaks JSON-RPC and cites it. Some servers accept empty ' +
    'text on purpose: set `prompts.empty_required: accept` to turn this check off for a server.',
  async check(context) {
    if (context.settings.prompts?.empty_required === 'accept') return context.skip('prompts.empty_required is accept');
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    reportVerdicts(
      context,
      casesNamed(exercised.prompts, 'empty-required', 'whitespace-required'),
      (result) =>
        `required argument ${quoteName(result.argument ?? '')} sent ${result.case === 'empty-required' ? 'empty' : 'as whitespace'} (case ${result.case})`,
      undefined,
      refusalPolicy(),
    );
  },
});
