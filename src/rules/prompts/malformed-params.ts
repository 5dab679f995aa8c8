import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { exercisedPrompts, reportVerdicts } from './shared.js';

export const malformedParams = defineRule({
  id: 'prompts/malformed-params',
  family: 'prompts',
  needs: ['prompts'],
  description: 'prompts/get with malformed params (no name, a non-string name, arguments not an object) gets -32602.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PR9',
    texts: since('2024-11-05', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/prompts#implementation-considerations',
      quote: 'Servers SHOULD validate prompt arguments before processing',
    }),
  },
  docs:
    'Case `malformed-params` sends prompts/get without `name`, with a numeric `name`, and with `arguments` as an ' +
    'array and as a string (`data.variant` says which). Each should be rejected with -32602 (invalid params) before ' +
    'any rendering; -32603 or a crash means unvalidated input reached the handler. Over Streamable HTTP in ' +
    '2026-07-28, a missing or numeric `name` cannot be put in the Mcp-Name header the request needs, so ' +
    "HeaderMismatch (-32020) to those variants is a correct refusal too: the server refused mcpact's request at its headers, before " +
    'the body, as the transport requires.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    reportVerdicts(
      context,
      exercised.exercise.server.filter((result) => result.case === 'malformed-params'),
      (result) => `prompts/get with ${result.variant ?? 'malformed params'} (case malformed-params)`,
    );
  },
});
