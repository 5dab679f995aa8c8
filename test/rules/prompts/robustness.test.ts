import { robustness } from '../../../src/rules/prompts/robustness.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer } from './support.js';

ruleTester(robustness, {
  valid: [
    { name: 'strict server', server: promptServer() },
    {
      name: 'long values rejected with -32602',
      server: promptServer((args) => (String(args.language).length > 1000 ? { error: { code: -32602, message: 'too long' } } : undefined)),
    },
    {
      name: "control characters refused with -32603 (the code is the validation rules' business)",
      server: promptServer((args) => (String(args.language).includes('\u0000') ? { error: { code: -32603, message: 'invalid byte' } } : undefined)),
    },
  ],
  invalid: [
    {
      name: 'garbled answer on control characters, hang on long values',
      server: promptServer((args) => {
        const value = String(args.language);
        if (value.includes('\u0000')) return { bare: true };
        return value.length > 60_000 ? { silent: true } : undefined;
      }),
      findings: [
        { message: 'sent as a 64 KiB value (case long-value) hung', data: { case: 'long-value', verdict: 'hang' } },
        {
          message: 'sent with control and invisible characters (case control-characters) got a response with neither result nor error',
          data: { case: 'control-characters', verdict: 'malformed' },
        },
      ],
    },
  ],
});
