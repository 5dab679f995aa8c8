/**
 * The command class of mcpact's command line: commander's, with one more hint (#32). `mcpact run npx -y server`
 * forgets the `--`: commander takes `npx` for the start of the server's command and then stops at `-y`, an option of
 * no mcpact command, with "unknown option '-y'" and nothing on how to pass it. When the unknown option follows the
 * first words of a server command, the error says where that command goes, with the command line that works.
 */
import { Command } from 'commander';

/** commander's own handler of an unknown option (lib/command.js), used when there is no hint to give. */
const commanderUnknownOption: unknown = Reflect.get(Command.prototype, 'unknownOption');

export class McpactCommand extends Command {
  override createCommand(name?: string): Command {
    return new McpactCommand(name);
  }

  /** Called by commander for the first unknown option, after the operands before it are in `this.args`. */
  unknownOption(flag: string): void {
    const hint = separatorHint(this, flag);
    if (hint === undefined && typeof commanderUnknownOption === 'function') Reflect.apply(commanderUnknownOption, this, [flag]);
    else this.error(`error: unknown option '${flag}'${hint === undefined ? '' : ` (${hint})`}`, { code: 'commander.unknownOption' });
  }
}

/** Commands whose operands are a stdio server's command (`[command...]`). */
function takesServerCommand(command: Command): boolean {
  return command.registeredArguments.some((argument) => argument.variadic && argument.name() === 'command');
}

function separatorHint(command: Command, flag: string): string | undefined {
  // commander keeps the operands it read before the unknown option, then the option and everything after it.
  const at = command.args.indexOf(flag);
  if (!takesServerCommand(command) || at <= 0) return undefined;
  const server = command.args;
  const path = commandPath(command);
  // The words the user gave this command; when the server's words are their tail, the rest are mcpact's options.
  const given = wordsAfter(command, path);
  const options =
    given !== undefined && given.length >= server.length && given.slice(given.length - server.length).every((word, index) => word === server[index])
      ? given.slice(0, given.length - server.length).map(shellWord)
      : ['[options]'];
  return `the server's command goes after --; did you mean: ${['mcpact', ...path, ...options, '--', ...server.map(shellWord)].join(' ')}`;
}

/** `run`, or `init`: the names from the program down to this command. */
function commandPath(command: Command): string[] {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent) names.unshift(current.name());
  return names;
}

/** What followed the command's name on the command line, as commander received it (its `rawArgs`, node and script first). */
function wordsAfter(command: Command, path: string[]): string[] | undefined {
  let root = command;
  while (root.parent) root = root.parent;
  const raw: unknown = Reflect.get(root, 'rawArgs');
  if (!Array.isArray(raw) || !raw.every((word): word is string => typeof word === 'string')) return undefined;
  const words = raw.slice(2);
  const start = words.indexOf(path[path.length - 1] ?? '');
  return start === -1 ? undefined : words.slice(start + 1);
}

/** A word as a POSIX shell reads it back: quoted when it holds anything but the characters of plain words. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
