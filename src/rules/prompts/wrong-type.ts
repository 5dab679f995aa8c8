import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import type { CaseResult } from '../../exercise/prompts/exercise.js';
import {
  caseAnswer,
  caseData,
  casesNamed,
  describeVerdict,
  EXPECTED_TEXT,
  exercisedPrompts,
  promptLocation,
  quoteName,
  reportPending,
  reportUnreachable,
} from './shared.js';

export const wrongType = defineRule({
  id: 'prompts/wrong-type',
  family: 'prompts',
  needs: ['prompts'],
  description: 'An argument value that is not a string is rejected with -32602, not -32603 and not rendered.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PR9',
    texts: since('2024-11-05', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/prompts#implementation-considerations',
      quote: 'Servers SHOULD validate prompt arguments before processing',
      note: 'schema.ts types the arguments of prompts/get as `{ [key: string]: string }`.',
    }),
  },
  docs:
    'Prompt arguments are a map of names to strings. Case `wrong-type` sends each argument as a number, a boolean, ' +
    'null, an object and an array. The server should validate and answer -32602 (invalid params). -32603 ' +
    '(internal error) means the value reached code that did not expect it; a rendered result means "[object ' +
    'Object]" or "42" may have reached the model. Variants that behave alike are reported together ' +
    '(`data.variants`). Servers built on the TypeScript SDK answer -32603 here today; the finding says which code ' +
    'was seen.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    // One finding per argument and behaviour: five variants failing the same way are one defect.
    const groups = new Map<string, CaseResult[]>();
    const unreachable: CaseResult[] = [];
    const pending: CaseResult[] = [];
    for (const result of casesNamed(exercised.prompts, 'wrong-type')) {
      if (result.verdict === 'correct' || result.verdict === 'not-run') continue;
      if (result.verdict === 'unreachable') {
        unreachable.push(result);
        continue;
      }
      if (result.verdict === 'input-required') {
        pending.push(result);
        continue;
      }
      const code = result.outcome.kind === 'error' ? String(result.outcome.code) : '';
      const key = JSON.stringify([result.prompt, result.argument, result.verdict, code]);
      groups.set(key, [...(groups.get(key) ?? []), result]);
    }
    for (const results of groups.values()) {
      const first = results[0]!;
      const variants = results.map((result) => result.variant ?? '?');
      context.report({
        message: `argument ${quoteName(first.argument ?? '')} sent as ${variants.join(', ')} (case wrong-type) ${describeVerdict(first)}; expected ${EXPECTED_TEXT[first.expected]}`,
        location: promptLocation(first.prompt),
        ...caseAnswer(first),
        data: caseData(first, context.runtime.showValues, { variants }),
      });
    }
    reportUnreachable(context, unreachable);
    reportPending(context, pending);
  },
});
