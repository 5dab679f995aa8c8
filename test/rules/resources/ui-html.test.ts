import { describe, expect, it } from 'vitest';
import { htmlProblem, uiHtml } from '../../../src/rules/resources/ui-html.js';
import { ruleTester } from '../../support/rule-tester.js';
import { appServer, HTML, uiContents } from './ui-support.js';

ruleTester(uiHtml, {
  valid: [
    { name: 'an HTML5 document', server: appServer() },
    { name: 'a base64 blob of one', server: appServer({ read: uiContents({ text: undefined, blob: Buffer.from(HTML).toString('base64') }) }) },
  ],
  invalid: [
    {
      name: 'a fragment',
      server: appServer({ read: uiContents({ text: '<div>hi</div>' }) }),
      findings: [{ message: 'does not start with <!DOCTYPE html>', location: { kind: 'tool', name: 'show_weather' } }],
    },
    { name: 'no doctype', server: appServer({ read: uiContents({ text: '<html><body></body></html>' }) }), findings: [{ message: 'quirks mode' }] },
    { name: 'empty', server: appServer({ read: uiContents({ text: '  ' }) }), findings: [{ message: 'it is empty' }] },
    {
      name: 'a blob that is not UTF-8',
      server: appServer({ read: uiContents({ text: undefined, blob: Buffer.from([0xff, 0xfe, 0x00]).toString('base64') }) }),
      findings: [{ message: 'does not decode to UTF-8' }],
    },
  ],
  skipped: [{ name: 'no MCP Apps metadata', server: { tools: [] }, skipped: 'no tool carries MCP Apps metadata' }],
});

describe('htmlProblem', () => {
  it('allows a byte order mark, white space and comments before the doctype, in any case', () => {
    expect(htmlProblem('\uFEFF <!-- built --> \n<!doctype HTML><p>x')).toBeUndefined();
    expect(htmlProblem('<!-- never closed')).toMatch(/never closed/);
  });
});
