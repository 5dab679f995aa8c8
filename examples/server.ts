/**
 * The example server for the README demo (`npm run demo`): a small notes service written the way most MCP servers
 * are, with the SDK's high-level McpServer and zod schemas. It works, and it still breaks the contract in a few
 * realistic ways, so the demo has something to report.
 *
 * Deliberate defects (each is a one-line fix, left in on purpose):
 *   1. Tool `list_notes` has no description, so a model has only its name to decide when to call it.
 *   2. Prompt `summarize_notes` has arguments `tag` and `Tag`, which differ only by case: a legacy alias that
 *      clients with case-insensitive forms cannot tell apart.
 *   3. Resource `notes://all` declares mimeType "markdown", which is not a MIME type ("text/markdown" is).
 *   4. Prompt `draft_note` has no description.
 *
 * Not deliberate, but what McpServer (SDK 1.x) itself does, so the demo shows those findings as well:
 *   - it ignores the cursor of list requests (no pagination), so an invalid cursor returns the first page
 *     instead of error -32602;
 *   - it answers a call to an unknown tool with an isError result instead of a JSON-RPC error;
 *   - it accepts unknown prompt arguments silently, and answers a non-string argument value with -32603 and a
 *     dump of zod issues instead of -32602.
 *
 * Deterministic on purpose: notes live in memory, ids are counters, no clock and no network.
 * Run: node dist/examples/server.js   (stdio)
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

interface Note {
  id: string;
  title: string;
  body: string;
  tags: string[];
}

const SEED: readonly Note[] = [
  { id: 'note-1', title: 'Release checklist', body: 'Tag the build, update the changelog, announce in #releases.', tags: ['release', 'ops'] },
  { id: 'note-2', title: 'Onboarding ideas', body: 'Pair new joiners with a buddy for their first week.', tags: ['team'] },
  { id: 'note-3', title: 'Postgres tuning', body: 'Raise work_mem for the reporting role only.', tags: ['ops', 'db'] },
];

/** The spec's code for an unknown resource; the SDK has no named constant for it. */
const RESOURCE_NOT_FOUND = -32002;

function asMarkdown(note: Note): string {
  return `# ${note.title}\n\n${note.body}\n\nTags: ${note.tags.join(', ') || '(none)'}\n`;
}

/** A fresh store per server, so every session (and every test) starts from the same notes. */
export function createNotesServer(): McpServer {
  const notes: Note[] = SEED.map((note) => ({ ...note, tags: [...note.tags] }));
  let lastId = notes.length;

  const server = new McpServer(
    { name: 'notes', version: '0.3.0' },
    { instructions: 'Personal notes. Use search_notes to find notes and add_note to save new ones.' },
  );

  server.registerTool(
    'add_note',
    {
      title: 'Add note',
      description: 'Save a new note and return its id.',
      inputSchema: {
        title: z.string().min(1).describe('Short title.'),
        body: z.string().describe('Note text (markdown).'),
        tags: z.array(z.string()).optional().describe('Tags, e.g. ["ops"].'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ title, body, tags }) => {
      const note: Note = { id: `note-${++lastId}`, title, body, tags: tags ?? [] };
      notes.push(note);
      return { content: [{ type: 'text', text: `Created ${note.id}: ${note.title}` }] };
    },
  );

  // Defect 1: no description.
  server.registerTool(
    'list_notes',
    {
      title: 'List notes',
      inputSchema: { tag: z.string().optional().describe('Only notes with this tag.') },
      outputSchema: { notes: z.array(z.object({ id: z.string(), title: z.string(), tags: z.array(z.string()) })) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ tag }) => {
      const listed = notes.filter((note) => tag === undefined || note.tags.includes(tag)).map(({ id, title, tags }) => ({ id, title, tags }));
      const structuredContent = { notes: listed };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );

  server.registerTool(
    'search_notes',
    {
      title: 'Search notes',
      description: 'Find notes whose title or body contains the query (case-insensitive).',
      inputSchema: { query: z.string().min(1).describe('Word or phrase to look for.') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query }) => {
      const needle = query.toLowerCase();
      const hits = notes.filter((note) => `${note.title}\n${note.body}`.toLowerCase().includes(needle));
      const text = hits.length ? hits.map((note) => `${note.id}: ${note.title}`).join('\n') : `No note matches "${query}".`;
      return { content: [{ type: 'text', text }] };
    },
  );

  // Defect 2: `tag` and `Tag` differ only by case.
  server.registerPrompt(
    'summarize_notes',
    {
      title: 'Summarize notes',
      description: 'Ask for a short summary of the notes, optionally only those with one tag.',
      argsSchema: {
        tag: z.string().optional().describe('Only summarize notes with this tag.'),
        Tag: z.string().optional().describe('Deprecated alias of tag, kept for old clients.'),
      },
    },
    ({ tag, Tag }) => {
      const filter = tag ?? Tag;
      const selected = notes.filter((note) => filter === undefined || note.tags.includes(filter));
      const listing = selected.map((note) => `- ${note.title}: ${note.body}`).join('\n');
      return {
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize these notes in three bullet points:\n${listing}` } }],
      };
    },
  );

  // Defect 4: no description.
  server.registerPrompt('draft_note', { title: 'Draft a note', argsSchema: { topic: z.string().describe('What the note is about.') } }, ({ topic }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Draft a short note about: ${topic}` } }],
  }));

  // Defect 3: "markdown" is not a MIME type.
  server.registerResource(
    'all-notes',
    'notes://all',
    { title: 'All notes', description: 'Every note, as one markdown document.', mimeType: 'markdown' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: notes.map(asMarkdown).join('\n') }] }),
  );

  server.registerResource(
    'note',
    new ResourceTemplate('notes://note/{id}', {
      list: undefined, // listing every note as a resource would duplicate notes://all
      complete: { id: (value) => notes.map((note) => note.id).filter((id) => id.startsWith(value)) },
    }),
    { title: 'Note', description: 'One note by id, e.g. notes://note/note-1.', mimeType: 'text/markdown' },
    (uri, { id }) => {
      const note = notes.find((candidate) => candidate.id === id);
      if (!note) throw new McpError(RESOURCE_NOT_FOUND, `Note not found: ${uri.href}`, { uri: uri.href });
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: asMarkdown(note) }] };
    },
  );

  return server;
}

// Only when run as a script: importing the module (tests) must not take over stdin/stdout.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  createNotesServer()
    .connect(new StdioServerTransport())
    .catch((error: unknown) => {
      process.stderr.write(`notes: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
