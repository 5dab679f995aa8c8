import { defineRule } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { exercisePrompts } from '../../exercise/prompts/exercise.js';
import { casesNamed, exercisedPrompts, quoteName, reportVerdicts } from './shared.js';

/** "Invalid prompt name: -32602": what a prompt that does not exist gets. */
const INVALID_NAME = {
  checklist: 'PR6',
  texts: since('2024-11-05', {
    keyword: 'SHOULD',
    binds: 'server',
    section: 'server/prompts#error-handling',
    quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid prompt name: `-32602` (Invalid params)',
  }),
} satisfies RuleSpec;

/**
 * That a listed name in other letter case is an invalid name is mcpact's policy: the text does not say that prompt
 * names are case-sensitive, so a server that resolves one is lenient in a way it permits.
 */
const EXACT_NAME: RuleSpec = {
  ...INVALID_NAME,
  basis: 'policy',
  policy:
    'A listed prompt name in other letter case is refused with -32602, as a prompt that does not exist, so that every client agrees which prompts exist. The specification does not say that prompt names are case-sensitive: a server that resolves one is lenient in a way it permits (info).',
};

export const unknownPrompt = defineRule({
  id: 'prompts/unknown-prompt',
  family: 'prompts',
  needs: ['prompts'],
  description: 'prompts/get for a prompt that does not exist, or a listed name in other letter case, gets -32602.',
  defaultSeverity: 'warning',
  spec: INVALID_NAME,
  alsoQuotes: { 'names in other letter case': EXACT_NAME },
  docs:
    'Case `unknown-prompt` asks for `mcpact-no-such-prompt`; case `case-variant-prompt` asks for a listed prompt ' +
    'with its first letter in the other case. A prompt that does not exist should be rejected with -32602 (a SHOULD); ' +
    'a server that declares prompts and lists none is asked too. ' +
    "That a name in other letter case is one that does not exist is mcpact's policy: matching names " +
    'case-insensitively makes two clients disagree about which prompts exist, but the text does not say names are ' +
    'case-sensitive, so a server that renders it is lenient in a way the text permits (info). Refusing it with ' +
    'another code than -32602 is a warning on the SHOULD. Both cases are filed, as two causes when the server ' +
    'answers them differently; when it refuses both with the same code and the same words (one "Prompt not found" ' +
    'for every name it does not know), that is one cause: one finding at the server, its cases in `data.cases`, ' +
    "since a name in other letter case reaches the server's lookup of names, not the prompt it was made from.",
  async check(context) {
    // A server that declares prompts and lists none still answers for a prompt that does not exist: the one case
    // that needs no prompt of its own is judged alone (the other rules have nothing to exercise).
    const { prompts } = context.surface.lists;
    if (prompts.status === 'ok' && prompts.items.length === 0) {
      const server = (await exercisePrompts(context)).server.filter((result) => result.case === 'unknown-prompt');
      return reportVerdicts(context, server, () => 'prompts/get for a prompt that does not exist (case unknown-prompt)');
    }
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    const results = [
      ...exercised.exercise.server.filter((result) => result.case === 'unknown-prompt'),
      ...casesNamed(exercised.prompts, 'case-variant-prompt'),
    ];
    reportVerdicts(
      context,
      results,
      (result) =>
        result.case === 'unknown-prompt'
          ? 'prompts/get for a prompt that does not exist (case unknown-prompt)'
          : `prompts/get for ${quoteName(result.variant ?? '')} (case case-variant-prompt)`,
      undefined,
      // A name in other letter case that the server refused (with any code) was taken for one that does not exist.
      (result) => (result.case === 'case-variant-prompt' && result.verdict === 'accepted' ? { spec: EXACT_NAME, lenient: true } : {}),
    );
  },
});
