/**
 * Tool failures, as opposed to findings. Anything thrown as a `McpactError` means "nothing, or not everything,
 * was tested": only `cli/main` turns it into a message and exit code 2.
 */
export type ErrorKind = 'usage' | 'config' | 'connection' | 'deadline' | 'internal';

export class McpactError extends Error {
  readonly kind: ErrorKind;
  /** Extra lines shown under the message (for example the last stderr lines of a server). */
  readonly details: string[];

  constructor(kind: ErrorKind, message: string, details: string[] = [], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'McpactError';
    this.kind = kind;
    this.details = details;
  }
}

export const usageError = (message: string): McpactError => new McpactError('usage', message);
export const configError = (message: string, details: string[] = []): McpactError => new McpactError('config', message, details);

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
