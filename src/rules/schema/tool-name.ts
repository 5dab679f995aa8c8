import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { quote } from '../../util/text.js';

const ALLOWED_CHAR = /^[A-Za-z0-9_.-]$/;
const MAX_LENGTH = 128;
/** Offending characters named in a message; the full list is in `data`. */
const SHOWN_CHARS = 10;

/** Whether a name keeps to MCP's own tool-name rules (compat/tool-name leaves the names that do not to this rule). */
export function keepsMcpNameRules(name: string): boolean {
  const chars = [...name];
  return chars.length >= 1 && chars.length <= MAX_LENGTH && chars.every((char) => ALLOWED_CHAR.test(char));
}

export const toolName = defineRule({
  id: 'schema/tool-name',
  family: 'schema',
  needs: ['tools'],
  description: 'Tool names are 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and ".".',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'T3',
    texts: since('2025-11-25', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/tools#tool-names',
      quote:
        'Tool names SHOULD be between 1 and 128 characters in length (inclusive). … The following SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)',
    }),
  },
  docs:
    'Hosts put tool names into model APIs that accept a narrow alphabet, prefix them with the server name, and ' +
    'match them in allow-lists; a name with spaces, slashes or non-ASCII letters is renamed or rejected somewhere ' +
    'along the way. MCP 2025-11-25 says tool names SHOULD be 1 to 128 characters long and use only ASCII letters, ' +
    'digits, "_", "-" and ".". Rename the tool, for example `get user` to `get_user`; keep the human-readable ' +
    'wording in `title`.',
  check({ surface, report }) {
    for (const item of items(surface, 'tools')) {
      const name = item.record?.name;
      if (typeof name !== 'string') continue; // schema/tool-shape reports it
      const chars = [...name];
      const problems: string[] = [];
      if (chars.length === 0) problems.push('is empty');
      if (chars.length > MAX_LENGTH) problems.push(`is ${chars.length} characters long (at most ${MAX_LENGTH})`);
      const bad = [...new Set(chars.filter((char) => !ALLOWED_CHAR.test(char)))];
      if (bad.length > 0) {
        const shown = bad
          .slice(0, SHOWN_CHARS)
          .map((char) => quote(char))
          .join(', ');
        problems.push(`contains ${shown}${bad.length > SHOWN_CHARS ? ` and ${bad.length - SHOWN_CHARS} more` : ''}`);
      }
      if (problems.length === 0) continue;
      report({
        message: `tool name ${quote(name)} ${problems.join(' and ')}: use 1-${MAX_LENGTH} characters of A-Z, a-z, 0-9, "_", "-" and "."`,
        location: itemLocation(surface, 'tools', item, '/name'),
        data: { name, length: chars.length, characters: bad },
      });
    }
  },
});
