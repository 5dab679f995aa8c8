/**
 * Generates a server with 10,000 tools (issue #5: "a server with 10,000 tools is linted in under 2 seconds") and
 * times the lint: capture of the whole tool list plus the static tools/security rules (collisions, poisoning,
 * hidden Unicode, steering, secrets, annotations, length, shadowing), which must not compare every pair. Also
 * prints the time with the schema family added, for reference. The server is in process (no spawn, no pipe), so
 * the numbers are mcpact's own work.
 * Usage: npm run build && node dist/bench/many-tools.js [--tools N] [--runs N]
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_TIMEOUTS } from '../src/config/schema.js';
import type { Rule } from '../src/engine/rule.js';
import { runServer } from '../src/engine/runner.js';
import { ALL_RULES } from '../src/rules/index.js';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const TOOLS = flag('--tools', 10_000);
const RUNS = flag('--runs', 5);
const PAGE = 500;

const VERBS = [
  ['list', 'List the {e} of the workspace, newest first, with paging.', ['cursor', 'limit']],
  ['get', 'Get one {e1} by its id, with all of its fields.', ['id']],
  ['create', 'Create a new {e1} from the given fields and return its id.', ['name', 'fields']],
  ['update', 'Update the fields of an existing {e1}.', ['id', 'fields']],
  ['delete', 'Delete a {e1} by its id. This cannot be undone.', ['id']],
] as const;
const NOUNS = ['user', 'project', 'invoice', 'ticket', 'order', 'contact', 'file', 'report', 'device', 'policy', 'team', 'dataset', 'build', 'alert', 'note'];

/** Deterministic: entity i of family v. Every 97th tool repeats another's description over another input shape. */
export function generateTools(count: number): Record<string, unknown>[] {
  const tools: Record<string, unknown>[] = [];
  for (let index = 0; index < count; index++) {
    const [verb, template, params] = VERBS[index % VERBS.length]!;
    const entity = `${NOUNS[Math.floor(index / VERBS.length) % NOUNS.length]}${Math.floor(index / (VERBS.length * NOUNS.length))}`;
    let description = template.replace('{e}', `${entity}s`).replace('{e1}', entity);
    if (index % 97 === 96) description = tools[index - 51]!.description as string;
    tools.push({
      name: `${verb}_${entity}`,
      description,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(params.map((param) => [param, { type: 'string', description: `The ${param} of the ${entity}.` }])),
        required: params.slice(0, 1),
      },
      annotations: { readOnlyHint: verb === 'list' || verb === 'get' },
    });
  }
  return tools;
}

function serve(tools: Record<string, unknown>[]): InMemoryTransport {
  const [client, server] = InMemoryTransport.createLinkedPair();
  server.onmessage = (message) => {
    const request = message as { id?: number | string; method?: string; params?: { cursor?: string } };
    if (request.id === undefined) return;
    const respond = (body: Record<string, unknown>) => void server.send({ jsonrpc: '2.0', id: request.id, ...body } as JSONRPCMessage);
    if (request.method === 'initialize') {
      return respond({ result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'many-tools', version: '1.0.0' } } });
    }
    if (request.method === 'tools/list') {
      const start = request.params?.cursor === undefined ? 0 : Number(request.params.cursor);
      const next = start + PAGE < tools.length ? String(start + PAGE) : undefined;
      return respond({ result: { tools: tools.slice(start, start + PAGE), ...(next && { nextCursor: next }) } });
    }
    respond({ error: { code: -32601, message: 'Method not found' } });
  };
  void server.start();
  return client;
}

async function lint(tools: Record<string, unknown>[], rules: readonly Rule[]): Promise<{ ms: number; findings: number }> {
  const started = performance.now();
  const report = await runServer(
    { name: 'many-tools', target: { kind: 'memory', transport: serve(tools) }, timeouts: DEFAULT_TIMEOUTS, expect: {}, levels: {}, settings: {} },
    { rules, clientVersion: 'bench', concurrency: 4 },
  );
  if (report.error) throw new Error(report.error);
  return { ms: performance.now() - started, findings: report.findings.length };
}

async function median(tools: Record<string, unknown>[], rules: readonly Rule[]): Promise<{ ms: number; findings: number }> {
  await lint(tools, rules); // warm-up: JIT, Ajv instances
  const runs = [];
  for (let index = 0; index < RUNS; index++) runs.push(await lint(tools, rules));
  runs.sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)]!;
}

const tools = generateTools(TOOLS);
const lintRules = ALL_RULES.filter((rule) => rule.family === 'security' || rule.id === 'tools/description-collision');
const withSchema = ALL_RULES.filter((rule) => rule.family === 'schema' || lintRules.includes(rule));
const lintOnly = await median(tools, lintRules);
const all = await median(tools, withSchema);
const row = (label: string, result: { ms: number; findings: number }) =>
  `${label.padEnd(44)} ${result.ms.toFixed(0).padStart(6)} ms   ${String(result.findings).padStart(5)} findings`;
process.stdout.write(
  [
    `${TOOLS} tools, in process, median of ${RUNS} runs (capture + rules)`,
    row('tools/description-collision + security/*', lintOnly),
    row('... and the schema family', all),
    `target: < 2000 ms for the lint; ${lintOnly.ms < 2000 ? 'met' : 'NOT met'}`,
  ].join('\n') + '\n',
);
