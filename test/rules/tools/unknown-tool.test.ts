import { unknownTool } from '../../../src/rules/tools/unknown-tool.js';
import { ruleTester } from '../../support/rule-tester.js';
import { rpcError, searchTool, text, toolError, toolsServer } from './tools-fake.js';

ruleTester(unknownTool, {
  valid: [{ name: 'JSON-RPC -32602', server: toolsServer([searchTool]) }],
  invalid: [
    {
      name: 'isError result (the SDK McpServer default)',
      server: toolsServer([searchTool], { unknown: toolError('MCP error -32602: Tool x not found') }),
      findings: [
        {
          message: 'isError: true',
          data: { negotiated: '2025-11-25', level: 'BEST PRACTICE', isError: true, params: { name: 'mcpact_unknown_tool', arguments: {} } },
        },
      ],
    },
    {
      name: 'method not found',
      server: toolsServer([searchTool], { unknown: rpcError(-32601) }),
      findings: [{ message: 'JSON-RPC error -32601, a wrong code', data: { code: -32601 } }],
    },
    {
      name: 'internal error',
      server: toolsServer([searchTool], { unknown: rpcError(-32603) }),
      findings: [{ message: 'JSON-RPC error -32603', data: { code: -32603 } }],
    },
    {
      name: 'success',
      server: toolsServer([searchTool], { unknown: text('done') }),
      findings: [{ message: 'succeeded' }],
    },
    {
      name: 'older revision is named in the finding',
      server: toolsServer([searchTool], { unknown: toolError('not found'), protocolVersion: '2025-06-18' }),
      findings: [{ message: 'revision 2025-06-18, best practice', data: { negotiated: '2025-06-18' } }],
    },
  ],
  skipped: [{ name: 'no tools capability', server: { prompts: [{ name: 'p' }] }, skipped: 'tools capability' }],
});
