import { describe, expect, it } from 'vitest';
import type { Report, RuleContext } from '../../../src/engine/rule.js';
import type { SignIn } from '../../../src/connect/oauth/sign-in.js';
import { wwwAuthenticate } from '../../../src/rules/auth/www-authenticate.js';
import { ruleTester } from '../../support/rule-tester.js';
import { authFixtures } from './support.js';

const { good, broken } = authFixtures('no-challenge');

ruleTester(wwwAuthenticate, {
  valid: [{ name: 'the protected fixture answers 401 with a Bearer challenge naming resource_metadata', ...good }],
  invalid: [
    {
      name: 'a 401 without WWW-Authenticate (the metadata found at the well-known URI instead)',
      ...broken,
      findings: [
        {
          message: 'the 401 to a request without a token has no WWW-Authenticate header: a client cannot tell how to sign in',
          location: { kind: 'transport', name: 'WWW-Authenticate' },
          data: { status: 401 },
        },
      ],
    },
  ],
});

describe('auth/www-authenticate at each revision', () => {
  // The cited revision is the negotiated one; the fixtures negotiate 2025-11-25, so the check is called directly.
  const run = (revision: string) => {
    const reports: Report[] = [];
    const signIn = { challenge: { status: 401, header: 'Bearer realm="mcp"', bearer: { scheme: 'bearer', params: { realm: 'mcp' } } } } as unknown as SignIn;
    void wwwAuthenticate.check({ signIn, spec: { revision }, report: (finding: Report) => reports.push(finding) } as unknown as RuleContext);
    return reports;
  };
  it('at 2025-06-18 a Bearer challenge without resource_metadata is a finding', () => {
    expect(run('2025-06-18').map((finding) => finding.message)).toEqual([
      'the Bearer challenge of the 401 names no resource_metadata (the URL of the Protected Resource Metadata)',
    ]);
  });
  it('from 2025-11-25 the well-known URI may serve instead', () => {
    expect(run('2025-11-25')).toEqual([]);
    expect(run('2026-07-28')).toEqual([]);
  });
});
