import { argumentDropped } from '../../../src/rules/prompts/argument-dropped.js';
import { ruleTester } from '../../support/rule-tester.js';
import { inputRequiredServer, promptServer, STATE, text } from './support.js';

ruleTester(argumentDropped, {
  valid: [
    { name: 'strict server', server: promptServer() },
    { name: 'rendered after an input-required round trip', server: inputRequiredServer(), era: 'modern' },
    {
      name: 'HTML-escaped values count',
      server: promptServer((args, params) => (params.name === 'summarize' ? text(`<p>${String(args.text).replace(/-/g, '-')}</p>`) : undefined)),
    },
  ],
  invalid: [
    {
      name: 'reads a renamed argument',
      server: promptServer((args, params) =>
        params.name === 'code_review' && typeof args.language === 'string'
          ? text(`Review this ${String(args.lang ?? 'code')} change at ${String(args.risk)} risk.`)
          : undefined,
      ),
      findings: [
        { message: 'the value of argument "focus" appears nowhere', location: { name: 'code_review' } },
        { message: 'the value of argument "language" appears nowhere', location: { name: 'code_review' }, data: { argument: 'language', case: 'complete' } },
      ],
    },
    {
      name: 'the rendering after an input-required round trip drops a value',
      server: inputRequiredServer({ only: 'summarize', retry: (params) => (params.requestState === STATE ? text('Summarize the text.') : undefined) }),
      era: 'modern',
      findings: [{ message: 'the value of argument "text" appears nowhere', location: { name: 'summarize' } }],
    },
  ],
});
