import { templateInjection } from '../../../src/rules/prompts/template-injection.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer, text } from './support.js';

/** Renders "{{name}}" in any value by the named argument's value, as a naive template engine would. */
const substituting = promptServer((args, params) => {
  if (params.name !== 'code_review' || typeof args.language !== 'string' || typeof args.risk !== 'string') return undefined;
  const resolve = (value: unknown) => String(value ?? '').replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(args[key] ?? ''));
  return text(`Review ${resolve(args.language)} at risk ${resolve(args.risk)}.`);
});

ruleTester(templateInjection, {
  valid: [
    { name: 'strict server keeps the literal', server: promptServer() },
    {
      name: 'rejecting the value is fine',
      server: promptServer((args) => (String(args.language).includes('{{') ? { error: { code: -32602, message: 'braces not allowed' } } : undefined)),
    },
    {
      name: 'any error is a safe refusal',
      server: promptServer((args) => (String(args.language).includes('{{') ? { error: { code: -32603, message: 'template error' } } : undefined)),
    },
  ],
  invalid: [
    {
      name: 'substitutes template syntax inside values',
      server: substituting,
      findings: [
        {
          message: 'argument "language" sent as {{risk}} was replaced by the value of "risk"',
          location: { name: 'code_review' },
          data: { case: 'template-injection', anchor: '{{risk}} substituted' },
        },
      ],
    },
    {
      name: 'hangs on braces',
      server: promptServer((args) => (String(args.language).includes('{{') ? { silent: true } : undefined)),
      findings: [{ message: 'sent as {{risk}} (case template-injection) hung', data: { verdict: 'hang' } }],
    },
  ],
});
