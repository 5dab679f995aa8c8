/**
 * The environment a stdio server is started with: the SDK's minimal default (HOME, PATH, SHELL, TERM, USER, ...)
 * plus exactly what the config's `env` lists. mcpact's own credentials never reach the child: nothing else is
 * inherited, and even the default set is filtered for names that look like secrets.
 */
const SECRET_NAME = /(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|_KEY|CREDENTIALS?)$/i;

export async function childEnvironment(configured: Record<string, string> = {}): Promise<Record<string, string>> {
  const { getDefaultEnvironment } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(getDefaultEnvironment())) {
    if (!SECRET_NAME.test(name)) env[name] = value;
  }
  return { ...env, ...configured };
}

export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}
