/**
 * mcpact's own folder under the user's config folder, where `mcpact login` keeps tokens (connect/oauth/token-store.ts,
 * docs/auth.md#where-the-tokens-are-kept): MCPACT_CONFIG_DIR, else the platform's per-user config folder.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { TOKEN_FILE } from '../connect/oauth/token-store.js';

/** The environment variable that names mcpact's config folder instead (tests, or a folder of your choice). */
export const CONFIG_DIR_VARIABLE = 'MCPACT_CONFIG_DIR';

export function configFolder(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  const own = env[CONFIG_DIR_VARIABLE];
  if (own !== undefined && own !== '') return path.resolve(own);
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'mcpact');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'mcpact');
  // XDG Base Directory: a relative XDG_CONFIG_HOME is invalid and ignored.
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(home, '.config'), 'mcpact');
}

export function tokenFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configFolder(env), TOKEN_FILE);
}
