import { annotationMismatch } from '../../../src/rules/security/annotation-mismatch.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = (name: string, description: string, readOnlyHint: unknown = true) => ({
  name,
  description,
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint },
});

ruleTester(annotationMismatch, {
  valid: [
    {
      name: 'read-only tools that read, and a writer that says so',
      server: {
        tools: [
          tool('list_deleted_items', 'Lists items in the trash; never deletes anything.'),
          tool('grep', 'Drop-in replacement for grep over the repository.'),
          tool('delete_file', 'Deletes a file.', false),
          tool('get_sent_emails', 'Returns e-mails sent in the last week.'),
        ],
      },
    },
  ],
  invalid: [
    {
      name: 'name says delete',
      server: { tools: [tool('delete_branch', 'Branch cleanup.')] },
      findings: [
        {
          location: { kind: 'tool', name: 'delete_branch', pointer: '/annotations/readOnlyHint' },
          message: 'its name says it will delete',
          data: { verb: 'delete', source: 'name' },
        },
      ],
    },
    {
      name: 'description says sends',
      server: { tools: [tool('notify', 'Sends a push notification to every subscriber.'), tool('wipe', 'Permanently erases the disk.')] },
      findings: [{ data: { verb: 'send', source: 'description' } }, { message: 'its name says it will wipe' }],
    },
  ],
});
