import { describe, expect, it } from 'vitest';
import { McpactError } from '../src/errors.js';

describe('McpactError', () => {
  it('keeps its message and every detail on one line: a CR or LF in them (server text) is shown, not obeyed', () => {
    const error = new McpactError('connection', 'cannot connect: "2025-06-18\r\n::error::forged"', ['  stderr line\r::add-mask::x', 'plain']);
    expect(error.message).toBe('cannot connect: "2025-06-18\\r\\n::error::forged"');
    expect(error.details).toEqual(['  stderr line\\r::add-mask::x', 'plain']);
    // A server's `error` in a report is the message, then the details, one a line: the server adds none.
    expect([error.message, ...error.details].join('\n').split('\n')).toHaveLength(3);
  });
});
