/**
 * The baseline mcpact is measured against: a bare SDK client session that spawns the server, initializes, lists
 * tools, prompts, resources and templates (every page) and closes. Usage: node dist/bench/bare-session.js <cmd> [args...]
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: bare-session <command> [args...]');

const client = new Client({ name: 'bare-session', version: '0' });
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const capabilities = client.getServerCapabilities() ?? {};

async function all<T>(list: (cursor?: string) => Promise<{ nextCursor?: string } & T>): Promise<void> {
  let cursor: string | undefined;
  do cursor = (await list(cursor)).nextCursor;
  while (cursor);
}

await Promise.all([
  capabilities.tools && all((cursor) => client.listTools({ cursor })),
  capabilities.prompts && all((cursor) => client.listPrompts({ cursor })),
  capabilities.resources && all((cursor) => client.listResources({ cursor })),
  capabilities.resources && all((cursor) => client.listResourceTemplates({ cursor })),
]);
await client.close();
