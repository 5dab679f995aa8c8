import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { resourceLimits } from '../../config/resources.js';
import { answerOf } from '../../exercise/answers.js';
import { capped, listedTemplates, sharedRead, templateSamples } from '../../exercise/resources.js';
import { describeOutcome } from '../outcome.js';
import { NOT_FOUND_CODES, quoteUri, refusalAsContents, standing } from './shared.js';

export const templateRead = defineRule({
  id: 'resources/template-read',
  family: 'resources',
  needs: ['resourceTemplates'],
  description: 'Each resource template, expanded with sample values (config, completion, description), can be read.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'R2',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/resources#resource-templates',
      quote: 'Resource templates allow servers to expose parameterized resources using URI templates.',
      note: 'A template promises resources for the values of its variables; the text sets no level for an expansion that cannot be read, so this is a best practice.',
    }),
  },
  docs:
    'Each listed template (up to `resources.max_reads`) is expanded once (RFC 6570) and read. Each variable takes ' +
    'its value from `resources.template_examples` in the config, else the first value `completion/complete` ' +
    'suggests for it (when the server declares completions; later variables are completed in the context of the ' +
    'earlier ones), else an example its description gives (only for a template with one variable: the part of a URI ' +
    'it writes out that the template frames, then "e.g. intro", ' +
    '"(intro or setup)"). A template with a variable no source fills is skipped, and the note says why. The read ' +
    'must answer with a result that has contents. A value guessed from the description that the server answers ' +
    'as not found (-32002, -32602) is only noted: the guess may be wrong; for a value the config or the server ' +
    'itself suggested, it is a finding. A value not from the config that the server answers with a refusal in ' +
    'words as contents ("malformed or unsupported") is only noted.',
  async check(context) {
    const listed = listedTemplates(context.surface);
    if (listed.length === 0) return context.skip('the server lists no resource templates');
    const { maxReads } = resourceLimits(context.settings.resources);
    const { left } = capped(listed, maxReads);
    if (left > 0) context.note(`${left} templates not expanded (resources.max_reads is ${maxReads})`);
    const samples = await templateSamples(context);
    const skipped = samples.filter((sample) => sample.uri === undefined);
    for (const sample of skipped) context.note(`template ${quoteUri(sample.template.uriTemplate)} skipped: ${sample.skipped ?? 'no values'}`);
    if (skipped.length === samples.length) return context.skip(`no template could be expanded: ${skipped.map((sample) => sample.skipped).join('; ')}`);
    const undecided: string[] = [];
    for (const sample of samples) {
      if (sample.uri === undefined) continue;
      const read = await sharedRead(context, sample.uri);
      const stand = standing(read);
      const location = { kind: 'resourceTemplate' as const, name: sample.template.uriTemplate.slice(0, 200) };
      const sources = Object.values(sample.sources ?? {});
      const guessed = sources.includes('description');
      const what = `template ${quoteUri(sample.template.uriTemplate)} expanded to ${quoteUri(sample.uri)} (${Object.entries(sample.sources ?? {})
        .map(([name, source]) => `${name} from ${source}`)
        .join(', ')})`;
      if (stand.kind === 'undecided') {
        undecided.push(stand.why);
        continue;
      }
      if (stand.kind === 'result') {
        // A refusal in words of a value mcpact chose read nothing: noted, no verdict (resources/contents-match does not judge it either).
        const refusal = sources.some((source) => source !== 'config') ? refusalAsContents(read) : undefined;
        if (refusal !== undefined) {
          context.note(`${what}: answered with a refusal in words, not the resource (${refusal}); the value was mcpact's, so no verdict`);
          continue;
        }
        if (read.contents === undefined || read.contents.length > 0) continue;
        context.report({
          message: `${what} answered with empty contents`,
          location,
          data: { uri: sample.uri, values: sample.values, sources: sample.sources },
        });
        continue;
      }
      const outcome = stand.outcome;
      if (guessed && outcome.kind === 'error' && NOT_FOUND_CODES.includes(outcome.code)) {
        context.note(`${what}: not found (${describeOutcome(outcome)}); the value was guessed from the description, so no verdict`);
        continue;
      }
      context.report({
        message: `${what} cannot be read: ${describeOutcome(outcome)}`,
        location,
        answer: answerOf(outcome),
        data: {
          uri: sample.uri,
          values: sample.values,
          sources: sample.sources,
          outcome: outcome.kind,
          ...(outcome.kind === 'error' && { code: outcome.code }),
        },
      });
    }
    if (undecided.length > 0) context.inconclusive(`${undecided.length} expansions not judged: ${undecided.slice(0, 3).join('; ')}`);
  },
});
