import { describe, expect, it } from 'vitest';
import { mediaTypeProblem } from '../../src/util/media-type.js';

describe('mediaTypeProblem', () => {
  it.each([
    'text/plain',
    'TEXT/Plain',
    'application/json',
    'application/vnd.api+json',
    'image/svg+xml',
    'inode/directory',
    'text/x-rust',
    'application/octet-stream',
    'text/plain;charset=utf-8',
    'text/plain; charset=utf-8',
    'text/plain ; charset=utf-8 ;format=flowed',
    'text/plain; charset="utf-8"',
    'multipart/form-data; boundary="a;b \\"c\\""',
    'text/plain;',
    'text/plain; ; charset=x',
    'a/' + 'b'.repeat(127),
  ])('accepts %s', (value) => {
    expect(mediaTypeProblem(value)).toBeUndefined();
  });

  it.each([
    ['text', 1, 'no "/"'],
    ['', 1, 'no "/"'],
    ['/plain', 1, 'type "" is not'],
    ['text/', 6, 'subtype "" is not'],
    ['*/*', 1, 'type "*"'],
    ['text/*', 6, 'subtype "*"'],
    ['text/plain/extra', 6, 'subtype "plain/extra"'],
    ['-text/plain', 1, 'type "-text"'],
    ['text /plain', 1, 'type "text "'],
    ['text/plain ', 6, 'subtype "plain "'],
    ['text/pl ain', 6, 'subtype "pl ain"'],
    ['tëxt/plain', 1, 'type "tëxt"'],
    ['a/' + 'b'.repeat(128), 3, 'subtype'],
    ['text/plain; charset', 13, 'unexpected "c" in the parameters'],
    ['text/plain; charset=', 13, 'unexpected "c"'],
    ['text/plain; charset=utf 8', 25, 'unexpected "8"'],
    ['text/plain; charset="utf-8', 13, 'unexpected "c"'],
    ['text/plain; a=b c=d', 17, 'unexpected "c"'],
    ['text/plain; =x', 13, 'unexpected "="'],
    ['text/plain; é=x', 13, 'unexpected "é"'],
  ])('refuses %j at column %i', (value, column, message) => {
    const problem = mediaTypeProblem(value);
    expect(problem?.column).toBe(column);
    expect(problem?.message).toContain(message);
  });

  it('stays fast on long hostile values', () => {
    const started = performance.now();
    expect(mediaTypeProblem(`text/plain;${' '.repeat(50_000)}x`)).toBeDefined();
    expect(mediaTypeProblem(`text/plain${' '.repeat(50_000)};`)).toBeUndefined();
    expect(mediaTypeProblem(`text/plain; a=${'b'.repeat(50_000)} c`)).toBeDefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
