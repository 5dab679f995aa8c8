import { defineRule, type RuleContext } from '../../engine/rule.js';
import { PROMPT_POLICY_KEYS, type PromptEntry } from '../../config/prompts.js';
import { checkGolden, goldenText } from '../../engine/golden.js';
import { promptRenders, type CaseResult } from '../../exercise/prompts/exercise.js';
import { rolesDigest, type KeptRendering } from '../../exercise/prompts/kept-rendering.js';
import { caseData, promptLocation, quoteName } from './shared.js';
import { since } from '../../model/spec.js';

export const expectations = defineRule({
  id: 'prompts/expectations',
  family: 'prompts',
  needs: ['prompts'],
  description: 'Rendered messages meet the expectations in the config: roles, match, not_match and golden files.',
  defaultSeverity: 'error',
  spec: {
    basis: 'config',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/prompts#getting-a-prompt',
      quote: 'To retrieve a specific prompt, clients send a `prompts/get` request.',
      note: "The expectation is the config's own (`prompts.<name>.expect`), not the text's.",
    }),
  },
  docs:
    'Per prompt, `prompts.<name>.expect` in the config states what the rendering with the example arguments must ' +
    'look like: `roles` (the exact sequence of message roles), `match` and `not_match` (regular expressions over ' +
    'the text a model reads), and `golden` (a file holding the expected messages as JSON, compared after the ' +
    '`normalize` replacements). `mcpact run --update-golden` writes the golden files; a missing golden file is a ' +
    'failure with that hint, never a silent pass. Findings name the failed anchor, not the rendered text, unless ' +
    '--show-values is given.',
  async check(context) {
    const configured = Object.entries(context.settings.prompts ?? {}).filter(
      (entry): entry is [string, PromptEntry] =>
        !(PROMPT_POLICY_KEYS as readonly string[]).includes(entry[0]) && typeof entry[1] === 'object' && entry[1].expect !== undefined,
    );
    if (configured.length === 0) return context.skip('no prompts.<name>.expect in the config');
    const exercise = await promptRenders(context);
    for (const [name, entry] of configured) {
      const prompt = exercise.prompts.find((candidate) => candidate.prompt.name === name);
      const complete = prompt?.results.find((result) => result.case === 'complete');
      // The matrix keeps the whole rendering of case complete for the prompts with expectations.
      const whole = complete?.rendered?.whole;
      if (!prompt || !complete?.rendered || !whole) {
        const why = !prompt ? 'the server lists no such prompt' : (prompt.skipped ?? prompt.pending ?? 'it did not render');
        context.report({
          message: `prompt ${quoteName(name)} has expectations in the config, but ${why}`,
          location: promptLocation(name),
          data: { anchor: 'rendered' },
        });
        continue;
      }
      checkExpectations(context, name, entry, complete, complete.rendered, whole);
    }
  },
});

function checkExpectations(
  context: RuleContext,
  name: string,
  entry: PromptEntry,
  complete: CaseResult,
  rendered: KeptRendering,
  whole: NonNullable<KeptRendering['whole']>,
): void {
  const expect = entry.expect ?? {};
  const fail = (message: string, anchor: string, extra: Record<string, unknown> = {}) =>
    context.report({ message, location: promptLocation(name), data: caseData(complete, context.runtime.showValues, { anchor, ...extra }) });
  if (expect.roles && rolesDigest(expect.roles) !== rendered.rolesDigest) {
    fail(`message roles are [${rendered.roles.join(', ').slice(0, 80)}], expected [${expect.roles.join(', ')}]`, 'roles');
  }
  for (const pattern of expect.match ?? []) {
    if (!new RegExp(pattern).test(whole.text)) fail(`rendered text does not match /${pattern}/`, `match: ${pattern}`);
  }
  for (const pattern of expect.not_match ?? []) {
    if (new RegExp(pattern).test(whole.text)) fail(`rendered text matches /${pattern}/, which it must not`, `not_match: ${pattern}`);
  }
  if (expect.golden === undefined) return;
  // The golden form of a rendering is the pretty JSON of its messages, after the user's normalize rules.
  const verdict = checkGolden(context.runtime, expect.golden, goldenText(whole.messages, expect.normalize));
  if (verdict.kind === 'missing') {
    fail(`golden file ${expect.golden} does not exist; run mcpact run --update-golden to create it from the current rendering`, `golden: ${expect.golden}`);
  } else if (verdict.kind === 'different') {
    const detail = context.runtime.showValues ? { expectedLine: verdict.expectedLine, actualLine: verdict.actualLine } : {};
    fail(`rendered messages differ from golden file ${expect.golden} (first difference on line ${verdict.line})`, `golden: ${expect.golden}`, detail);
  }
}
