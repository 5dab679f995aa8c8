import { defineRule } from '../../engine/rule.js';
import { ABSENT, since } from '../../model/spec.js';
import { asRecord, jsonType } from '../../util/json.js';

export const initializeResult = defineRule({
  id: 'protocol/initialize-result',
  family: 'protocol',
  skipIn: { modern: '2026-07-28 has no initialize; protocol/discover-result checks the server/discover result instead' },
  description: 'The initialize result has protocolVersion, capabilities and serverInfo {name, version} of the right types.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'L1',
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'server',
        section: 'basic/lifecycle#initialization',
        quote: 'The server MUST respond with its own capabilities and information:',
        note: 'The fields and their types are InitializeResult and Implementation in schema.ts.',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  docs:
    'The server MUST answer `initialize` with its protocol version, its capabilities and `serverInfo` ' +
    '(`name` and `version` strings; `title`, `description` and `websiteUrl` optional strings, `icons` an optional array), ' +
    'and may add an `instructions` string. Clients read these before anything else: a wrong type here breaks every client.',
  check({ surface, report }) {
    const result = surface.initializeResult;
    const bad = (pointer: string, expected: string, value: unknown) =>
      report({
        message: `initialize result ${pointer.slice(1).replace(/\//g, '.')} must be ${expected}, got ${jsonType(value)}`,
        location: { kind: 'server', pointer },
      });
    if (typeof result.protocolVersion !== 'string') bad('/protocolVersion', 'a string', result.protocolVersion);
    if (!asRecord(result.capabilities)) bad('/capabilities', 'an object', result.capabilities);
    if (result.instructions !== undefined && typeof result.instructions !== 'string') bad('/instructions', 'a string', result.instructions);
    const info = asRecord(result.serverInfo);
    if (!info) return bad('/serverInfo', 'an object', result.serverInfo);
    checkServerInfo(info, bad);
  },
});

function checkServerInfo(info: Record<string, unknown>, bad: (pointer: string, expected: string, value: unknown) => void): void {
  for (const field of ['name', 'version'] as const) {
    if (typeof info[field] !== 'string') bad(`/serverInfo/${field}`, 'a string', info[field]);
  }
  for (const field of ['title', 'description', 'websiteUrl'] as const) {
    if (info[field] !== undefined && typeof info[field] !== 'string') bad(`/serverInfo/${field}`, 'a string', info[field]);
  }
  if (info.icons !== undefined && !Array.isArray(info.icons)) bad('/serverInfo/icons', 'an array', info.icons);
}
