import { defineRule } from '../../engine/rule.js';
import { surfaceTexts } from './texts.js';

/** Longer than any honest description mcpact has seen: where injected text tends to hide. */
export const ITEM_LIMIT = 3_000;
export const PARAMETER_LIMIT = 1_000;

export const longDescription = defineRule({
  id: 'security/long-description',
  family: 'security',
  description: 'Descriptions stay short enough to review: items under 3,000 characters, parameters and arguments under 1,000.',
  defaultSeverity: 'info',
  spec: { revision: '2025-11-25', level: 'BEST PRACTICE', section: 'server/tools#security-considerations' },
  docs:
    'Nobody reviews a 10,000-character tool description, and that is where poisoned text tends to hide (below ' +
    'the fold of every UI that shows it). Reported for information: tool, prompt, resource and template ' +
    'descriptions over 3,000 characters, and parameter or prompt-argument descriptions over 1,000. The server\'s ' +
    '`instructions` are exempt, as they are meant to be long. Move reference material into a resource the model ' +
    'can read on demand.',
  check({ surface, report }) {
    for (const text of surfaceTexts(surface)) {
      if (text.field !== 'description') continue;
      const limit = text.owner === 'parameter' || text.owner === 'prompt argument' ? PARAMETER_LIMIT : ITEM_LIMIT;
      const length = Array.from(text.text).length;
      if (length <= limit) continue;
      report({
        message: `${text.owner} description is ${length} characters long (over ${limit}): hard to review, easy to hide text in`,
        location: text.location,
        data: { length, limit },
      });
    }
  },
});
