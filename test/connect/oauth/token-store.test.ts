/**
 * The token file of `mcpact login` (#35): where it lives on each platform, its modes (file 0600, folder 0700), keys
 * that cannot touch a prototype, one entry changed per write, and a file that does not read as one line.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expiryOf, findLogin, readLogins, saveLogin, serverKey, type StoredLogin } from '../../../src/connect/oauth/token-store.js';
import { configFolder } from '../../../src/cli/config-folder.js';
import { McpactError } from '../../../src/errors.js';

const folder = () => path.join(mkdtempSync(path.join(tmpdir(), 'mcpact-store-')), 'config', 'mcpact');
const login = (accessToken: string): StoredLogin => ({
  issuer: 'https://auth.example.com',
  resource: 'https://mcp.example.com/mcp',
  client: { id: 'client-1', registration: 'dynamic' },
  accessToken,
  expiresAt: 1_900_000_000_000,
  refreshToken: `rt-${accessToken}`,
});

describe('configFolder', () => {
  it("is the platform's per-user config folder, or MCPACT_CONFIG_DIR", () => {
    expect(configFolder({}, 'linux', '/home/u')).toBe('/home/u/.config/mcpact');
    expect(configFolder({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/xdg/mcpact');
    // A relative XDG_CONFIG_HOME is invalid (XDG Base Directory) and ignored.
    expect(configFolder({ XDG_CONFIG_HOME: 'relative' }, 'linux', '/home/u')).toBe('/home/u/.config/mcpact');
    expect(configFolder({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/mcpact');
    expect(configFolder({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u')).toContain('mcpact');
    expect(configFolder({ MCPACT_CONFIG_DIR: '/tmp/own', XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/tmp/own');
  });
});

describe('the token file', () => {
  it('is written 0600 in a folder created 0700, keyed by the URL as the parser writes it', async () => {
    const dir = folder();
    const file = path.join(dir, 'tokens.json');
    expect(await saveLogin(file, 'HTTPS://MCP.Example.com:443/mcp#x', login('at-1'))).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).servers)).toEqual(['https://mcp.example.com/mcp']);
    expect((await findLogin(file, 'https://mcp.example.com/mcp'))?.accessToken).toBe('at-1');
    expect(serverKey('http://127.0.0.1:80/mcp')).toBe('http://127.0.0.1/mcp');
  });

  it('changes one entry per write, reading the file again: writes side by side keep each other', async () => {
    const file = path.join(folder(), 'tokens.json');
    await Promise.all([saveLogin(file, 'https://a.example/mcp', login('at-a')), saveLogin(file, 'https://b.example/mcp', login('at-b'))]);
    expect(Object.keys(await readLogins(file)).sort()).toEqual(['https://a.example/mcp', 'https://b.example/mcp']);
    expect(await saveLogin(file, 'https://a.example/mcp', undefined)).toBe(true);
    expect(await saveLogin(file, 'https://a.example/mcp', undefined)).toBe(false);
    expect(Object.keys(await readLogins(file))).toEqual(['https://b.example/mcp']);
  });

  it('drops keys that are no server URL (a hand-edited __proto__), and never looks them up', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mcpact-store-')), 'tokens.json');
    writeFileSync(
      file,
      `{"version":1,"servers":{"__proto__":${JSON.stringify(login('polluting'))},"constructor":${JSON.stringify(login('c'))},"https://x.example/mcp":${JSON.stringify(login('x'))}}}`,
    );
    const logins = await readLogins(file);
    expect(Object.keys(logins)).toEqual(['https://x.example/mcp']);
    expect(Object.getPrototypeOf(logins)).toBeNull();
    expect(({} as Record<string, unknown>).accessToken).toBeUndefined();
  });

  it('keeps an expiry only as a whole positive date: a hostile expires_in never makes the file unreadable', async () => {
    expect(expiryOf(60, 1_000)).toBe(61_000);
    expect(expiryOf(0.0015, 1_000)).toBe(1_001);
    for (const hostile of [undefined, 0, -5, Number.POSITIVE_INFINITY, 1e300]) expect(expiryOf(hostile, 1_000)).toBeUndefined();
    const file = path.join(folder(), 'tokens.json');
    await expect(saveLogin(file, 'https://x.example/mcp', { ...login('at'), expiresAt: 1.5 })).rejects.toThrow(/cannot be kept/);
    expect(await readLogins(file)).toEqual({});
  });

  it('none when there is no file; a file that does not read is one line naming it (exit 2)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-store-'));
    expect(await findLogin(path.join(dir, 'absent.json'), 'https://x.example/mcp')).toBeUndefined();
    for (const [text, why] of [
      ['not json', /does not read: it is not JSON/],
      ['{"version":2,"servers":{}}', /does not read: version/],
      [`{"version":1,"servers":{"https://x.example/mcp":{"issuer":"i"}}}`, /does not read: servers\.https:\/\/x\.example\/mcp\.resource/],
    ] as const) {
      const file = path.join(dir, 'tokens.json');
      writeFileSync(file, text);
      const error = await readLogins(file).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(McpactError);
      expect((error as Error).message).toMatch(why);
      expect((error as Error).message).toContain(file);
    }
  });
});
