import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWords } from '../../src/util/shell-words.js';

/** Strings and the argv a POSIX shell makes of them (checked against /bin/sh below). */
const SPLITS: [string, string[]][] = [
  ['npx -y pkg@1.2.0', ['npx', '-y', 'pkg@1.2.0']],
  ['  node\tserver.js  --port 3 ', ['node', 'server.js', '--port', '3']],
  [`node 'my dir/server.js'`, ['node', 'my dir/server.js']],
  [`node "my dir/server.js"`, ['node', 'my dir/server.js']],
  [`node my\\ dir/server.js`, ['node', 'my dir/server.js']],
  [`echo 'it''s' "a \\"b\\" \\\\ \\x"`, ['echo', 'its', 'a "b" \\ \\x']],
  [`echo "it's" 'a "b"'`, ['echo', "it's", 'a "b"']],
  [`echo '' ""`, ['echo', '', '']],
  [`echo a"b"'c'd`, ['echo', 'abcd']],
  [`echo \\'x\\"`, ['echo', `'x"`]],
  ['echo a\\\nb \\\n c', ['echo', 'ab', 'c']],
  [`echo "a\\\nb"`, ['echo', 'ab']],
  // No expansion: what the shell would expand is kept as written (the shell test runs these quoted).
  [`node "a|b" 'c;d' e\\&f`, ['node', 'a|b', 'c;d', 'e&f']],
];

describe('shellWords', () => {
  it.each(SPLITS)('%j', (text, words) => {
    expect(shellWords(text)).toEqual({ ok: true, words });
  });

  it.skipIf(process.platform === 'win32')('splits as /bin/sh does', () => {
    for (const [text, words] of SPLITS) {
      const argv = execFileSync('/bin/sh', ['-c', `set -f; printf '%s\\0' ${text}`], { encoding: 'utf8' })
        .split('\0')
        .slice(0, -1);
      expect(argv, text).toEqual(words);
    }
  });

  it('expands nothing', () => {
    expect(shellWords('node $HOME/x.js ~/y *.js')).toEqual({ ok: true, words: ['node', '$HOME/x.js', '~/y', '*.js'] });
  });

  it.each([
    ['', 'it is empty'],
    [' \t ', 'it is empty'],
    ['node x\nnode y', expect.stringContaining('a newline at character 7 is a shell operator') as unknown as string],
    [`node 'x`, 'a single quote at character 6 is never closed'],
    [`node "x\\"`, 'a double quote at character 6 is never closed'],
    ['node x\\', 'it ends with a backslash that escapes nothing'],
    ['cd x && node y', `"&" at character 6 is a shell operator, and no shell runs this command (quote it, or wrap the command in sh -c '...')`],
    ['node x | tee log', expect.stringContaining('"|" at character 8 is a shell operator') as unknown as string],
    ['node $(which x)', expect.stringContaining('"(" at character 7') as unknown as string],
    ['node `which x`', expect.stringContaining('"`" at character 6') as unknown as string],
    ['node x > log', expect.stringContaining('">"') as unknown as string],
  ])('refuses %j', (text, reason) => {
    expect(shellWords(text)).toEqual({ ok: false, reason });
  });
});
