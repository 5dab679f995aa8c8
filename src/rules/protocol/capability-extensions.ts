import { defineRule } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { quote } from '../../util/text.js';
import { isObject } from './modern.js';

/**
 * An extension identifier as 2026-07-28 names them: a `_meta` key with its prefix, which is mandatory here:
 * dot-separated labels (a letter first, a letter or digit last, hyphens between), a slash, then a name that is
 * empty or starts and ends with an alphanumeric (hyphens, underscores, dots between).
 */
const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const IDENTIFIER = new RegExp(`^${LABEL}(?:\\.${LABEL})*/(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$`);
/** Identifiers judged at most: past that, a server's map costs time for no more news. */
const KEYS_JUDGED = 200;

const SETTINGS_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'SCHEMA',
    binds: 'server',
    section: 'schema#servercapabilities',
    quote: 'ServerCapabilities.extensions?: { [key: string]: JSONObject };',
  }),
};

export const capabilityExtensions = defineRule({
  id: 'protocol/capability-extensions',
  family: 'protocol',
  description: 'capabilities.extensions maps extension identifiers (a _meta key with its mandatory prefix) to settings objects.',
  defaultSeverity: 'error',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'both',
      section: 'basic/versioning#extension-negotiation',
      quote: 'Extension identifiers MUST follow the `_meta` key naming rules, with a mandatory prefix.',
      note: 'The key naming rules are in basic/index#meta: dot-separated labels, a slash, then the name.',
    }),
  },
  alsoQuotes: { settings: SETTINGS_SPEC },
  docs:
    'In 2026-07-28 a server advertises the extensions it supports in `capabilities.extensions` (of its ' +
    'server/discover result): a map from extension identifier, such as `io.modelcontextprotocol/tasks`, to that ' +
    "extension's settings object (`{}` for none). A client looks extensions up by identifier, so one without its " +
    'prefix (`tasks`) or with a malformed label is never found, and settings that are not an object cannot be read. ' +
    'Each bad identifier and each bad settings value is a finding; a server that declares no extensions passes.',
  check({ surface, report }) {
    const extensions = surface.capabilities.extensions;
    if (extensions === undefined) return;
    const location = (key?: string) => ({
      kind: 'server' as const,
      pointer: key === undefined ? '/capabilities/extensions' : `/capabilities/extensions/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    });
    if (!isObject(extensions)) {
      report({
        message: `capabilities.extensions is ${Array.isArray(extensions) ? 'an array' : extensions === null ? 'null' : `a ${typeof extensions}`}; expected an object mapping extension identifiers to settings objects`,
        location: location(),
        spec: SETTINGS_SPEC,
      });
      return;
    }
    for (const [key, settings] of Object.entries(extensions).slice(0, KEYS_JUDGED)) {
      if (!IDENTIFIER.test(key)) {
        report({
          message: `extension identifier ${quote(key, 80)} is not a _meta key with a prefix (such as io.modelcontextprotocol/tasks or com.example/search)`,
          location: location(key),
          data: { identifier: key },
        });
      }
      if (!isObject(settings)) {
        report({
          message: `the settings of extension ${quote(key, 80)} are ${Array.isArray(settings) ? 'an array' : settings === null ? 'null' : `a ${typeof settings}`}; expected an object ({} for none)`,
          location: location(key),
          data: { identifier: key },
          spec: SETTINGS_SPEC,
        });
      }
    }
  },
});
