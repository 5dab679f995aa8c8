/**
 * The environment a stdio server is started with: the SDK's minimal default (HOME, PATH, SHELL, TERM, USER, ...)
 * plus exactly what the config's `env` lists. mcpact's own credentials are not passed on: nothing else is
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

export function childEnvironment(configured: Record<string, string> = {}): Record<string, string> {
  const inherited = INHERITED.flatMap((name): [string, string][] => {
    const value = process.env[name];
    // A value that starts with "()" is a shell function definition (Shellshock): never passed on.
    return value === undefined || value.startsWith('()') || SECRET_NAME.test(name) ? [] : [[name, value]];
  });
  return { ...Object.fromEntries(inherited), ...configured };
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
