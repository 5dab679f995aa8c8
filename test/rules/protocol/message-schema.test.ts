import { describe } from 'vitest';
import { messageSchema } from '../../../src/rules/protocol/message-schema.js';
import { validInput } from '../../../src/rules/tools/valid-input.js';
import { erasHttp, erasStdio, type FixtureEra } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

const tool = { name: 'echo', description: 'Echo a text back.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } };

/** A server that sends `messages` before it answers tools/list. */
const sending = (...messages: unknown[]) => ({
  tools: [tool],
  handle: (method: string) => (method === 'tools/list' ? { before: messages, reply: { result: { tools: [tool] } } } : undefined),
});

const iconsFinding = (messages: number) => ({
  message: `tools/list result: /tools/*/icons/*/src is missing (ListToolsResult, ${messages} message${messages === 1 ? '' : 's'})`,
});

ruleTester(messageSchema, {
  valid: [
    { name: 'SDK 2.x server, modern era (stdio)', target: erasStdio('modern'), era: 'modern', alongside: [validInput] },
    { name: 'SDK 2.x server, legacy era (stdio)', target: erasStdio('legacy'), alongside: [validInput] },
    {
      // schema/prompt-shape judges it: not reported twice.
      name: 'a prompt whose arguments is an object',
      server: { prompts: [{ name: 'greet', arguments: { name: { required: true } } }] },
    },
    {
      // schema/tool-input-schema judges it.
      name: 'a tool whose inputSchema has no type',
      server: { tools: [{ name: 'echo', inputSchema: { properties: {} } }] },
    },
    {
      // The input-required rules judge the interim result.
      name: 'an input_required interim result',
      server: {
        tools: [tool],
        handle: (method: string) => (method === 'tools/call' ? { result: { resultType: 'input_required', inputRequests: {} } } : undefined),
      },
      alongside: [validInput],
    },
  ],
  invalid: [
    {
      name: 'icons without src and content of a made-up type, modern era (stdio)',
      target: erasStdio('modern', 'schema-breaks'),
      era: 'modern',
      alongside: [validInput],
      findings: [
        { message: /^tools\/call result: \/content\/\* matches none of the shapes the schema allows there \(type "video"\) \(CallToolResult, \d+ messages\)$/ },
        iconsFinding(1),
      ],
    },
    {
      name: 'icons without src and content of a made-up type, legacy era (stdio)',
      target: erasStdio('legacy', 'schema-breaks'),
      alongside: [validInput],
      findings: [{ message: /^tools\/call result: \/content\/\* matches none/ }, iconsFinding(1)],
    },
    {
      name: 'many tools failing alike are one finding, with example places',
      server: { pageSize: 50, tools: Array.from({ length: 5 }, (_, index) => ({ ...tool, name: `t${index}`, icons: [{ mimeType: 'image/png' }] })) },
      findings: [
        { ...iconsFinding(1), data: { examples: ['/tools/0/icons/0/src', '/tools/1/icons/0/src', '/tools/2/icons/0/src'], definition: 'ListToolsResult' } },
      ],
    },
    {
      name: 'a notification the server sent',
      server: sending({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 'half' } }),
      findings: [{ message: 'notifications/progress notification: /params/progress must be number, got string (ProgressNotification, 1 message)' }],
    },
    {
      name: 'a request the server sent',
      server: sending({ jsonrpc: '2.0', id: 'srv-1', method: 'sampling/createMessage', params: { maxTokens: 10 } }),
      findings: [{ message: 'sampling/createMessage request: /params/messages is missing (CreateMessageRequest, 1 message)' }],
    },
    {
      name: 'an error response',
      server: {
        tools: [tool],
        handle: (method: string, _params: unknown, message: Record<string, unknown>) =>
          method === 'tools/call' ? { raw: { jsonrpc: '2.0', id: message.id, error: { code: -32602, message: 42 } } } : undefined,
      },
      alongside: [validInput],
      findings: [{ message: 'error response to tools/call: /error/message must be string, got number (JSONRPCErrorResponse, 1 message)' }],
    },
  ],
});

// Streamable HTTP, both eras: each describe block starts its own fixture.
for (const era of ['modern', 'legacy'] as const satisfies readonly FixtureEra[]) {
  describe(`Streamable HTTP, ${era} era`, () => {
    const good = erasHttp(era);
    const broken = erasHttp(era, 'schema-breaks');
    ruleTester(messageSchema, {
      valid: [{ name: `SDK 2.x server, ${era} era (HTTP)`, target: () => good(), era: era === 'modern' ? 'modern' : 'auto' }],
      invalid: [
        { name: `icons without src, ${era} era (HTTP)`, target: () => broken(), era: era === 'modern' ? 'modern' : 'auto', findings: [iconsFinding(1)] },
      ],
    });
  });
}
