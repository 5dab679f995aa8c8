import { defineRule } from '../../engine/rule.js';
import { listedResources, uiLinks } from '../../exercise/resources.js';
import { asRecord, jsonType } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { quoteUri } from './shared.js';
import { linkedReads, toolLocation, uiItems, uiSkip, uiSpec } from './ui-shared.js';

const CSP_FIELDS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;
const VISIBILITY = new Set(['model', 'app']);

/** Type problems of a tool's `_meta.ui` (McpUiToolMeta), each with a pointer under `_meta/ui`. */
export function toolMetaProblems(ui: unknown): { pointer: string; problem: string }[] {
  const record = asRecord(ui);
  if (record === undefined) return [{ pointer: '', problem: `_meta.ui must be an object, got ${jsonType(ui)}` }];
  const problems: { pointer: string; problem: string }[] = [];
  if (record.resourceUri !== undefined && typeof record.resourceUri !== 'string')
    problems.push({ pointer: '/resourceUri', problem: `_meta.ui.resourceUri must be a string, got ${jsonType(record.resourceUri)}` });
  if (record.visibility !== undefined) {
    if (!Array.isArray(record.visibility))
      problems.push({ pointer: '/visibility', problem: `_meta.ui.visibility must be an array, got ${jsonType(record.visibility)}` });
    else {
      const bad = record.visibility.findIndex((value) => typeof value !== 'string' || !VISIBILITY.has(value));
      if (bad !== -1)
        problems.push({
          pointer: `/visibility/${bad}`,
          problem: `_meta.ui.visibility[${bad}] must be "model" or "app", got ${quote(record.visibility[bad], 40)}`,
        });
    }
  }
  return problems;
}

/** Type problems of a UI resource's `_meta.ui` (UIResourceMeta: csp, permissions, domain, prefersBorder). */
export function resourceMetaProblems(ui: unknown): string[] {
  if (ui === undefined) return [];
  const record = asRecord(ui);
  if (record === undefined) return [`_meta.ui must be an object, got ${jsonType(ui)}`];
  const problems: string[] = [];
  if (record.csp !== undefined) {
    const csp = asRecord(record.csp);
    if (csp === undefined) problems.push(`_meta.ui.csp must be an object, got ${jsonType(record.csp)}`);
    else
      for (const field of CSP_FIELDS) {
        const value = csp[field];
        if (value !== undefined && !(Array.isArray(value) && value.every((entry) => typeof entry === 'string')))
          problems.push(`_meta.ui.csp.${field} must be an array of strings, got ${jsonType(value)}`);
      }
  }
  if (record.permissions !== undefined) {
    const permissions = asRecord(record.permissions);
    if (permissions === undefined) problems.push(`_meta.ui.permissions must be an object, got ${jsonType(record.permissions)}`);
    else
      for (const field of PERMISSIONS) {
        if (permissions[field] !== undefined && asRecord(permissions[field]) === undefined)
          problems.push(`_meta.ui.permissions.${field} must be an object, got ${jsonType(permissions[field])}`);
      }
  }
  if (record.domain !== undefined && typeof record.domain !== 'string') problems.push(`_meta.ui.domain must be a string, got ${jsonType(record.domain)}`);
  if (record.prefersBorder !== undefined && typeof record.prefersBorder !== 'boolean')
    problems.push(`_meta.ui.prefersBorder must be a boolean, got ${jsonType(record.prefersBorder)}`);
  return problems;
}

export const uiMeta = defineRule({
  id: 'resources/ui-meta',
  family: 'resources',
  description: '_meta.ui of tools, and of the UI resources they link, has the field types the MCP Apps extension declares.',
  defaultSeverity: 'error',
  spec: uiSpec({
    keyword: 'SCHEMA',
    binds: 'server',
    section: 'apps#resource-discovery',
    quote: 'McpUiToolMeta.resourceUri?: string;',
    note: 'And `visibility?: Array<"model" | "app">`; a UI resource\'s `_meta.ui` is UIResourceMeta (csp with string arrays, permissions with objects, domain a string, prefersBorder a boolean).',
  }),
  docs:
    'The types the extension declares. On a tool: `_meta.ui` is an object, `resourceUri` a string, `visibility` ' +
    'an array of "model" and "app". On the UI resource (its listing and the contents of its read): `_meta.ui.csp` ' +
    'an object whose `connectDomains`, `resourceDomains`, `frameDomains` and `baseUriDomains` are arrays of ' +
    'strings, `permissions` an object whose `camera`, `microphone`, `geolocation` and `clipboardWrite` are ' +
    'objects, `domain` a string, `prefersBorder` a boolean. Other fields are left alone (the extension may grow). ' +
    'Every problem is reported on the tool.',
  async check(context) {
    const skip = uiSkip(context);
    if (skip !== undefined) return context.skip(skip);
    for (const link of uiLinks(context.surface)) {
      if (link.ui === undefined && link.field === 'ui/resourceUri') continue;
      for (const { pointer, problem } of toolMetaProblems(link.ui ?? null)) {
        context.report({ message: `tool ${quote(link.tool, 60)}: ${problem}`, location: toolLocation(link.tool, `/_meta/ui${pointer}`), data: { pointer } });
      }
    }
    const listed = new Map(listedResources(context.surface).map((resource) => [resource.uri, resource.record]));
    const { reads } = await linkedReads(context);
    for (const entry of reads) {
      const where = `tool ${quote(entry.link.tool, 60)} links ${quoteUri(entry.link.uri)}`;
      const listing = listed.get(entry.link.uri);
      for (const problem of resourceMetaProblems(asRecord(listing?._meta)?.ui)) {
        context.report({ message: `${where}, whose listing: ${problem}`, location: toolLocation(entry.link.tool), data: { uri: entry.link.uri } });
      }
      if (entry.read.outcome.kind !== 'result') continue;
      for (const { index, item } of uiItems(entry)) {
        for (const problem of resourceMetaProblems(asRecord(item._meta)?.ui)) {
          context.report({
            message: `${where}, whose contents[${index}]: ${problem}`,
            location: toolLocation(entry.link.tool),
            data: { uri: entry.link.uri, index },
          });
        }
      }
    }
  },
});
