import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { oppositeSwitch } from '../../exercise/injected.js';
import { sampleKind } from '../../exercise/prompts/candidates.js';
import { promptRenders, type CaseResult, type PromptExercise } from '../../exercise/prompts/exercise.js';
import { caseData, exercisedPrompts, promptLocation, quoteName } from './shared.js';

export const argumentDropped = defineRule({
  id: 'prompts/argument-dropped',
  family: 'prompts',
  needs: ['prompts'],
  description: 'Every supplied argument value appears in the rendered messages (verbatim or escaped).',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'Every argument value supplied appears in the rendering (verbatim or escaped), or the argument was probably read under another name. The specification does not say how an argument shows in the rendering.',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/prompts',
      quote: 'Clients can discover available prompts, retrieve their contents, and provide arguments to customize them.',
      note: 'The text does not say how an argument must show in the rendering.',
    }),
  },
  docs:
    "In the rendering with all arguments (case `complete`), each argument's value must appear in the text a model " +
    'reads: verbatim, JSON-escaped, HTML-escaped or URL-encoded. A value that appears nowhere was dropped: the ' +
    'signature of an argument renamed on one side only, where the server reads `lang` while clients send ' +
    '`language` and the model gets a generic prompt. Prompts that deliberately turn a value into other words (a ' +
    'risk level into an instruction) trip this check: re-level it or turn it off for that server. A switch is not ' +
    'echoed but changes the rendering: an argument sent as a switch word (true/false, yes/no, on/off), or whose name ' +
    'or description reads as a flag, is judged by comparing renderings instead. Case `switch-flipped` sends the ' +
    'other word, and case `optional-omitted` leaves it out: a rendering that differs from case `complete` shows the ' +
    'argument was read. When every such rendering is the same the switch was dropped; when there is none to ' +
    'compare, the rule is inconclusive for that argument.',
  async check(context) {
    const exercised = await exercisedPrompts(context, promptRenders);
    if (!exercised) return;
    const undecided: string[] = [];
    for (const prompt of exercised.prompts) {
      const complete = prompt.results.find((result) => result.case === 'complete');
      if (!complete?.rendered || !prompt.accepted) continue;
      for (const [name, value] of Object.entries(prompt.accepted)) {
        if (value.trim() === '' || complete.rendered.carried.get(name)?.appears === true) continue;
        const description = prompt.prompt.arguments.find((argument) => argument.name === name)?.description ?? '';
        if (oppositeSwitch(value) !== undefined || sampleKind(name, description) === 'switch') {
          const compared = judgeSwitch(prompt, complete, name);
          if (compared === 'read') continue;
          if (compared === 'none') {
            undecided.push(`${quoteName(prompt.prompt.name)} argument ${quoteName(name)}`);
            continue;
          }
          context.report({
            message: `argument ${quoteName(name)} reads as a switch, but ${compared.same} gave the same rendering as case complete`,
            location: promptLocation(prompt.prompt.name),
            data: caseData(complete, context.runtime.showValues, { argument: name, anchor: 'switch read' }),
          });
          continue;
        }
        context.report({
          message: `the value of argument ${quoteName(name)} appears nowhere in the rendered messages (case complete)`,
          location: promptLocation(prompt.prompt.name),
          data: caseData(complete, context.runtime.showValues, { argument: name, anchor: 'value rendered' }),
        });
      }
    }
    if (undecided.length > 0) {
      context.inconclusive(
        `${undecided.length} arguments read as switches, whose value need not show in the rendering, and no rendering with the other value or without them to compare: ${undecided.slice(0, 3).join(', ')}`,
      );
    }
  },
});

/**
 * Whether a switch was read, from the renderings that sent it otherwise: `read` when one differs from case complete,
 * `none` when there is none to compare, else the cases that rendered the same (`same`, for the message).
 */
function judgeSwitch(prompt: PromptExercise, complete: CaseResult, name: string): 'read' | 'none' | { same: string } {
  const others = prompt.results.filter(
    (result) => (result.case === 'switch-flipped' || result.case === 'optional-omitted') && result.argument === name && result.rendered !== undefined,
  );
  if (others.length === 0) return 'none';
  if (others.some((result) => result.rendered!.digest !== complete.rendered!.digest)) return 'read';
  const cases = others.map((result) => (result.case === 'switch-flipped' ? 'the other value (case switch-flipped)' : 'leaving it out (case optional-omitted)'));
  return { same: cases.join(' and ') };
}
