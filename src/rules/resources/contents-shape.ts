import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { jsonType } from '../../util/json.js';
import { isComplete } from '../../exercise/modern-result.js';
import { contentItems, familyReads, quoteUri } from './shared.js';

export const contentsShape = defineRule({
  id: 'resources/contents-shape',
  family: 'resources',
  needs: ['resources', 'resourceTemplates'],
  description: 'What resources/read returns is { contents: [...] }, each item with a string uri, a string mimeType if any, and exactly one of text or blob.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'R2',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/resources#reading-resources',
        quote: 'ReadResourceResult.contents: (TextResourceContents | BlobResourceContents)[];',
        note: 'TextResourceContents has `uri`, optional `mimeType` and `text: string`; BlobResourceContents the same with `blob: string`.',
      },
      { '2025-06-18': { section: 'schema#readresourceresult' } },
    ),
  },
  docs:
    'Judges every read the family makes (listed resources, one expansion of each template, the UI resources tools ' +
    'link; each up to `resources.max_reads`): the result must have a `contents` array, and each item must be an ' +
    'object with a string `uri`, a string `mimeType` when present, and exactly one of `text` (a string) or `blob` ' +
    '(a string). Whether the blob is valid base64 is resources/blob-base64; whether `uri` and `mimeType` agree ' +
    'with the listing is resources/contents-match.',
  async check(context) {
    if (context.surface.capabilities.resources === undefined) return context.skip('the server does not declare resources');
    const { reads } = await familyReads(context);
    if (reads.length === 0) return context.skip('nothing to read: no listed resources, expandable templates or UI links');
    for (const entry of reads) {
      // A read that still asked for input when mcpact stopped retrying (2026-07-28) has no contents yet (resources/input-required).
      if (entry.read.outcome.kind !== 'result' || !isComplete(entry.read.outcome.result)) continue;
      const at = (pointer: string, problem: string) =>
        context.report({
          message: `resources/read of ${quoteUri(entry.uri)} (${entry.origin}): ${problem}`,
          location: { ...entry.location, pointer: entry.location.kind === 'tool' ? entry.location.pointer : pointer },
          data: { uri: entry.uri, pointer },
        });
      if (entry.read.contents === undefined) {
        at('/contents', 'the result has no contents array');
        continue;
      }
      for (const { index, item, raw } of contentItems(entry.read)) {
        const pointer = `/contents/${index}`;
        if (item === undefined) {
          at(pointer, `contents[${index}] must be an object, got ${jsonType(raw)}`);
          continue;
        }
        if (typeof item.uri !== 'string') at(`${pointer}/uri`, `contents[${index}].uri must be a string, got ${jsonType(item.uri)}`);
        if (item.mimeType !== undefined && typeof item.mimeType !== 'string')
          at(`${pointer}/mimeType`, `contents[${index}].mimeType must be a string, got ${jsonType(item.mimeType)}`);
        const hasText = item.text !== undefined;
        const hasBlob = item.blob !== undefined;
        if (hasText && hasBlob) at(pointer, `contents[${index}] has both text and blob; exactly one is allowed`);
        else if (!hasText && !hasBlob) at(pointer, `contents[${index}] has neither text nor blob`);
        else if (hasText && typeof item.text !== 'string') at(`${pointer}/text`, `contents[${index}].text must be a string, got ${jsonType(item.text)}`);
        else if (hasBlob && typeof item.blob !== 'string') at(`${pointer}/blob`, `contents[${index}].blob must be a string, got ${jsonType(item.blob)}`);
      }
    }
  },
});
