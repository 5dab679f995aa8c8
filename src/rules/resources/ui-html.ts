import { defineRule } from '../../engine/rule.js';
import { quote } from '../../util/text.js';
import { base64Problem } from './blob-base64.js';
import { quoteUri } from './shared.js';
import { linkedReads, toolLocation, uiItems, uiSkip, uiSpec } from './ui-shared.js';

/**
 * What keeps a text from being an HTML document, or undefined: it must start (after a byte order mark, white space
 * and comments) with the HTML5 doctype, as the HTML standard requires of every document.
 */
export function htmlProblem(text: string): string | undefined {
  if (text.trim() === '') return 'it is empty';
  let rest = text.replace(/^\uFEFF/, '');
  for (let guard = 0; guard < 100; guard++) {
    rest = rest.replace(/^\s+/, '');
    if (!rest.startsWith('<!--')) break;
    const end = rest.indexOf('-->', 4);
    if (end === -1) return 'a comment at its start is never closed';
    rest = rest.slice(end + 3);
  }
  if (/^<!doctype\s+html(?:\s[^>]*)?>/i.test(rest)) return undefined;
  const start = JSON.stringify(rest.slice(0, 30));
  return /^<html[\s>]/i.test(rest)
    ? 'it has no <!DOCTYPE html> before <html> (a browser renders it in quirks mode)'
    : `it does not start with <!DOCTYPE html> (it starts with ${start})`;
}

export const uiHtml = defineRule({
  id: 'resources/ui-html',
  family: 'resources',
  description: 'The contents of a UI resource a tool links are an HTML5 document (text, or a base64 blob of UTF-8 text).',
  defaultSeverity: 'error',
  spec: uiSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'apps#content-requirements',
    quote: 'Content MUST be valid HTML5 document',
    note: 'The HTML standard requires every document to start with the doctype (after an optional byte order mark, white space and comments).',
  }),
  docs:
    'The host loads the UI resource into a sandboxed iframe as a document. mcpact checks what a parser cannot ' +
    'forgive: the text (or the blob, decoded from base64 as UTF-8) is not empty and starts with `<!DOCTYPE html>` ' +
    '(after an optional byte order mark, white space and comments), which the HTML standard requires of a ' +
    'document; without it browsers fall back to quirks mode. A blob that is not base64 or not UTF-8 is a finding ' +
    'too. HTML parsing never fails outright, so mcpact does not claim more; contents bigger than ' +
    '`resources.max_bytes` are checked on their start only.',
  async check(context) {
    const skip = uiSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const { reads } = await linkedReads(context);
    for (const entry of reads) {
      if (entry.read.outcome.kind !== 'result') continue;
      for (const { index, item } of uiItems(entry)) {
        let text: string | undefined;
        let problem: string | undefined;
        if (typeof item.text === 'string') text = item.text;
        else if (typeof item.blob === 'string') {
          const encoding = entry.read.oversized ? undefined : base64Problem(item.blob);
          if (encoding !== undefined) problem = `its blob is not base64 (${encoding})`;
          else {
            try {
              text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(item.blob.slice(0, item.blob.length - (item.blob.length % 4)), 'base64'));
            } catch {
              problem = 'its blob does not decode to UTF-8 text';
            }
          }
        } else continue;
        problem ??= text === undefined ? undefined : htmlProblem(text);
        if (problem === undefined) continue;
        context.report({
          message: `tool ${quote(entry.link.tool, 60)} links ${quoteUri(entry.link.uri)}, whose contents[${index}] is not an HTML5 document: ${problem}`,
          location: toolLocation(entry.link.tool),
          data: { uri: entry.link.uri, index },
        });
      }
    }
  },
});
