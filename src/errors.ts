/**
 * Tool failures, as opposed to findings. Anything thrown as a `McpactError` means "nothing, or not everything,
 * was tested": only `cli/main` turns it into a message and exit code 2.
 */
export type ErrorKind = 'usage' | 'config' | 'connection' | 'deadline' | 'internal';

/**
 * A message and each detail are one line each: reports keep them as lines (a server's `error` is the message, then
 * the details), and every output starts a line at each break. Much of what they quote is the server's (its error
 * message, the last lines of its stderr, a header value it sent that fetch names in its own error), so a CR or LF
 * inside one is shown as `\r` or `\n` here, once, instead of starting a line of the server's choosing.
 */
function oneLine(text: string): string {
  return text.replace(/\r|\n/g, (brk) => (brk === '\r' ? '\\r' : '\\n'));
}

export class McpactError extends Error {
  readonly kind: ErrorKind;
  /** Extra lines shown under the message (for example the last stderr lines of a server). */
  readonly details: string[];
  /** The CLI's exit code for it, which the library's `run()` rejects with (docs/stability.md#library). */
  readonly exitCode = 2;

  constructor(kind: ErrorKind, message: string, details: string[] = [], options?: { cause?: unknown }) {
    super(oneLine(message), options);
    this.name = 'McpactError';
    this.kind = kind;
    this.details = details.map(oneLine);
  }
}

export const usageError = (message: string): McpactError => new McpactError('usage', message);
export const configError = (message: string, details: string[] = []): McpactError => new McpactError('config', message, details);

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * An error's message with the network cause Node keeps under it: "fetch failed" says nothing, its `cause` (or the
 * several causes of an AggregateError, one per address tried) names the code, the host and the port.
 */
export function describeError(error: unknown): string {
  const message = errorMessage(error);
  const causes: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!(value instanceof Error) || depth > 4) return;
    if (value instanceof AggregateError) for (const inner of value.errors) visit(inner, depth + 1);
    const { code, address, port, hostname, syscall } = value as Error & {
      code?: unknown;
      address?: unknown;
      port?: unknown;
      hostname?: unknown;
      syscall?: unknown;
    };
    if (typeof code === 'string' && code !== '' && !(value instanceof AggregateError)) {
      const host = typeof address === 'string' ? address : typeof hostname === 'string' ? hostname : undefined;
      const where = host === undefined ? '' : ` ${host.includes(':') ? `[${host}]` : host}${typeof port === 'number' ? `:${port}` : ''}`;
      causes.push(`${typeof syscall === 'string' ? `${syscall} ` : ''}${code}${where}`);
    } else if (depth > 0 && value.message !== '' && !(value instanceof AggregateError)) causes.push(value.message);
    visit((value as { cause?: unknown }).cause, depth + 1);
  };
  if (error instanceof Error) visit(error.cause, 1);
  const distinct = [...new Set(causes)].filter((cause) => !message.includes(cause));
  return distinct.length > 0 ? `${message} (${distinct.join('; ')})` : message;
}
