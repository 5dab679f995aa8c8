import { describe, expect, it } from 'vitest';
import { REDACTED, redactor } from '../../src/report/redact.js';

describe('redactor', () => {
  it('replaces every occurrence in nested strings and keys, longest secret first', () => {
    const redact = redactor(['token-123', 'token-123-long']);
    expect(redact({ a: 'Bearer token-123-long', b: ['x token-123 y'], 'token-123': 1 })).toEqual({
      a: `Bearer ${REDACTED}`,
      b: [`x ${REDACTED} y`],
      [REDACTED]: 1,
    });
  });
  it('replaces the encoded forms of a secret too: JSON-escaped, URI- and form-encoded, base64, whitespace collapsed', () => {
    const secret = 'p@ss "word"\n  two';
    const redact = redactor([secret]);
    const forms = [
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%20/g, '+'),
      Buffer.from(secret).toString('base64'),
      'p@ss "word" two',
    ];
    for (const form of forms) expect(redact(`x ${form} y`), form).toBe(`x ${REDACTED} y`);
  });
  it('ignores secrets too short to redact safely, and leaves other values alone', () => {
    const redact = redactor(['ab']);
    expect(redact({ a: 'abc', n: 1, t: true, z: null })).toEqual({ a: 'abc', n: 1, t: true, z: null });
  });
});
