import { describe, expect, it } from 'vitest';
import { commandNotFound } from '../../src/connect/launchers.js';

describe('commandNotFound', () => {
  it.each([
    ['uvx', 'uv, the Python package manager', 'install uv'],
    ['/usr/local/bin/uv', 'uv, the Python package manager', 'install uv'],
    ['python3.12', 'Python', 'install Python 3'],
    ['python', 'Python', 'install Python 3'],
    ['go', 'the Go toolchain', 'install Go'],
    ['java', 'a Java runtime', 'JAVA_HOME'],
    ['npx.cmd', 'Node.js', 'install Node.js'],
    ['docker', 'Docker', 'install Docker'],
  ])('names the toolchain of %s and how to get it', (command, toolchain, install) => {
    const line = commandNotFound(command);
    expect(line).toContain(`command not found: ${command} (${toolchain}); `);
    expect(line).toContain(install);
    expect(line).not.toContain('\n');
  });

  it('names a command it does not know as a launcher, and nothing more', () => {
    expect(commandNotFound('./my-server')).toBe('command not found: ./my-server');
    expect(commandNotFound('gopher')).toBe('command not found: gopher');
  });
});
