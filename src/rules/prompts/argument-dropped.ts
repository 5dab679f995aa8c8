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
    'compare, the rule is inconclusive for that argument. An argument whose value shows in another rendering (sent ' +
    'without some other argument, case optional-omitted) is read under its own name: in case complete another ' +
    'argument overrides it (two alternatives for one scope), which the note names. An argument whose description ' +
    "offers its values in quotes (\"'oui' to include them; 'non' to leave them out\") and got a value mcpact made up " +
    'instead is not judged: how a server renders a value it does not offer says nothing about the server. Nor is a ' +
    'value that steers the rendering without showing in it (a search filter, a time window): when leaving the ' +
    'argument out (case optional-omitted) renders otherwise than case complete, the argument was read.',
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
        // Read under its own name where it was sent without some other argument: in case complete another one
        // overrides it ("an alternative to manager_id"), which is the prompt's design, not a renamed argument.
        const shown = prompt.results.find((result) => result.case !== 'complete' && result.rendered?.carried.get(name)?.appears === true);
        if (shown !== undefined) {
          context.note(
            `${quoteName(prompt.prompt.name)} argument ${quoteName(name)} shows in case ${shown.case}, not in case complete: another argument overrides it there`,
          );
          continue;
        }
        // The description names the values the argument takes ("'oui' to include them; 'non' to leave them out") and
        // mcpact sent none of them: how the server renders a value it does not offer says nothing (mcpact chose it).
        const offered = offeredValues(description);
        if (offered.length >= 2 && !offered.some((word) => word.toLowerCase() === value.toLowerCase())) {
          undecided.push(
            `${quoteName(prompt.prompt.name)} argument ${quoteName(name)} (its description offers ${offered
              .slice(0, 3)
              .map((word) => `"${word}"`)
              .join(', ')}; mcpact sent another value)`,
          );
          continue;
        }
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
        // Used, not echoed: a value that steers the rendering (a search filter, a time window) need not show in it.
        // A rendering without it (case optional-omitted) that differs from case complete shows the argument was read.
        if (judgeSwitch(prompt, complete, name) === 'read') continue;
        context.report({
          message: `the value of argument ${quoteName(name)} appears nowhere in the rendered messages (case complete)`,
          location: promptLocation(prompt.prompt.name),
          data: caseData(complete, context.runtime.showValues, { argument: name, anchor: 'value rendered' }),
        });
      }
    }
    if (undecided.length > 0) {
      context.inconclusive(
        `${undecided.length} arguments not judged: read as switches, whose value need not show in the rendering, with no rendering with the other value or without them to compare, or sent with a value their description does not offer: ${undecided.slice(0, 3).join(', ')}`,
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

/** Longest quoted word read as a value a description offers. */
const MAX_OFFERED = 40;

/**
 * The values an argument's description quotes as the ones it takes, in order: "'oui' (default) to include them;
 * 'non' to leave them out", “asc” or “desc”. Code spans (backticks) name tools and fields, not values, so they do
 * not count; nor does an apostrophe inside a word ("l'ID", "the user's").
 */
export function offeredValues(description: string): string[] {
  const found: string[] = [];
  for (const match of description
    .slice(0, 2000)
    .matchAll(/(?<![\p{L}\p{N}])'([^'\n]{1,40})'(?![\p{L}\p{N}])|"([^"\n]{1,40})"|«\s*([^»\n]{1,40}?)\s*»|“([^”\n]{1,40})”|‘([^’\n]{1,40})’/gu)) {
    const value = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5] ?? '').trim();
    // A key or a value of JSON quoted in the text (fastmcp appends the argument's JSON schema: {"anyOf":[{"type":
    // "string"}, ...]}) is the schema's vocabulary, not a value the argument takes.
    // Only double quotes are JSON's: 'asc': ascending is a value explained.
    if (match[2] !== undefined) {
      const at = match.index ?? 0;
      const before = description.slice(Math.max(0, at - 3), at);
      const after = description.slice(at + match[0].length, at + match[0].length + 3);
      if (/^\s*:/.test(after) || /(?:[{[,]|":)\s*$/.test(before)) continue;
    }
    // One word: a quoted phrase ("« First Last »", "'5 years'") is a format or an example, not one of a set.
    if (/^[\p{L}\p{N}_.-]+$/u.test(value) && value.length <= MAX_OFFERED && !found.includes(value)) found.push(value);
  }
  return found;
}
