/**
 * A correct stdio MCP server with N generated tools (issue #14: "10,000 tools without false errors"): realistic
 * input schemas, read-only list/get tools, input validated with Ajv and answered as an isError result, an unknown
 * tool answered -32602, pages of 500. Any error-level finding mcpact reports on it is a false one.
 * Run: node dist/bench/generated-server.js [--tools N] [--prompts N] [--resources N] [--stats FILE]
 * --stats appends one JSON line to FILE when the process ends: how many requests it received (bench/scaling.ts).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { appendFileSync } from 'node:fs';
import { StrictStdioServerTransport } from '../fixtures/servers/strict-stdio.js';

const argv = process.argv.slice(2);
const COUNT = argv.includes('--tools') ? Number(argv[argv.indexOf('--tools') + 1]) : 1_000;
const PROMPTS = argv.includes('--prompts') ? Number(argv[argv.indexOf('--prompts') + 1]) : 0;
const RESOURCES = argv.includes('--resources') ? Number(argv[argv.indexOf('--resources') + 1]) : 0;
const PAGE = 500;

const VERBS = [
  [
    'list',
    'Lists the {e}s of the workspace, newest first, a page at a time.',
    { cursor: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 100 } },
    [],
  ],
  ['get', 'Gets one {e} by its id, with all of its fields.', { id: { type: 'string', minLength: 1 } }, ['id']],
  [
    'create',
    'Creates a new {e} from the given fields and returns its id.',
    { name: { type: 'string', minLength: 1 }, tags: { type: 'array', items: { type: 'string' } } },
    ['name'],
  ],
  ['update', 'Updates the name of an existing {e}.', { id: { type: 'string', minLength: 1 }, name: { type: 'string', minLength: 1 } }, ['id', 'name']],
  ['archive', 'Archives a {e} by its id; an archived {e} can be restored.', { id: { type: 'string', minLength: 1 } }, ['id']],
] as const;
const NOUNS = ['user', 'project', 'invoice', 'ticket', 'order', 'contact', 'file', 'report', 'device', 'policy', 'team', 'dataset', 'build', 'alert', 'note'];

const tools: Tool[] = Array.from({ length: COUNT }, (_, index) => {
  const [verb, template, properties, required] = VERBS[index % VERBS.length]!;
  const entity = `${NOUNS[Math.floor(index / VERBS.length) % NOUNS.length]!}${Math.floor(index / (VERBS.length * NOUNS.length))}`;
  return {
    name: `${verb}_${entity}`,
    description: template.replaceAll('{e}', entity),
    inputSchema: { type: 'object', properties: structuredClone(properties), required: [...required], additionalProperties: false },
    annotations: { readOnlyHint: verb === 'list' || verb === 'get', destructiveHint: false },
  };
});
const byName = new Map(tools.map((tool) => [tool.name, tool]));
const ajv = new Ajv2020({ allErrors: false, strict: false });
const validators = new Map<string, ValidateFunction>();

const invalidParams = (message: string) => new McpError(ErrorCode.InvalidParams, message);

/** One page of a list, PAGE items from the numeric cursor; a cursor this server never gave is -32602. */
function page<K extends string>(key: K, items: readonly unknown[], params: unknown): Record<string, unknown> {
  const cursor = isRecord(params) ? params.cursor : undefined;
  if (cursor !== undefined && (typeof cursor !== 'string' || !/^\d+$/.test(cursor) || Number(cursor) >= items.length)) throw invalidParams('Invalid cursor');
  const start = cursor === undefined ? 0 : Number(cursor);
  const next = start + PAGE < items.length ? String(start + PAGE) : undefined;
  return { [key]: items.slice(start, start + PAGE), ...(next && { nextCursor: next }) };
}
const anyParams = <const M extends string>(method: M) => z.object({ method: z.literal(method), params: z.unknown().optional() });
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const prompts = Array.from({ length: PROMPTS }, (_, index) => ({
  name: `summarize_${NOUNS[index % NOUNS.length]!}${Math.floor(index / NOUNS.length)}`,
  description: `Summarizes one ${NOUNS[index % NOUNS.length]!} for a weekly report.`,
  arguments: [
    { name: 'id', description: 'The id of the item.', required: true },
    { name: 'tone', description: 'formal or casual (default formal).', required: false },
  ],
}));
const promptsByName = new Map(prompts.map((prompt) => [prompt.name, prompt]));

