/**
 * The launchers users start MCP servers with, and what to tell a user on whose machine one is missing: which
 * toolchain the command belongs to and how to get it, in one line (a missing `uvx` is not a server's defect).
 */
import path from 'node:path';

interface Launcher {
  /** What the command is part of. */
  toolchain: string;
  /** How to get it, in a few words. */
  install: string;
}

const UV: Launcher = { toolchain: 'uv, the Python package manager', install: 'install uv (for example `pip install uv` or `pipx install uv`)' };
const PYTHON: Launcher = { toolchain: 'Python', install: 'install Python 3 or put it on PATH' };
const NODE: Launcher = { toolchain: 'Node.js', install: 'install Node.js, which brings npm and npx' };

/** By command name (without a path or a Windows extension). */
const LAUNCHERS: ReadonlyMap<string, Launcher> = new Map([
  ['uvx', UV],
  ['uv', UV],
  ['pipx', { toolchain: 'pipx', install: 'install pipx (for example `python3 -m pip install --user pipx`)' }],
  ['python', PYTHON],
  ['python3', PYTHON],
  ['py', PYTHON],
  ['go', { toolchain: 'the Go toolchain', install: 'install Go and put its bin folder on PATH' }],
  ['java', { toolchain: 'a Java runtime', install: 'install a JDK or JRE (for example OpenJDK) and put its bin folder on PATH, or set JAVA_HOME' }],
  ['jbang', { toolchain: 'JBang', install: 'install JBang and a JDK' }],
  ['cargo', { toolchain: 'Rust’s cargo', install: 'install Rust with rustup, which brings cargo' }],
  ['dotnet', { toolchain: 'the .NET SDK', install: 'install the .NET SDK' }],
  ['node', NODE],
  ['npx', NODE],
  ['npm', NODE],
  ['bunx', { toolchain: 'Bun', install: 'install Bun' }],
  ['bun', { toolchain: 'Bun', install: 'install Bun' }],
  ['deno', { toolchain: 'Deno', install: 'install Deno' }],
  ['docker', { toolchain: 'Docker', install: 'install Docker (or a compatible engine) and start it' }],
]);

/** python3.12, python3.11 ... are the Python launcher too. */
const VERSIONED_PYTHON = /^python3(\.\d+)?$/;

/**
 * The one line for a command that is not on PATH: `uvx (uv, the Python package manager) is not installed or not
 * on PATH: install uv (...)`, or just the command for one mcpact does not know as a launcher.
 */
export function commandNotFound(command: string): string {
  const name = path.basename(command).replace(/\.(exe|cmd|bat)$/i, '');
  const launcher = LAUNCHERS.get(name) ?? (VERSIONED_PYTHON.test(name) ? PYTHON : undefined);
  if (launcher === undefined) return `command not found: ${command}`;
  return `command not found: ${command} (${launcher.toolchain}); ${launcher.install}`;
}
