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
      findings: [
        { message: 'sent as whitespace (case whitespace-required) was silently accepted', data: { case: 'whitespace-required' } },
        { message: 'required argument "text" sent empty (case empty-required)', data: { case: 'empty-required' } },
      ],
    },
  ],
  skipped: [{ name: 'policy accept', server: acceptsBlank, settings: { prompts: { empty_required: 'accept' } }, skipped: 'prompts.empty_required is accept' }],
});
