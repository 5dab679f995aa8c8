import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { isObject } from '../protocol/modern.js';
import { hostList, judgedHosts, limitsInWords, noHostReason } from './shared.js';

export const toolCount = defineRule({
  id: 'compat/tool-count',
  family: 'compat',
  needs: ['tools'],
  description: 'The server lists no more tools than each host takes in one request.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      "The server lists no more tools than every host judged (compat.hosts) takes in one request, by the limit that host's own documentation states (docs/compat.md). No revision limits how many tools a server lists.",
    texts: since('2024-11-05', {
      keyword: 'SCHEMA',
      binds: 'server',
      section: 'server/tools#listing-tools',
      quote: 'ListToolsResult.tools: Tool[]',
      note: 'No sentence limits how many tools a server lists.',
    }),
  },
  docs:
    'A host sends the tools of every connected server to its model in each request, and the hosts cap how many ' +
    `one request may carry (${limitsInWords('toolCount')}). Past a hard cap the request is refused, a warning; a soft ` +
    "one (VS Code's: it asks the user to deselect tools, or groups them as virtual tools) only degrades, so a finding " +
    'naming soft caps alone is information (docs/compat.md quotes each host, with the date it was read). The count is the tools with distinct names over every page of tools/list ("at least" when the list could not be read to its end), and one finding names every host whose limit ' +
    "it passes (`data.hosts`, `data.limits`). Other servers' tools add to the same request, so a server under a " +
    'limit can still tip a session over it. Split the server by task, or let users choose toolsets (an option or ' +
    'environment variable that picks which tools are listed).',
  check({ surface, settings, report, skip }) {
    const hosts = judgedHosts(settings, 'toolCount');
    if (hosts.length === 0) return skip(noHostReason(settings, 'a limit on the number of tools'));
    const list = surface.lists.tools;
    // Tools are told apart by name: a page served twice (a cursor loop) does not add tools.
    const count = new Set(list.items.flatMap((item) => (isObject(item) && typeof item.name === 'string' ? [item.name] : []))).size;
    // A list read only in part (mcpact's page cap, a bad page; protocol/list-pages reports it) has at least these.
    const partial = list.problems.length > 0;
    const over = hosts.filter(({ host }) => count > host.toolCount.max);
    if (over.length === 0) return;
    const limits = over.map(
      ({ host }) => `${host.name} (${host.toolCount.max} ${host.toolCount.per}${host.toolCount.soft ? `; ${host.name} degrades rather than refuses` : ''})`,
    );
    report({
      message: `the server lists ${partial ? 'at least ' : ''}${count} tools, over the limit of ${hostList(limits)}`,
      location: { kind: 'server', pointer: '/tools/list' },
      data: { count, partial, hosts: over.map(({ id }) => id), limits: Object.fromEntries(over.map(({ id, host }) => [id, host.toolCount.max])) },
      lenient: over.every(({ host }) => host.toolCount.soft),
    });
  },
});