/** Notes as resources: a text each, read by URI; an unknown URI is -32002 (resource not found) as 2025-11-25 says. */
const resources = Array.from({ length: RESOURCES }, (_, index) => ({
  uri: `notes://${NOUNS[index % NOUNS.length]!}/${index}`,
  name: `${NOUNS[index % NOUNS.length]!}-${index}`,
  description: `The weekly note about ${NOUNS[index % NOUNS.length]!} ${index}.`,
  mimeType: 'text/plain',
}));
const resourcesByUri = new Map(resources.map((resource) => [resource.uri, resource]));

const server = new Server(
  { name: 'generated', version: '1.0.0' },
  {
    capabilities: {
      tools: { listChanged: false },
      ...(PROMPTS > 0 && { prompts: { listChanged: false } }),
      ...(RESOURCES > 0 && { resources: { listChanged: false } }),
    },
  },
);

if (RESOURCES > 0) {
  server.setRequestHandler(anyParams('resources/list'), ({ params }) => {
    return page('resources', resources, params);
  });
  server.setRequestHandler(anyParams('resources/templates/list'), ({ params }) => {
    // One empty page: any cursor is one this server never gave.
    if (isRecord(params) && params.cursor !== undefined) throw invalidParams('Invalid cursor');
    return { resourceTemplates: [] };
  });
  server.setRequestHandler(anyParams('resources/read'), ({ params }) => {
    const uri = isRecord(params) ? params.uri : undefined;
    if (typeof uri !== 'string') throw invalidParams('params.uri must be a string');
    const resource = resourcesByUri.get(uri);
    if (!resource) throw new McpError(-32002, `Resource not found: ${uri}`, { uri });
    return { contents: [{ uri, mimeType: resource.mimeType, text: `${resource.description} Nothing happened this week.` }] };
  });
}

if (PROMPTS > 0) {
  server.setRequestHandler(anyParams('prompts/list'), ({ params }) => {
    return page('prompts', prompts, params);
  });
  server.setRequestHandler(anyParams('prompts/get'), ({ params }) => {
    if (!isRecord(params) || typeof params.name !== 'string') throw invalidParams('params.name must be a string');
    const prompt = promptsByName.get(params.name);
    if (!prompt) throw invalidParams(`Unknown prompt: ${params.name}`);
    const args = params.arguments ?? {};
    if (!isRecord(args) || Object.values(args).some((value) => typeof value !== 'string')) throw invalidParams('arguments must map names to strings');
    const unknown = Object.keys(args).find((key) => !prompt.arguments.some((argument) => argument.name === key));
    if (unknown !== undefined) throw invalidParams(`Unknown argument: ${unknown}`);
    if (typeof args.id !== 'string' || args.id.trim() === '') throw invalidParams('Missing required argument: id');
    const tone = typeof args.tone === 'string' && args.tone !== '' ? args.tone : 'formal';
    return { messages: [{ role: 'user', content: { type: 'text', text: `Summarize item ${args.id} in a ${tone} tone.` } }] };
  });
}

server.setRequestHandler(anyParams('tools/list'), ({ params }) => {
  return page('tools', tools, params);
});

server.setRequestHandler(anyParams('tools/call'), ({ params }): CallToolResult => {
  if (!isRecord(params) || typeof params.name !== 'string') throw invalidParams('params.name must be a string');
  const tool = byName.get(params.name);
  if (!tool) throw invalidParams(`Unknown tool: ${params.name}`);
  const args = params.arguments ?? {};
  if (!isRecord(args)) throw invalidParams('params.arguments must be an object');
  let validate = validators.get(tool.name);
  if (!validate) validators.set(tool.name, (validate = ajv.compile(tool.inputSchema)));
  if (!validate(args)) {
    const error = validate.errors?.[0];
    return {
      content: [{ type: 'text', text: `Invalid arguments for ${tool.name}: ${error?.instancePath || '(root)'} ${error?.message ?? 'is invalid'}` }],
      isError: true,
    };
  }
  return { content: [{ type: 'text', text: `${tool.name} done` }] };
});

const transport = new StrictStdioServerTransport();
await server.connect(transport);
if (argv.includes('--stats')) {
  const file = argv[argv.indexOf('--stats') + 1]!;
  let requests = 0;
  const handle = transport.onmessage;
  transport.onmessage = (message) => {
    if ('method' in message && 'id' in message) requests++;
    handle?.(message);
  };
  let written = false;
  const write = () => {
    if (!written) appendFileSync(file, `${JSON.stringify({ requests })}\n`);
    written = true;
  };
  // stdin's end is when the client is done; a signal or exit comes too late for some clients' waits.
  process.stdin.on('end', write);
  process.on('exit', write);
}
