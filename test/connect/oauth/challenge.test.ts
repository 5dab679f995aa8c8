/** WWW-Authenticate as RFC 9110 section 11.6.1 writes it: the challenges, their parameters, quoted strings. */
import { describe, expect, it } from 'vitest';
import { bearerChallenge, parseChallenges } from '../../../src/connect/oauth/challenge.js';

describe('parseChallenges', () => {
  it('reads a Bearer challenge with quoted and token parameters, names in lower case', () => {
    expect(parseChallenges('Bearer resource_metadata="https://x.example/.well-known/oauth-protected-resource", Error=invalid_token')).toEqual([
      { scheme: 'bearer', params: { resource_metadata: 'https://x.example/.well-known/oauth-protected-resource', error: 'invalid_token' } },
    ]);
  });
  it('reads several challenges, token68 ones included, and unescapes quoted strings', () => {
    const challenges = parseChallenges('Basic dXNlcjpwYXNz==, Bearer realm="a \\"b\\"", error="invalid_token", DPoP algs="ES256"');
    expect(challenges.map((challenge) => challenge.scheme)).toEqual(['basic', 'bearer', 'dpop']);
    expect(challenges[1]!.params).toEqual({ realm: 'a "b"', error: 'invalid_token' });
  });
  it('keeps what it read before a broken part, and finds the Bearer challenge among others', () => {
    expect(bearerChallenge('Basic realm="x", Bearer scope="a b"')?.params.scope).toBe('a b');
    expect(bearerChallenge('Basic realm="x"')).toBeUndefined();
    expect(bearerChallenge('Bearer realm="unterminated')).toEqual({ scheme: 'bearer', params: {} });
    expect(bearerChallenge(undefined)).toBeUndefined();
  });
});
