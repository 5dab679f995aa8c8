import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { coveredByListing } from '../../exercise/resources.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { quoteUri, standing } from './shared.js';
import { linkedReads, toolLocation, uiSkip, uiSpec } from './ui-shared.js';

const EXISTS = uiSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'apps#behavior',
  quote: 'Resource MUST exist on the server',
  note: 'Hosts read the UI resource a tool links with resources/read; the server MAY leave it out of resources/list.',
});

const SCHEME = uiSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'apps#content-requirements',
  quote: 'URI MUST start with `ui://` scheme',
});

export const uiResourceLink = defineRule({
  id: 'resources/ui-resource-link',
  family: 'resources',
  description: 'The UI resource a tool links (_meta.ui.resourceUri) is a ui:// URI that the server can read.',
  defaultSeverity: 'error',
  spec: EXISTS,
  alsoQuotes: { scheme: SCHEME },
  docs:
    'MCP Apps (extension `io.modelcontextprotocol/ui`): a tool links the HTML view that renders its results through ' +
    '`_meta.ui.resourceUri` (or the deprecated `_meta["ui/resourceUri"]`), and the host reads it with ' +
    '`resources/read`. mcpact reads each linked URI (up to `resources.max_reads`): an error (-32002 or -32602 ' +
    'included), or a result without contents, is a finding on the tool; so is a URI that does not start with ' +
    '`ui://`. The server may leave UI resources out of resources/list, so a link to an unlisted resource is only ' +
    'noted. mcpact offers no client capabilities, so a server that shows its UI tools only to hosts that offer ' +
    'the extension shows it none, and the MCP Apps rules skip.',
  async check(context) {
    const skip = uiSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const { reads, left } = await linkedReads(context);
    if (left > 0) context.note(`${left} UI links not read (resources.max_reads)`);
    const undecided: string[] = [];
    for (const entry of reads) {
      const { tool, uri, field } = entry.link;
      const pointer = field === 'ui/resourceUri' ? '/_meta/ui~1resourceUri' : '/_meta/ui/resourceUri';
      if (!uri.toLowerCase().startsWith('ui://')) {
        context.report({
          message: `tool ${quote(tool, 60)} links ${quoteUri(uri)}, which is not a ui:// URI`,
          location: toolLocation(tool, pointer),
          spec: SCHEME,
          data: { uri },
        });
      }
      if (coveredByListing(context.surface, uri) === undefined)
        context.note(`tool ${quote(tool, 60)}: ${quoteUri(uri)} is not listed (allowed for UI resources)`);
      const stand = standing(entry.read);
      if (stand.kind === 'undecided') {
        undecided.push(stand.why);
        continue;
      }
      if (stand.kind === 'failed') {
        context.report({
          message: `tool ${quote(tool, 60)} links the UI resource ${quoteUri(uri)}, which cannot be read: ${describeOutcome(stand.outcome)}`,
          location: toolLocation(tool, pointer),
          answer: answerOf(stand.outcome),
          data: { uri, outcome: stand.outcome.kind, ...(stand.outcome.kind === 'error' && { code: stand.outcome.code }) },
        });
        continue;
      }
      if (entry.read.contents === undefined || entry.read.contents.length === 0) {
        context.report({
          message: `tool ${quote(tool, 60)} links the UI resource ${quoteUri(uri)}, whose read has no contents`,
          location: toolLocation(tool, pointer),
          data: { uri },
        });
      }
    }
    if (undecided.length > 0) context.inconclusive(`${undecided.length} UI links not judged: ${undecided.slice(0, 3).join('; ')}`);
  },
});
