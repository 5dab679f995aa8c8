/**
 * The environment a stdio server is started with: the SDK's minimal default (HOME, PATH, SHELL, TERM, USER, ...),
 * what the launchers users start servers with need (uv, pip, go, java: LAUNCHER_VARIABLES), plus exactly what
 * the config's `env` lists. mcpact's own credentials are not passed on: nothing else is
 * inherited, and even the default set is filtered for names that look like secrets. A server running as the same
 * user can still read mcpact's environment from /proc (docs/hostile.md, "Environment"): ownSecrets() lists what
 * must then be redacted wherever the server could echo it.
 */
const SECRET_NAME = /(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|_KEY|CREDENTIALS?)$/i;

/**
 * The names the SDK's StdioClientTransport passes on by default (its DEFAULT_INHERITED_ENV_VARS), so a server
 * sees what it would see under any SDK client. Listed here rather than imported: that module loads the SDK's
 * protocol types, which cost a stdio run a third of a second before the server could start.
 * test/connect/child-env.test.ts compares this with the SDK's own result.
 */
const INHERITED =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/**
 * What the launchers users start servers with need beyond the SDK's names: where their caches and toolchains
 * are, which index or proxy to fetch from, and the way out to it. Never credentials: the variables that hold them
 * (UV_INDEX_<NAME>_PASSWORD, GOAUTH, JAVA_TOOL_OPTIONS with a trustStorePassword) are not listed, and a URL
 * with a user or password in it is not passed on (launcherValueKept). docs/launchers.md says why each one is here.
 */
export const LAUNCHER_VARIABLES = [
  // Any launcher: the base folders caches default to, temporary files, a proxy and a private CA.
  'XDG_CACHE_HOME',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'TMPDIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'all_proxy',
  'no_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  // uv and uvx
  'UV_CACHE_DIR',
  'UV_TOOL_DIR',
  'UV_TOOL_BIN_DIR',
  'UV_PYTHON_INSTALL_DIR',
  'UV_PYTHON',
  'UV_INDEX_URL',
  'UV_EXTRA_INDEX_URL',
  'UV_DEFAULT_INDEX',
  'UV_INDEX',
  'UV_OFFLINE',
  'UV_NATIVE_TLS',
  // python, pip and pyenv
  'VIRTUAL_ENV',
  'PYENV_ROOT',
  'PYENV_VERSION',
  'PIP_CACHE_DIR',
  'PIP_INDEX_URL',
  'PIP_EXTRA_INDEX_URL',
  'PIP_CERT',
  'REQUESTS_CA_BUNDLE',
  // go
  'GOROOT',
  'GOPATH',
  'GOMODCACHE',
  'GOCACHE',
  'GOENV',
  'GOPROXY',
  'GOFLAGS',
  'GOTOOLCHAIN',
  'GOPRIVATE',
  'GONOPROXY',
  'GONOSUMDB',
  'GOSUMDB',
  // java
  'JAVA_HOME',
] as const;

/** A user or password in a URL (https://user:token@host/...): the value then carries a credential. */
const URL_USERINFO = /[a-z][a-z0-9+.-]*:\/\/[^/\s@]*@/i;

/** Whether a launcher variable's value may be passed on: no shell function, no credential in a URL. */
function launcherValueKept(value: string): boolean {
  return !value.startsWith('()') && !URL_USERINFO.test(value);
}

export function childEnvironment(configured: Record<string, string> = {}): Record<string, string> {
  const inherited = INHERITED.flatMap((name): [string, string][] => {
    const value = process.env[name];
    // A value that starts with "()" is a shell function definition (Shellshock): never passed on.
    return value === undefined || value.startsWith('()') || SECRET_NAME.test(name) ? [] : [[name, value]];
  });
  const launchers = LAUNCHER_VARIABLES.flatMap((name): [string, string][] => {
    const value = process.env[name];
    return value === undefined || !launcherValueKept(value) ? [] : [[name, value]];
  });
  return { ...Object.fromEntries(inherited), ...Object.fromEntries(launchers), ...configured };
}

export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * Shorter values of secret-looking variables are flags and placeholders ("true", "none"), not credentials:
 * redacting them would blank ordinary words across the report.
 */
const MIN_OWN_SECRET_LENGTH = 8;

/**
 * The values of mcpact's own variables whose names look like secrets (GITHUB_TOKEN, CI_JOB_TOKEN,
 * SYSTEM_ACCESSTOKEN, NPM_TOKEN, AWS_SECRET_ACCESS_KEY, ...), for redaction: a server never gets them, but one
 * that reads /proc/<mcpact's pid>/environ could put them in its texts, its stderr or its error messages.
 */
export function ownSecrets(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env).flatMap(([name, value]) => (value !== undefined && value.length >= MIN_OWN_SECRET_LENGTH && looksSecret(name) ? [value] : []));
}
