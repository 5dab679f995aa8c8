/**
 * Everything mcpact writes to stdout and stderr ends up in a CI log, and CI runners act on some lines of their logs:
 * GitHub Actions on a line that starts with `::` (after leading whitespace: `::add-mask::`, `::error file=…::`,
 * `::stop-commands::`), Azure Pipelines on `##[` and `##vso[` anywhere. A server's text must never become such a
 * command, so every write to the standard streams goes through here, escaped for what the text is: the same value
 * in JSON and XML, a visible escape in terminal text and Markdown.
 */
export type StreamFormat = 'text' | 'markdown' | 'json' | 'xml' | 'html' | 'workflow';

const LINE_COMMAND = /^([ \t]*):(?=:)/gm;
const ANYWHERE_COMMAND = /#(?=#(?:vso)?\[)/g;

const COLON: Record<StreamFormat, string> = { text: '\\x3a', markdown: '\\:', json: ':', xml: '&#58;', html: '&#58;', workflow: ':' };
const HASH: Record<StreamFormat, string> = { text: '\\x23', markdown: '&#35;', json: '\\u0023', xml: '&#35;', html: '&#35;', workflow: '\\x23' };

export function ciSafe(text: string, format: StreamFormat): string {
  // JSON never starts a line inside a string (newlines are escaped), so its `::` needs nothing. Workflow commands
  // (the github reporter) are lines that start with `::` on purpose; the reporter escapes every newline in them.
  const lines = format === 'json' || format === 'workflow' ? text : text.replace(LINE_COMMAND, (_match, indent: string) => `${indent}${COLON[format]}`);
  return lines.replace(ANYWHERE_COMMAND, HASH[format]);
}

/** The stream format of each reporter's output. */
export const REPORTER_FORMATS = {
  console: 'text',
  json: 'json',
  junit: 'xml',
  sarif: 'json',
  markdown: 'markdown',
  github: 'workflow',
  html: 'html',
} as const satisfies Record<string, StreamFormat>;

/**
 * A reader that went away (`mcpact run | head -1`) closes the pipe: the write fails with EPIPE, asynchronously.
 * That stream is then done with, quietly; the run goes on and ends with the exit code it would have had.
 */
const gone = new WeakSet<NodeJS.WriteStream>();
const guarded = new WeakSet<NodeJS.WriteStream>();

function write(stream: NodeJS.WriteStream, text: string): void {
  if (gone.has(stream)) return;
  if (!guarded.has(stream)) {
    guarded.add(stream);
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      gone.add(stream);
    });
  }
  stream.write(text);
}

export function writeOut(text: string, format: StreamFormat = 'text'): void {
  write(process.stdout, ciSafe(text, format));
}

export function writeErr(text: string): void {
  write(process.stderr, ciSafe(text, 'text'));
}
