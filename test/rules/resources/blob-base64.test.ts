import { describe, expect, it } from 'vitest';
import { base64Problem, blobBase64 } from '../../../src/rules/resources/blob-base64.js';
import { ruleTester } from '../../support/rule-tester.js';
import { DOC, reading, resourceServer } from './support.js';

const blob = (value: string) => resourceServer({ handle: reading(DOC.uri, { result: { contents: [{ uri: DOC.uri, mimeType: 'image/png', blob: value }] } }) });

ruleTester(blobBase64, {
  valid: [
    { name: 'padded base64', server: blob('aGVsbG8=') },
    { name: 'text only', server: resourceServer() },
  ],
  invalid: [
    {
      name: 'not base64 at all',
      server: blob('hello world!'),
      findings: [{ message: 'contents[0].blob is not valid base64', location: { pointer: '/contents/0/blob' } }],
    },
    { name: 'unpadded', server: blob('aGVsbG8'), findings: [{ message: 'not a multiple of 4' }] },
    { name: 'base64url alphabet', server: blob('a-_b'), findings: [{ message: 'not in the base64 alphabet' }] },
  ],
});

describe('base64Problem', () => {
  it('accepts the empty string and padded text, refuses padding inside and line breaks', () => {
    expect(base64Problem('')).toBeUndefined();
    expect(base64Problem('YQ==')).toBeUndefined();
    expect(base64Problem('YQ==YQ==')).toMatch(/padding/);
    expect(base64Problem('YWJj\nZGVm')).toBeDefined();
  });
});
