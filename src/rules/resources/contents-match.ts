import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { mediaTypeProblem } from '../../util/media-type.js';
import { contentItems, familyReads, quoteUri, refusalAsContents } from './shared.js';

/** The media type without parameters, lower case: `text/html;profile=mcp-app` is `text/html`. */
export function essence(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

/** Two URIs that name the same resource once percent-encoding is undone. */
function sameUri(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return decodeURI(a) === decodeURI(b);
  } catch {
    return false;
  }
}

export const contentsMatch = defineRule({
  id: 'resources/contents-match',
  family: 'resources',
  needs: ['resources', 'resourceTemplates'],
  description: 'The contents of a read carry the URI that was read and a mimeType that agrees with the listing.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'R2',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/resources#resource-contents',
      quote: 'ResourceContents: The contents of a specific resource or sub-resource.',
      note: 'The contents of what was read carry its own URI (or a sub-resource of it) and its MIME type; the text sets no level for a mismatch, so this is a best practice.',
    }),
  },
  docs:
    'A read that answers with one contents item must give it the URI that was asked for (the same after ' +
    'percent-decoding); several items may carry sub-resources of it. When the listing (the resource, or the ' +
    'template the URI was expanded from) declares a `mimeType`, an item that declares another media type (compared ' +
    'without parameters, so `text/html;profile=mcp-app` agrees with `text/html`) contradicts it: a client that ' +
    'chose how to parse from the listing reads it wrongly. A template expanded with a value mcpact chose (from ' +
    'completion or the description, not `resources.template_examples`) whose read answers with a refusal in words ' +
    '("not found", "malformed or unsupported", "invalid", see answer classes) got no resource to judge: that read ' +
    'gives no verdict.',
  async check(context) {
    if (context.surface.capabilities.resources === undefined) return context.skip('the server does not declare resources');
    const { reads } = await familyReads(context);
    const refused: string[] = [];
    for (const entry of reads) {
      // A refusal of a value mcpact chose is not the resource: its uri and mimeType are the refusal's, not the resource's.
      const refusal = entry.chosen === true ? refusalAsContents(entry.read) : undefined;
      if (refusal !== undefined) {
        refused.push(`resources/read of ${quoteUri(entry.uri)} (${entry.origin}) answered with a refusal in words, not the resource (${refusal})`);
        continue;
      }
      const items = contentItems(entry.read);
      const only = items.length === 1 ? items[0]!.item : undefined;
      if (typeof only?.uri === 'string' && !sameUri(only.uri, entry.uri)) {
        context.report({
          message: `resources/read of ${quoteUri(entry.uri)} (${entry.origin}) answered with contents for ${quoteUri(only.uri)}`,
          location: { ...entry.location, pointer: entry.location.kind === 'tool' ? entry.location.pointer : '/contents/0/uri' },
          data: { uri: entry.uri, contentUri: only.uri },
        });
      }
      // A listed mimeType that is no media type is schema/resource-mime-type's finding, not a second one here.
      if (entry.listedMimeType === undefined || mediaTypeProblem(entry.listedMimeType) !== undefined) continue;
      for (const { index, item } of items) {
        if (typeof item?.mimeType !== 'string' || essence(item.mimeType) === essence(entry.listedMimeType)) continue;
        context.report({
          message: `resources/read of ${quoteUri(entry.uri)}: contents[${index}].mimeType ${quoteUri(item.mimeType)} contradicts the listed mimeType ${quoteUri(entry.listedMimeType)}`,
          location: { ...entry.location, pointer: `/contents/${index}/mimeType` },
          data: { uri: entry.uri, index, mimeType: item.mimeType, listed: entry.listedMimeType },
        });
      }
    }
    if (refused.length > 0) context.inconclusive(`${refused.length} reads of a template value mcpact chose not judged: ${refused.slice(0, 3).join('; ')}`);
  },
});
