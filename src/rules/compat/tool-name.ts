import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { quote } from '../../util/text.js';
import { keepsMcpNameRules } from '../schema/tool-name.js';
import type { NameLimit } from './hosts.js';
import { hostList, judgedHosts, limitsInWords, noHostReason } from './shared.js';

/** Offending characters named per host in a message; data has them all. */
const SHOWN_CHARS = 5;

/** What is wrong with a name for one host, in words ("is 70 characters long (at most 64)", "contains \".\""). */
function problemsFor(name: string, limit: NameLimit): string[] {
  const chars = [...name];
  const problems: string[] = [];
  if (chars.length === 0) problems.push('is empty');
  if (chars.length > limit.maxLength) problems.push(`is ${chars.length} characters long (at most ${limit.maxLength})`);
  if (limit.first !== undefined && chars.length > 0 && !limit.first.test(chars[0]!)) problems.push(`starts with ${quote(chars[0])}`);
  const bad = [...new Set(chars.filter((char) => !limit.allowed.test(char)))];
  if (bad.length > 0) {
    const shown = bad.slice(0, SHOWN_CHARS).map((char) => quote(char));
    problems.push(`contains ${shown.join(', ')}${bad.length > SHOWN_CHARS ? ` and ${bad.length - SHOWN_CHARS} more` : ''}`);
  }
  return problems;
}

export const toolName = defineRule({
  id: 'compat/tool-name',
  family: 'compat',
  needs: ['tools'],
  description: "Tool names are ones each host's model API accepts: its characters, its length, its first character.",
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      "Each tool name is one that every host judged (compat.hosts) accepts, by the rule for names that host's own documentation states (docs/compat.md). MCP's own rule is wider: it allows dots and 128 characters, which some hosts refuse.",
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#tool',
        quote: '`name`: Unique identifier for the tool',
        note: 'No revision limits names to what a host accepts.',
      },
      {
        '2025-11-25': {
          keyword: 'SHOULD',
          section: 'server/tools#tool-names',
          quote:
            'Tool names SHOULD be between 1 and 128 characters in length (inclusive). … The following SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)',
          note: 'The hosts judged here accept less than this: no dot for Claude and OpenAI, at most 64 characters for OpenAI.',
        },
      },
    ),
  },
  docs:
    "A host hands each MCP tool to its model provider's API as a function, and that API refuses a name outside its " +
    `own rule: the whole request fails, not just the one tool. The rules differ from MCP's and from each other (${limitsInWords('toolName')}; ` +
    'docs/compat.md quotes each host, with the date it was read). ' +
    'One finding per tool names every host that refuses it, each with its reason (`data.hosts`, `data.problems`). ' +
    "A name outside MCP's own rule is schema/tool-name's finding while that rule runs, and every host here refuses " +
    'it as well. Hosts often prefix the server name to a tool name, which leaves even less room. Rename the tool, ' +
    'for example `files.read` to `files_read`; `compat.hosts` narrows the hosts judged.',
  check({ surface, settings, running, report, skip, note }) {
    const hosts = judgedHosts(settings, 'toolName');
    if (hosts.length === 0) return skip(noHostReason(settings, 'a rule for tool names'));
    const mcpRuleRuns = running.has('schema/tool-name');
    let leftToMcpRule = 0;
    for (const item of items(surface, 'tools')) {
      const name = item.record?.name;
      if (typeof name !== 'string') continue; // schema/tool-shape reports it
      if (mcpRuleRuns && !keepsMcpNameRules(name)) {
        leftToMcpRule++;
        continue;
      }
      const problems = new Map(hosts.map(({ id, host }) => [id, problemsFor(name, host.toolName)] as const).filter(([, found]) => found.length > 0));
      if (problems.size === 0) continue;
      const refusing = hosts.filter(({ id }) => problems.has(id));
      // Hosts refusing for the same reasons are named together.
      const byReason = new Map<string, string[]>();
      for (const { id, host } of refusing) {
        const reason = problems.get(id)!.join(' and ');
        byReason.set(reason, [...(byReason.get(reason) ?? []), host.name]);
      }
      const groups = [...byReason];
      const why =
        groups.length === 1
          ? `${hostList(groups[0]![1])}: it ${groups[0]![0]}`
          : groups.map(([reason, names]) => `${hostList(names)} (it ${reason})`).join('; ');
      report({
        message: `tool name ${quote(name)} is refused by ${why}`,
        location: itemLocation(surface, 'tools', item, '/name'),
        data: {
          name,
          hosts: refusing.map(({ id }) => id),
          problems: Object.fromEntries(problems),
          rules: Object.fromEntries(refusing.map(({ id, host }) => [id, host.toolName.rule])),
        },
        lenient: refusing.every(({ host }) => host.toolName.soft),
      });
    }
    if (leftToMcpRule > 0)
      note(`${leftToMcpRule} tool name${leftToMcpRule === 1 ? '' : 's'} outside MCP's own rule left to schema/tool-name (every host here refuses them too)`);
  },
});
