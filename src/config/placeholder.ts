/**
 * The server command of the starter `mcpact init` writes when it is given no server. A starter that named a real
 * server would test that server: a CI job built from it would stay green while testing someone else's. Loading a
 * config that still holds this value is a config error naming the key to edit.
 */
import type { ConfigFile } from './schema.js';

export const PLACEHOLDER_COMMAND = '<the command that starts your server>';

/** Where the first server entry still holding the placeholder command is, as a config path. */
export function placeholderPath(config: ConfigFile): (string | number)[] | undefined {
  if (config.server?.transport === 'stdio' && config.server.command === PLACEHOLDER_COMMAND) return ['server', 'command'];
  const index = (config.servers ?? []).findIndex((server) => server.transport === 'stdio' && server.command === PLACEHOLDER_COMMAND);
  return index === -1 ? undefined : ['servers', index, 'command'];
}
