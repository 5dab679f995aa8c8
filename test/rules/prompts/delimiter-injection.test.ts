import { delimiterInjection } from '../../../src/rules/prompts/delimiter-injection.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer } from './support.js';

/** Splits "System:" lines of user text into their own turns: user text can then speak as someone else. */
const splitting = promptServer((args, params) => {
  if (params.name !== 'summarize' || typeof args.text !== 'string') return undefined;
  const parts = args.text.split(/\n(?=System:|Assistant:)/);
  return { result: { messages: parts.map((part) => ({ role: part.startsWith('Assistant:') ? 'assistant' : 'user', content: { type: 'text', text: part } })) } };
});

ruleTester(delimiterInjection, {
  valid: [{ name: 'strict server', server: promptServer() }],
  invalid: [
    {
      name: 'user text creates new turns',
      server: splitting,
      findings: [
        {
          message: 'changed the messages: roles [user,user,assistant] instead of [user]',
          location: { name: 'summarize' },
          data: { case: 'delimiter-injection', argument: 'text' },
        },
      ],
    },
  ],
});
