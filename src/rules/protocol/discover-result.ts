import { defineRule } from '../../engine/rule.js';
import { MODERN_REVISION, since } from '../../model/spec.js';
import { isObject } from './modern.js';

export const discoverResult = defineRule({
  id: 'protocol/discover-result',
  family: 'protocol',
  description: 'server/discover answers with a well-formed DiscoverResult: supportedVersions (strings) and capabilities (an object).',
  defaultSeverity: 'error',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'SCHEMA',
      binds: 'server',
      section: 'schema#discoverresult',
      quote: 'DiscoverResult.supportedVersions: string[]',
      note: 'server/discover: "Servers MUST implement it." The same DiscoverResult declares `capabilities: ServerCapabilities` and `instructions?: string`.',
    }),
  },
  docs:
    'The modern era opens with `server/discover` (mcpact sends it first, with its `_meta` envelope). Its result must ' +
    'list the protocol versions the server supports as an array of strings (mcpact only got this far because it ' +
    `lists ${MODERN_REVISION} or the era was forced) and declare its capabilities as an object; \`instructions\`, ` +
    'when present, is a string. A server that does not answer server/discover at all is not tested in the modern ' +
    'era (auto falls back to initialize; --protocol-era modern stops with a connection error).',
  check({ surface, report }) {
    const result = surface.discoverResult;
    if (result === undefined) return;
    const bad = (pointer: string, message: string) => report({ message, location: { kind: 'server', pointer } });
    const versions = result.supportedVersions;
    if (!Array.isArray(versions)) bad('/supportedVersions', `server/discover result supportedVersions must be an array of strings, got ${typeName(versions)}`);
    else if (versions.length === 0) bad('/supportedVersions', 'server/discover result supportedVersions is empty: it lists no version a client could use');
    else if (!versions.every((version) => typeof version === 'string'))
      bad('/supportedVersions', 'server/discover result supportedVersions has an item that is not a string');
    if (!isObject(result.capabilities)) bad('/capabilities', `server/discover result capabilities must be an object, got ${typeName(result.capabilities)}`);
    if (result.instructions !== undefined && typeof result.instructions !== 'string')
      bad('/instructions', `server/discover result instructions must be a string, got ${typeName(result.instructions)}`);
  },
});

function typeName(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
