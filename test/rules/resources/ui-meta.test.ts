import { uiMeta } from '../../../src/rules/resources/ui-meta.js';
import { ruleTester } from '../../support/rule-tester.js';
import { appServer, UI_URI, uiContents } from './ui-support.js';

ruleTester(uiMeta, {
  valid: [
    { name: 'typed metadata', server: appServer() },
    {
      name: 'resource metadata with csp and permissions',
      server: appServer({
        read: uiContents({ _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, permissions: { camera: {} }, prefersBorder: true } } }),
      }),
    },
  ],
  invalid: [
    {
      name: 'visibility with an unknown value',
      server: appServer({ tool: { _meta: { ui: { resourceUri: UI_URI, visibility: ['model', 'user'] } } } }),
      findings: [{ message: '_meta.ui.visibility[1] must be "model" or "app", got "user"', location: { kind: 'tool', pointer: '/_meta/ui/visibility/1' } }],
    },
    {
      name: 'csp domains as a string',
      server: appServer({ read: uiContents({ _meta: { ui: { csp: { connectDomains: 'https://api.example.com' } } } }) }),
      findings: [{ message: 'whose contents[0]: _meta.ui.csp.connectDomains must be an array of strings, got string' }],
    },
    {
      name: 'prefersBorder in the listing as a string',
      server: appServer({ listed: { uri: UI_URI, name: 'dashboard', _meta: { ui: { prefersBorder: 'yes' } } } }),
      findings: [{ message: 'whose listing: _meta.ui.prefersBorder must be a boolean' }],
    },
  ],
  skipped: [{ name: 'no MCP Apps metadata', server: { tools: [] }, skipped: 'no tool carries MCP Apps metadata' }],
});
