import { uiResourceLink } from '../../../src/rules/resources/ui-resource-link.js';
import { ruleTester } from '../../support/rule-tester.js';
import { appServer, UI_URI } from './ui-support.js';

ruleTester(uiResourceLink, {
  valid: [
    { name: 'a listed ui:// resource that reads', server: appServer() },
    { name: 'an unlisted UI resource that reads', server: appServer({ listed: null }) },
    { name: 'the deprecated flat key', server: appServer({ tool: { _meta: { 'ui/resourceUri': UI_URI } } }) },
  ],
  invalid: [
    {
      name: 'a link to nothing',
      server: appServer({ tool: { _meta: { ui: { resourceUri: 'ui://weather/missing' } } } }),
      findings: [
        {
          message: 'links the UI resource "ui://weather/missing", which cannot be read: JSON-RPC error -32002',
          location: { kind: 'tool', name: 'show_weather', pointer: '/_meta/ui/resourceUri' },
        },
      ],
    },
    {
      name: 'not a ui:// URI',
      server: appServer({ tool: { _meta: { ui: { resourceUri: 'https://example.com/app.html' } } } }),
      findings: [{ message: 'which is not a ui:// URI' }, { message: 'cannot be read' }],
    },
    { name: 'empty contents', server: appServer({ read: { result: { contents: [] } } }), findings: [{ message: 'whose read has no contents' }] },
  ],
  skipped: [
    { name: 'no MCP Apps metadata', server: { tools: [{ name: 'plain', inputSchema: { type: 'object' } }] }, skipped: 'no tool carries MCP Apps metadata' },
    {
      name: 'the extension declared, no UI tool shown',
      server: { tools: [{ name: 'plain', inputSchema: { type: 'object' } }], capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/ui': {} } } },
      skipped: 'declares io.modelcontextprotocol/ui, but no tool carries _meta.ui',
    },
  ],
});
