/**
 * The schema protocol/message-schema takes from the SDK packages, compared with the published schema.json of the
 * revision (../shared/data/mcp-schema, reference data that is never committed here): the same definitions exist,
 * and both give the same verdict on the same messages.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv as AjvCore, Options } from 'ajv';
import { describe, expect, it } from 'vitest';
import { definitionsOf } from '../../../src/rules/protocol/message-definitions.js';
import { schemaOf } from '../../../src/rules/protocol/message-validators.js';
import type { Era } from '../../../src/model/spec.js';
import { ROOT } from '../../support/cli.js';

const require = createRequire(import.meta.url);
/**
 * The published schemas are reference data beside the project, never part of it (MCPACT_SCHEMA_DIR points elsewhere):
 * a clone without them skips this comparison, and says so, rather than failing on a file it was never meant to have.
 */
const PUBLISHED = process.env.MCPACT_SCHEMA_DIR ?? `${ROOT}../shared/data/mcp-schema`;
const HAVE_PUBLISHED = existsSync(`${PUBLISHED}/2025-11-25.schema.json`) && existsSync(`${PUBLISHED}/2026-07-28.schema.json`);
const REVISION: Record<Era, string> = { legacy: '2025-11-25', modern: '2026-07-28' };

function published(era: Era): { ajv: AjvCore; defs: Record<string, unknown> } {
  const schema = JSON.parse(readFileSync(`${PUBLISHED}/${REVISION[era]}.schema.json`, 'utf8')) as { $defs: Record<string, unknown> };
  const ajv = new (require('ajv/dist/2020.js') as { default: new (options: Options) => AjvCore }).default({
    strict: false,
    allErrors: true,
    validateFormats: false,
  });
  ajv.addSchema(schema, 'mcp');
  return { ajv, defs: schema.$defs };
}

/** Messages each era's servers send, well-formed and not, by definition (the result fields of the modern era added). */
function samples(era: Era): [string, unknown, boolean][] {
  const done = era === 'modern' ? { resultType: 'complete' } : {};
  // Lists and reads are cacheable results in 2026-07-28: with caching hints.
  const listed = era === 'modern' ? { ...done, ttlMs: 0, cacheScope: 'public' } : {};
  const tool = { name: 'echo', inputSchema: { type: 'object' } };
  return [
    ['ListToolsResult', { ...listed, tools: [tool] }, true],
    ['ListToolsResult', { ...listed, tools: [{ ...tool, icons: [{ mimeType: 'image/png' }] }] }, false],
    ['ListToolsResult', { ...listed, tools: [{ ...tool, icons: [{ src: 'https://example.com/a.png', theme: 'dark' }] }] }, true],
    ['CallToolResult', { ...done, content: [{ type: 'text', text: 'hi' }] }, true],
    ['CallToolResult', { ...done, content: [{ type: 'text', text: 'hi' }], isError: true }, true],
    ['CallToolResult', { ...done, content: [{ type: 'video', uri: 'https://example.com/a.mp4' }] }, false],
    ['CallToolResult', { ...done, content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] }, true],
    ['CallToolResult', { ...done, content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] }, true],
    ['CallToolResult', { ...done, content: [{ type: 'image', data: 'AAAA' }] }, false],
    ['ProgressNotification', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 0.5, total: 1 } }, true],
    ['ProgressNotification', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 'half' } }, false],
    ['JSONRPCErrorResponse', { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } }, true],
    ['JSONRPCErrorResponse', { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 42 } }, false],
    ['JSONRPCErrorResponse', { jsonrpc: '2.0', id: 1, error: { code: 'bad', message: 'bad' } }, false],
    ['GetPromptResult', { ...done, messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }, true],
    ['ReadResourceResult', { ...listed, contents: [{ uri: 'file:///a', text: 'a' }] }, true],
    ['ListPromptsResult', { ...listed, prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }] }, true],
    ['ListResourcesResult', { ...listed, resources: [{ uri: 'file:///a', name: 'a', size: 3 }] }, true],
    ['ListResourcesResult', { ...listed, resources: [{ uri: 'file:///a', name: 'a', size: 'big' }] }, false],
  ];
}

describe.skipIf(!HAVE_PUBLISHED).each(['legacy', 'modern'] as const)(`the %s era (published schemas from ${PUBLISHED})`, (era) => {
  it(`has every definition it checks in the published schema of ${REVISION[era]} and in the SDK module`, async () => {
    const { defs } = published(era);
    const schema = await schemaOf(era);
    for (const definition of definitionsOf(era)) {
      expect(Object.hasOwn(defs, definition), `${definition} in ${REVISION[era]}`).toBe(true);
      expect(schema.validator(definition), `${definition} in ${schema.source}`).toBeDefined();
    }
  });

  it.each(samples(era).map(([definition, value, valid]) => ({ definition, value, valid })))(
    'agrees with the published schema: $definition ($valid)',
    async ({ definition, value, valid }) => {
      const { ajv } = published(era);
      const check = ajv.getSchema(`mcp#/$defs/${definition}`)!;
      expect(check(value), `published ${REVISION[era]} ${definition}`).toBe(valid);
      const schema = await schemaOf(era);
      expect(schema.validator(definition)!(value).length === 0, `${schema.source} ${definition}`).toBe(valid);
    },
  );
});
