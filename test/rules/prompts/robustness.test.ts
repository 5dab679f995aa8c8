import { robustness } from '../../../src/rules/prompts/robustness.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer } from './support.js';

ruleTester(robustness, {
  valid: [
    { name: 'strict server', server: promptServer() },
    { name: 'long values rejected with -32602', server: promptServer((args) => (String(args.language).length > 1000 ? { error: { code: -32602, message: 'too long' } } : undefined)) },
  ],
  invalid: [
    {
      name: 'internal error on control characters, hang on long values',
      server: promptServer((args) => {
        const value = String(args.language);
        if (value.includes('\u0000')) return { error: { code: -32603, message: 'invalid byte' } };
        return value.length > 60_000 ? { silent: true } : undefined;
      }),
      findings: [
        { message: 'sent as a 64 KiB value (case long-value) hung', data: { case: 'long-value', verdict: 'hang' } },
        { message: 'sent with control and invisible characters (case control-characters) got JSON-RPC error -32603', data: { case: 'control-characters' } },
      ],
    },
  ],
});
