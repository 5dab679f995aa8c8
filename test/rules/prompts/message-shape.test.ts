import { messageShape } from '../../../src/rules/prompts/message-shape.js';
import { ruleTester } from '../../support/rule-tester.js';
import { inputRequiredServer, promptServer } from './support.js';

const messages = (...list: unknown[]) => ({ result: { messages: list } });

/** A prompt that embeds its URI argument as given, as the conformance suite's reference server does. */
const embed = {
  name: 'embed',
  description: 'Embed a resource.',
  arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
};
const embedsAsGiven = (resources?: unknown[]) =>
  promptServer(
    (args, params) =>
      params.name === 'embed' && typeof args.resourceUri === 'string' && args.resourceUri.trim() !== '' && Object.keys(args).length === 1
        ? messages({ role: 'user', content: { type: 'resource', resource: { uri: args.resourceUri, text: 'hi' } } })
        : undefined,
    { prompts: [embed], ...(resources && { resources }) },
  );

ruleTester(messageShape, {
  valid: [
    { name: 'strict server', server: promptServer() },
    // 2026-07-28: the input-required answer is no rendering; the rendering the retry gets is judged.
    { name: 'rendered after an input-required round trip', server: inputRequiredServer(), era: 'modern' },
    {
      name: 'every content type, well formed',
      server: promptServer((_args, params) =>
        params.name === 'summarize'
          ? messages(
              { role: 'user', content: { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' } },
              { role: 'assistant', content: { type: 'resource_link', uri: 'file:///a.txt', name: 'a' } },
              { role: 'user', content: { type: 'resource', resource: { uri: 'docs://a', text: 'hi' } } },
            )
          : undefined,
      ),
    },
    // mcpact sends a URI argument a URI (one of the server's own first); what its adversarial cases send (a fake
    // turn, 64 KiB of text) is embedded as given too: mcpact's value, not the server's defect.
    { name: 'a URI argument embedded as given, the server listing resources', server: embedsAsGiven([{ uri: 'docs://readme', name: 'readme' }]) },
    { name: 'a URI argument embedded as given, nothing listed', server: embedsAsGiven() },
  ],
  invalid: [
    {
      name: 'system role, bad base64, no messages',
      server: promptServer((_args, params) =>
        params.name === 'summarize'
          ? messages(
              { role: 'system', content: { type: 'text', text: 'x' } },
              { role: 'user', content: { type: 'image', data: 'not base64!', mimeType: 'image/png' } },
            )
          : params.name === 'code_review'
            ? messages()
            : undefined,
      ),
      findings: [
        { message: 'rendered result: result has no messages (case complete)', location: { name: 'code_review', pointer: '/messages' } },
        { message: 'role must be "user" or "assistant", got "system"', location: { name: 'summarize', pointer: '/messages/0/role' } },
        { message: 'image data is not valid base64', location: { pointer: '/messages/1/content/data' } },
      ],
    },
    {
      name: 'input_required in the legacy era is no rendering of any revision',
      server: inputRequiredServer({ only: 'summarize' }),
      findings: [{ message: 'rendered result: result has no messages array (case complete)', location: { name: 'summarize', pointer: '/messages' } }],
    },
  ],
  inconclusive: [
    {
      name: 'never rendered: input required with nothing to send back',
      server: inputRequiredServer({ first: () => ({ resultType: 'input_required' }) }),
      era: 'modern',
      reason: 'no prompt rendered: code_review: prompts/get answered input_required with nothing mcpact could send back',
    },
  ],
});
