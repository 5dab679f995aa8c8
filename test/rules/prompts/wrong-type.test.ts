import { wrongType } from '../../../src/rules/prompts/wrong-type.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer, STATE, text } from './support.js';

ruleTester(wrongType, {
  valid: [{ name: 'strict server', server: promptServer() }],
  invalid: [
    {
      name: '-32603 for a number, and an object rendered',
      server: promptServer((args, params) => {
        if (params.name !== 'summarize') return undefined;
        if (typeof args.text === 'number') return { error: { code: -32603, message: 'text.trim is not a function' } };
        if (typeof args.text === 'object' && args.text !== null && !Array.isArray(args.text)) return text(`Summarize: ${String(args.text)}`);
        return undefined;
      }),
      findings: [
        { message: 'argument "text" sent as number (case wrong-type) got JSON-RPC error -32603', data: { variants: ['number'], code: -32603 } },
        { message: 'sent as object (case wrong-type) was silently accepted', data: { variants: ['object'], verdict: 'accepted' } },
      ],
    },
    {
      name: 'variants failing alike are one finding',
      server: promptServer((args, params) =>
        params.name === 'summarize' && typeof args.text !== 'string' && args.text !== undefined ? { error: { code: -32603, message: 'boom' } } : undefined,
      ),
      findings: [
        {
          message: 'argument "text" sent as number, boolean, null, object, array (case wrong-type) got JSON-RPC error -32603',
          data: { variants: ['number', 'boolean', 'null', 'object', 'array'] },
        },
      ],
    },
  ],
  inconclusive: [
    {
      name: 'still input required when mcpact stopped retrying (2026-07-28)',
      server: promptServer(
        (args, params) =>
          params.name === 'summarize' && args.text !== undefined && typeof args.text !== 'string'
            ? { result: { resultType: 'input_required', requestState: STATE } }
            : undefined,
        { modern: true },
      ),
      era: 'modern',
      reason: 'no verdict for 5 case(s) of "summarize": prompts/get still answered input_required',
    },
  ],
});
