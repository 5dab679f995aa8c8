import { promptDescription } from '../../../src/rules/schema/prompt-description.js';
import { ruleTester } from '../../support/rule-tester.js';

const prompt = (name: string, extra: Record<string, unknown> = {}) => ({ name, ...extra });

ruleTester(promptDescription, {
  valid: [
    {
      name: 'described prompts over two pages',
      server: { prompts: [prompt('a', { description: 'A.' }), prompt('b', { description: 'B.' }), prompt('c', { description: 'C.' })] },
    },
    { name: 'wrong types and non-objects are left to prompt-shape', server: { prompts: [prompt('a', { description: [] }), 42] } },
  ],
  invalid: [
    {
      name: 'missing',
      server: { prompts: [prompt('review')] },
      findings: [{ message: 'prompt has no description', location: { kind: 'prompt', name: 'review', pointer: '/description' } }],
    },
    {
      name: 'blank',
      server: { prompts: [prompt('review', { description: '   ' })] },
      findings: [{ message: 'prompt description is blank', location: { kind: 'prompt', name: 'review', pointer: '/description' } }],
    },
    {
      name: 'undescribed prompt on page 2',
      server: { prompts: [prompt('a', { description: 'A.' }), prompt('b', { description: 'B.' }), prompt('c', { description: '' })] },
      findings: [{ message: 'blank', location: { name: 'c' } }],
    },
  ],
});
