import { defineRule } from '../../engine/rule.js';
import { quote } from '../../util/text.js';
import { quoteUri } from './shared.js';
import { isMcpAppMimeType, linkedReads, toolLocation, uiItems, uiSkip, uiSpec } from './ui-shared.js';

export const uiMimeType = defineRule({
  id: 'resources/ui-mime-type',
  family: 'resources',
  description: 'The contents of a UI resource a tool links have mimeType text/html;profile=mcp-app.',
  defaultSeverity: 'error',
  spec: uiSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'apps#content-requirements',
    quote: '`mimeType` MUST be `text/html;profile=mcp-app` (other types reserved for future extensions)',
  }),
  docs:
    'A host renders a UI resource only when its contents say they are an MCP App: `text/html;profile=mcp-app` ' +
    '(spaces around `;`, letter case of the type and a quoted parameter value are accepted). Plain `text/html`, ' +
    'another type, or no mimeType on the contents is a finding on the tool that links it. What is read is judged, ' +
    'not the listing: a host decides from the contents.',
  async check(context) {
    const skip = uiSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const { reads } = await linkedReads(context);
    for (const entry of reads) {
      if (entry.read.outcome.kind !== 'result') continue;
      for (const { index, item } of uiItems(entry)) {
        if (isMcpAppMimeType(item.mimeType)) continue;
        context.report({
          message: `tool ${quote(entry.link.tool, 60)} links ${quoteUri(entry.link.uri)}, whose contents[${index}] ${
            item.mimeType === undefined ? 'have no mimeType' : `have mimeType ${quoteUri(item.mimeType)}`
          }; an MCP App is text/html;profile=mcp-app`,
          location: toolLocation(entry.link.tool),
          data: { uri: entry.link.uri, index, mimeType: item.mimeType ?? null },
        });
      }
    }
  },
});
