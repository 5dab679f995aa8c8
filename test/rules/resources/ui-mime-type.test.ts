import { uiMimeType } from '../../../src/rules/resources/ui-mime-type.js';
import { ruleTester } from '../../support/rule-tester.js';
import { appServer, uiContents } from './ui-support.js';

ruleTester(uiMimeType, {
  valid: [
    { name: 'text/html;profile=mcp-app', server: appServer() },
    { name: 'spacing, case and quotes aside', server: appServer({ read: uiContents({ mimeType: 'Text/HTML; profile="mcp-app"' }) }) },
  ],
  invalid: [
    {
      name: 'plain text/html',
      server: appServer({ read: uiContents({ mimeType: 'text/html' }) }),
      findings: [{ message: 'have mimeType "text/html"; an MCP App is text/html;profile=mcp-app', location: { kind: 'tool', name: 'show_weather' } }],
    },
    { name: 'no mimeType', server: appServer({ read: uiContents({ mimeType: undefined }) }), findings: [{ message: 'have no mimeType' }] },
  ],
  skipped: [{ name: 'no MCP Apps metadata', server: { tools: [] }, skipped: 'no tool carries MCP Apps metadata' }],
});
