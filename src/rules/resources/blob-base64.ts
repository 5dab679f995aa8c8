import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { contentItems, familyReads, quoteUri } from './shared.js';

/** RFC 4648 base64 (standard alphabet, padded), as JSON Schema's `byte` format means it: no line breaks, no spaces. */
export function base64Problem(blob: string): string | undefined {
  if (blob.length % 4 !== 0) return `its length (${blob.length}) is not a multiple of 4`;
  const bad = /[^A-Za-z0-9+/=]/.exec(blob);
  if (bad) return `it contains ${JSON.stringify(bad[0])} at offset ${bad.index}, which is not in the base64 alphabet`;
  if (/=[^=]/.test(blob) || /===$/.test(blob)) return 'its "=" padding is not only at the end';
  return undefined;
}

export const blobBase64 = defineRule({
  id: 'resources/blob-base64',
  family: 'resources',
  needs: ['resources', 'resourceTemplates'],
  description: 'Every blob in resources/read contents is valid base64 (RFC 4648, padded).',
  defaultSeverity: 'error',
  spec: {
    checklist: 'R6',
    texts: since('2024-11-05', {
      keyword: 'MUST',
      binds: 'server',
      section: 'server/resources#security-considerations',
      quote: 'Binary data MUST be properly encoded',
      note: 'BlobResourceContents.blob is "A base64-encoded string representing the binary data of the item" (schema.ts, @format byte).',
    }),
  },
  docs:
    'A `blob` is the base64 encoding of binary contents: the standard alphabet, padded to a multiple of four ' +
    'characters, no line breaks or spaces. A client that decodes it strictly fails on anything else, and a lenient ' +
    'one silently corrupts the data. mcpact checks every blob of the reads the family makes; a read bigger than ' +
    '`resources.max_bytes` is not checked (the note says which).',
  async check(context) {
    if (context.surface.capabilities.resources === undefined) return context.skip('the server does not declare resources');
    const { reads } = await familyReads(context);
    const oversized: string[] = [];
    let blobs = 0;
    for (const entry of reads) {
      if (entry.read.oversized) {
        oversized.push(quoteUri(entry.uri));
        continue;
      }
      for (const { index, item } of contentItems(entry.read)) {
        if (typeof item?.blob !== 'string') continue;
        blobs++;
        const problem = base64Problem(item.blob);
        if (problem === undefined) continue;
        context.report({
          message: `resources/read of ${quoteUri(entry.uri)}: contents[${index}].blob is not valid base64: ${problem}`,
          location: { ...entry.location, pointer: entry.location.kind === 'tool' ? entry.location.pointer : `/contents/${index}/blob` },
          data: { uri: entry.uri, index, length: item.blob.length },
        });
      }
    }
    if (oversized.length > 0) context.note(`not checked, bigger than resources.max_bytes: ${oversized.slice(0, 5).join(', ')}`);
    if (blobs === 0 && oversized.length === 0) context.note('no blob contents among the reads');
  },
});
