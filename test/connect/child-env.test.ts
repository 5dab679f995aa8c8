import { describe, expect, it } from 'vitest';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { childEnvironment, LAUNCHER_VARIABLES, looksSecret, ownSecrets } from '../../src/connect/child-env.js';

/** Runs `work` with process.env replaced by `env` plus PATH and HOME, and puts the old one back. */
function withEnv<T>(env: Record<string, string>, work: () => T): T {
  const saved = process.env;
  process.env = { PATH: saved.PATH, HOME: saved.HOME, ...env };
  try {
    return work();
  } finally {
    process.env = saved;
  }
}

describe('childEnvironment', () => {
  it('passes on what the SDK stdio client passes on by default, minus secret-looking names', () => {
    const launchers = new Set<string>(LAUNCHER_VARIABLES);
    const sdkNames = Object.fromEntries(Object.entries(childEnvironment()).filter(([name]) => !launchers.has(name)));
    expect(sdkNames).toEqual(getDefaultEnvironment());
  });

  it('passes on what uv, pip, go and java need to start a server: caches, toolchains, index, proxy', () => {
    const launcherEnv = {
      UV_CACHE_DIR: '/cache/uv',
      UV_INDEX_URL: 'https://pypi.internal.example/simple',
      PIP_INDEX_URL: 'https://pypi.internal.example/simple',
      VIRTUAL_ENV: '/work/.venv',
      GOMODCACHE: '/cache/go/mod',
      GOPROXY: 'https://goproxy.internal.example,direct',
      GOFLAGS: '-mod=mod',
      GOTOOLCHAIN: 'local',
      JAVA_HOME: '/usr/lib/jvm/java-17',
      HTTPS_PROXY: 'http://proxy.internal.example:3128',
      NO_PROXY: 'localhost,127.0.0.1',
    };
    const env = withEnv(launcherEnv, () => childEnvironment());
    expect(env).toMatchObject(launcherEnv);
  });

  it('never passes on a credential a launcher could use: a URL with a user or password, or a variable not listed', () => {
    const env = withEnv(
      {
        UV_INDEX_URL: 'https://__token__:pypi-AgEIcHlwaS5vcmc@pypi.internal.example/simple',
        PIP_EXTRA_INDEX_URL: 'https://user:pass@pypi.internal.example/simple https://public.example/simple',
        HTTPS_PROXY: 'http://alice:s3cret@proxy.internal.example:3128',
        UV_INDEX_INTERNAL_PASSWORD: 'hunter2-hunter2',
        GOAUTH: 'netrc',
        JAVA_TOOL_OPTIONS: '-Djavax.net.ssl.trustStorePassword=changeit',
        GOPROXY: '() { :; }; echo pwned',
      },
      () => childEnvironment(),
    );
    for (const name of ['UV_INDEX_URL', 'PIP_EXTRA_INDEX_URL', 'HTTPS_PROXY', 'UV_INDEX_INTERNAL_PASSWORD', 'GOAUTH', 'JAVA_TOOL_OPTIONS', 'GOPROXY']) {
      expect(env[name], name).toBeUndefined();
    }
  });

  it('lists no launcher variable whose name looks like a secret', () => {
    // ownSecrets() redacts by that same test: a listed name that passed it would pass on a value it redacts.
    expect(LAUNCHER_VARIABLES.filter((name) => looksSecret(name))).toEqual([]);
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
