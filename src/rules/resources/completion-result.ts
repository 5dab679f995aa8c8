import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { answerOf } from '../../exercise/answers.js';
import { templateSamples } from '../../exercise/resources.js';
import { quote, truncate } from '../../util/text.js';
import { completionProblem } from '../prompts/completion-result.js';
import { quoteUri } from './shared.js';

export const completionResult = defineRule({
  id: 'resources/completion-result',
  family: 'resources',
  needs: ['resourceTemplates'],
  description: 'completion/complete with ref/resource for each template variable answers with at most 100 string values and well-typed total/hasMore.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'C2',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/utilities/completion#completeresult',
        quote: 'CompleteResult: An array of completion values. Must not exceed 100 items. values: string[];',
      },
      {
        '2025-06-18': { section: 'schema#completeresult' },
        '2026-07-28': { quote: 'CompleteResult: An array of completion values. Must not exceed 100 items.' },
      },
    ),
  },
  docs:
    'Resource-template variables complete like prompt arguments ("Arguments may be auto-completed through the ' +
    'completion API"). When the server declares `completions`, mcpact asks once per variable of each template (up ' +
    'to `resources.max_reads` templates), with an empty value and, from 2025-06-18, the values already chosen for ' +
    'the earlier variables as `context.arguments`. The result must be `{ completion: { values: string[], total?, ' +
    'hasMore? } }` with at most 100 values; -32602 is tolerated (a variable without suggestions), -32603, a hang ' +
    'or a malformed result is a finding. The first suggested value is what resources/template-read reads.',
  async check(context) {
    if (context.surface.capabilities.completions === undefined) return context.skip('the server does not declare completions');
    const samples = await templateSamples(context);
    if (samples.length === 0) return context.skip('the server lists no resource templates');
    for (const sample of samples) {
      for (const completion of sample.completions) {
        const problem = completionProblem(completion.outcome);
        if (problem === undefined) continue;
        const withContext =
          completion.context === undefined
            ? ''
            : ` (context: ${Object.keys(completion.context)
                .map((name) => quote(name, 40))
                .join(', ')})`;
        context.report({
          message: `completion for variable ${quote(completion.variable, 60)} of template ${quoteUri(sample.template.uriTemplate)}${withContext}: ${problem}`,
          location: { kind: 'resourceTemplate', name: truncate(sample.template.uriTemplate, 200) },
          answer: answerOf(completion.outcome),
          data: {
            variable: completion.variable,
            outcome: completion.outcome.kind,
            ...(completion.outcome.kind === 'error' && { code: completion.outcome.code }),
          },
        });
      }
    }
  },
});
