import { describe, expect, it } from 'vitest';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { childEnvironment, ownSecrets } from '../../src/connect/child-env.js';

describe('childEnvironment', () => {
  it('passes on what the SDK stdio client passes on by default, minus secret-looking names', () => {
    expect(childEnvironment()).toEqual(getDefaultEnvironment());
  });

  it('adds exactly the configured variables, which win', () => {
    const env = childEnvironment({ API_TOKEN: 'configured', PATH: '/only/this' });
    expect(env.API_TOKEN).toBe('configured');
    expect(env.PATH).toBe('/only/this');
  });

  it('never passes on mcpact’s own credentials or a shell function', () => {
    const saved = { ...process.env };
    try {
      process.env.GITHUB_TOKEN = 'mcpact-own';
      process.env.SHELL = '() { :; }; echo pwned';
      const env = childEnvironment();
      expect(env.GITHUB_TOKEN).toBeUndefined();
      expect(env.SHELL).toBeUndefined();
    } finally {
      process.env = saved;
    }
  });
});

describe('ownSecrets', () => {
  it("lists the values of mcpact's own secret-looking variables, for redaction", () => {
    const env = {
      GITHUB_TOKEN: 'ghs_0123456789abcdef',
      SYSTEM_ACCESSTOKEN: 'azure-access-0123',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
      PATH: '/usr/bin:/bin',
    };
    expect(ownSecrets(env).sort()).toEqual(['azure-access-0123', 'ghs_0123456789abcdef', 'wJalrXUtnFEMI/K7MDENG']);
  });

  it('leaves out short values, which are flags and placeholders rather than credentials', () => {
    expect(ownSecrets({ SKIP_TOKEN: 'true', NPM_TOKEN: 'none', API_KEY: '' })).toEqual([]);
  });
});
