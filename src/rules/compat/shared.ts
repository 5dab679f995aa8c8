/** What the compat rules share: the hosts a server is judged for, and how a finding names them. */
import { DEFAULT_HOSTS, HOST_IDS, type HostId } from '../../config/compat.js';
import type { ServerSettings } from '../../config/schema.js';
import { HOSTS, type Constraint, type Host } from './hosts.js';

/** The hosts `compat.hosts` names (every known host by default) that state this constraint, in HOST_IDS order. */
export function judgedHosts<C extends Constraint>(settings: ServerSettings, constraint: C): { id: HostId; host: Host & Required<Pick<Host, C>> }[] {
  const chosen: readonly HostId[] = settings.compat?.hosts ?? DEFAULT_HOSTS;
  return HOST_IDS.filter((id) => chosen.includes(id)).flatMap((id) => {
    const host = HOSTS[id];
    return host[constraint] === undefined ? [] : [{ id, host: host as Host & Required<Pick<Host, C>> }];
  });
}

/** Why a rule has nothing to judge: none of the chosen hosts states its constraint. */
export function noHostReason(settings: ServerSettings, what: string): string {
  const chosen = settings.compat?.hosts ?? DEFAULT_HOSTS;
  return `none of the hosts judged (${chosen.join(', ')}) documents ${what}; docs/compat.md lists the hosts that do`;
}

/** "Claude", "Claude and OpenAI", "Claude, OpenAI and Gemini". */
export function hostList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Each known host's limit of one kind, in words, for the rules' descriptions and docs (the numbers are HOSTS'). */
export function limitsInWords(constraint: Constraint): string {
  return HOST_IDS.flatMap((id) => {
    const host = HOSTS[id];
    if (constraint === 'toolName') return host.toolName ? [`${host.name} ${host.toolName.rule}`] : [];
    return host.toolCount ? [`${host.name} ${host.toolCount.max} ${host.toolCount.per}${host.toolCount.soft ? ', soft' : ''}`] : [];
  }).join('; ');
}
