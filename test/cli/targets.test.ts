import { describe, expect, it } from 'vitest';
import { headerSecrets } from '../../src/cli/targets.js';
import { redactor, REDACTED } from '../../src/report/redact.js';

describe('headerSecrets', () => {
  it('takes the whole value of a credential header and the credentials alone of "scheme credentials"', () => {
    expect(headerSecrets('Authorization', 'Bearer tok-123')).toEqual(['Bearer tok-123', 'tok-123']);
    expect(headerSecrets('proxy-authorization', 'Basic dXNlcjpwYXNz')).toEqual(['Basic dXNlcjpwYXNz', 'dXNlcjpwYXNz']);
    expect(headerSecrets('X-Api-Key', 'k-456')).toEqual(['k-456']);
    expect(headerSecrets('Accept', 'application/json')).toEqual([]);
  });

  it('so a server that echoes the token without its scheme is redacted too', () => {
    const redact = redactor(headerSecrets('Authorization', 'Bearer tok-123'));
    expect(redact('unknown token tok-123')).toBe(`unknown token ${REDACTED}`);
  });
});
