import { describe, expect, it } from 'vitest';
import { commandName } from '../../src/cli/command-name.js';

describe('commandName: what a zero-config server is called until it names itself', () => {
  it.each([
    ['uvx', ['mcp-server-time'], 'mcp-server-time'],
    ['uvx', ['--offline', '--python', '3.11', 'mcp-server-time==2026.10.19', '--local-timezone', 'UTC'], 'mcp-server-time'],
    ['uvx', ['--from', 'mcp-server-git==2026.10.19', 'mcp-server-git'], 'mcp-server-git'],
    ['python3', ['-m', 'mcp_server_fetch'], 'mcp_server_fetch'],
    ['/usr/bin/python3.12', ['server.py', '--verbose'], 'server'],
    ['go', ['run', 'github.com/github/github-mcp-server/cmd/github-mcp-server@v0.15.0', 'stdio'], 'github-mcp-server'],
    ['go', ['run', './cmd/server/'], 'server'],
    ['java', ['-Xmx256m', '-jar', '/opt/servers/weather-server-1.0.jar'], 'weather-server-1.0'],
    ['npx', ['-y', '@modelcontextprotocol/server-everything@2026.8.31'], 'server-everything'],
    ['npx', ['-y', '@modelcontextprotocol/server-everything'], 'server-everything'],
    ['node', ['dist/server.js'], 'server'],
    ['env', ['API_KEY=x', 'uvx', 'mcp-server-fetch'], 'mcp-server-fetch'],
    ['./my-server', [], 'my-server'],
  ])('%s %j is %s', (command, args, name) => {
    expect(commandName(command, args)).toBe(name);
  });
});
