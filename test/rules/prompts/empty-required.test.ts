import { emptyRequired } from '../../../src/rules/prompts/empty-required.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer, text } from './support.js';

const acceptsBlank = promptServer((args, params) =>
  params.name === 'summarize' && typeof args.text === 'string' && args.text.trim() === '' ? text('Summarize: ') : undefined,
);

ruleTester(emptyRequired, {
  valid: [{ name: 'strict server', server: promptServer() }],
  invalid: [
    {
      name: 'accepts empty and blank required values',
      server: acceptsBlank,
      // "" and spaces are strings, and prompts/get takes any string: accepting them is leniency the spec permits.
      findings: [
        {
          message: 'sent as whitespace (case whitespace-required) was silently accepted',
          data: { case: 'whitespace-required' },
          basis: 'policy',
          lenient: true,
          severity: 'info',
        },
        {
          message: 'required argument "text" sent empty (case empty-required)',
          data: { case: 'empty-required' },
          basis: 'policy',
          lenient: true,
          severity: 'info',
        },
      ],
    },
    {
      name: 'refuses blank values with -32603',
      server: promptServer((args, params) =>
        params.name === 'summarize' && typeof args.text === 'string' && args.text.trim() === ''
          ? { error: { code: -32603, message: 'text is blank' } }
          : undefined,
      ),
      // Refusing is the policy's own choice; the code it expects of a refusal is mcpact's too: a warning. Both
      // cases got the same answer from the same check: one cause, one finding standing for both.
      findings: [
        { message: 'sent as whitespace (case whitespace-required) got JSON-RPC error -32603', basis: 'policy', lenient: false, severity: 'warning', count: 2 },
      ],
    },
    {
      name: 'a blank value gets neither result nor error',
      server: promptServer((args, params) => (params.name === 'summarize' && args.text === '' ? { bare: true } : undefined)),
      // An answer that is no JSON-RPC response is wrong whatever the policy: that rests on the spec.
      findings: [{ message: 'sent empty (case empty-required) got a response with neither result nor error', basis: 'spec', data: { verdict: 'malformed' } }],
    },
  ],
  skipped: [{ name: 'policy accept', server: acceptsBlank, settings: { prompts: { empty_required: 'accept' } }, skipped: 'prompts.empty_required is accept' }],
});
