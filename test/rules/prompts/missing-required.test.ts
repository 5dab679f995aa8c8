import { missingRequired } from '../../../src/rules/prompts/missing-required.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer, renderWithout } from './support.js';

ruleTester(missingRequired, {
  valid: [{ name: 'strict server', server: promptServer() }],
  invalid: [
    {
      name: 'renders without a required argument',
      server: promptServer((args, params, spec) =>
        params.name === 'summarize' && args.text === undefined ? renderWithout(spec, { ...params, arguments: { text: 'x' } }, () => false) : undefined,
      ),
      findings: [
        {
          message: 'without required argument "text" (case missing-required) was silently accepted',
          location: { name: 'summarize' },
          data: { case: 'missing-required', verdict: 'accepted', expected: -32602 },
        },
      ],
    },
    {
      name: 'wrong code, and a message that does not name the argument',
      server: promptServer((args, params) =>
        params.name !== 'code_review'
          ? undefined
          : args.language === undefined
            ? { error: { code: -32603, message: 'TypeError' } }
            : args.risk === undefined
              ? { error: { code: -32602, message: 'bad request' } }
              : undefined,
      ),
      findings: [
        { message: '"language" (case missing-required) got JSON-RPC error -32603', data: { code: -32603, verdict: 'wrong-code' }, basis: 'spec' },
        // The text asks for the code only: naming the argument is mcpact's policy.
        { message: 'error for missing argument "risk" does not name it', data: { argument: 'risk' }, basis: 'policy', lenient: false, severity: 'warning' },
      ],
    },
  ],
});
