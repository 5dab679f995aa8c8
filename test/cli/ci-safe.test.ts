import { describe, expect, it } from 'vitest';
import { ciSafe } from '../../src/cli/ci-safe.js';

const PLANTED = 'ok\n::add-mask::x\n  ::error file=a::pwned\ntext ##[group]g ##vso[task.setvariable]v ## [fine]';

/**
 * One row per CI system and attack (src/cli/ci-commands.ts says what each system parses): a line a server could
 * plant, and the terminal text mcpact writes instead. Only the character that starts the command is escaped.
 */
const ATTACKS: { system: string; attack: string; line: string; text: string }[] = [
  { system: 'GitHub', attack: 'spaces and a tab before ::', line: '  \t::warning::x', text: '  \t\\x3a:warning::x' },
  { system: 'GitHub', attack: 'NBSP before ::add-mask::', line: '\u00a0::add-mask::x', text: '\u00a0\\x3a:add-mask::x' },
  { system: 'GitHub', attack: 'EM SPACE before ::error', line: '\u2003::error file=a::pwned', text: '\u2003\\x3a:error file=a::pwned' },
  { system: 'GitHub', attack: 'IDEOGRAPHIC SPACE before ::stop-commands::', line: '\u3000::stop-commands::tok', text: '\u3000\\x3a:stop-commands::tok' },
  { system: 'GitHub', attack: 'OGHAM SPACE MARK and NARROW NBSP', line: '\u1680\u202f::error::x', text: '\u1680\u202f\\x3a:error::x' },
  { system: 'GitHub', attack: 'vertical tab and form feed', line: '\u000b\u000c::error::x', text: '\u000b\u000c\\x3a:error::x' },
  { system: 'GitHub', attack: 'a zero-width space before ::', line: '\u200b::error::x', text: '\u200b\\x3a:error::x' },
  { system: 'GitHub', attack: 'a soft hyphen between the colons', line: ':\u00ad:error::x', text: '\\x3a\u00ad:error::x' },
  { system: 'GitHub', attack: 'fullwidth colons (U+FF1A)', line: '\uff1a\uff1aerror\uff1a\uff1ax', text: '<U+FF1A>\uff1aerror\uff1a\uff1ax' },
  { system: 'GitHub', attack: 'a small colon (U+FE55)', line: '\ufe55:add-mask::x', text: '<U+FE55>:add-mask::x' },
  { system: 'GitHub', attack: 'DOUBLE COLON EQUAL (U+2A74, NFKC ::=)', line: '\u2a74x::y', text: '<U+2A74>x::y' },
  { system: 'GitHub', attack: 'a line separator starting a line', line: 'ok\u2028::add-mask::x', text: 'ok<U+2028>::add-mask::x' },
  { system: 'GitHub', attack: 'NEL starting a line', line: 'ok\u0085::add-mask::x', text: 'ok<U+0085>::add-mask::x' },
  { system: 'GitHub', attack: '##[command] (TryParse) anywhere', line: 'x ##[error]y', text: 'x \\x23#[error]y' },
  { system: 'Azure', attack: '##vso[ anywhere', line: 'said ##vso[task.setvariable variable=a]b', text: 'said \\x23#vso[task.setvariable variable=a]b' },
  { system: 'Azure', attack: '##VSO[ in capitals', line: '##VSO[task.prependpath]/tmp', text: '\\x23#VSO[task.prependpath]/tmp' },
  { system: 'Azure', attack: 'fullwidth ＃＃vso［', line: '\uff03\uff03vso\uff3bx]', text: '<U+FF03>\uff03vso\uff3bx]' },
  { system: 'Azure', attack: '##[ after a hash', line: '###[group]g', text: '#\\x23#[group]g' },
  {
    system: 'TeamCity',
    attack: 'setParameter env.NODE_OPTIONS',
    line: "##teamcity[setParameter name='env.NODE_OPTIONS' value='--require /tmp/x']",
    text: "\\x23#teamcity[setParameter name='env.NODE_OPTIONS' value='--require /tmp/x']",
  },
  {
    system: 'TeamCity',
    attack: 'publishArtifacts mid-line',
    line: "log: ##teamcity[publishArtifacts '/etc/passwd']",
    text: "log: \\x23#teamcity[publishArtifacts '/etc/passwd']",
  },
  { system: 'TeamCity', attack: 'a zero-width joiner between the hashes', line: '#\u200d#teamcity[x]', text: '\\x23\u200d#teamcity[x]' },
  {
    system: 'GitLab',
    attack: 'section_start marker',
    line: 'section_start:1700000000:forged[collapsed=true]',
    text: 'section_start\\x3a1700000000:forged[collapsed=true]',
  },
  { system: 'GitLab', attack: 'section_end marker', line: 'x section_end:1700000000:forged', text: 'x section_end\\x3a1700000000:forged' },
  { system: 'Jenkins', attack: '[Pipeline] line (nothing parsed)', line: '[Pipeline] sh', text: '[Pipeline] sh' },
  { system: 'Jenkins', attack: 'a console note without its ESC (nothing parsed)', line: '[8mha:AAAA[0m', text: '[8mha:AAAA[0m' },
  { system: 'Buildkite', attack: '--- group header', line: '--- forged section', text: '\\x2d-- forged section' },
  { system: 'Buildkite', attack: '+++ open group header', line: '+++ open', text: '\\x2b++ open' },
  { system: 'Buildkite', attack: '~~~ group header after NBSP (NFKC space)', line: '~~~\u00a0x', text: '\\x7e~~\u00a0x' },
  { system: 'Buildkite', attack: '^^^ +++ expansion', line: '^^^ +++', text: '\\x5e^^ +++' },
  { system: 'Buildkite', attack: '--- alone, or indented (no header)', line: '---\n  --- x', text: '---\n  --- x' },
];

describe('ciSafe', () => {
  describe('every CI system, every attack (terminal text)', () => {
    for (const { system, attack, line, text } of ATTACKS) {
      it(`${system}: ${attack}`, () => {
        expect(ciSafe(line, 'text')).toBe(text);
        // Escaped once is escaped for good: nothing is left to escape.
        expect(ciSafe(text, 'text')).toBe(text);
      });
    }
  });

  it('every format keeps what the format means by the text, and neutralises the same characters', () => {
    const line = "\u00a0::add-mask::x\n\uff1a:error::y ##teamcity[setParameter name='a' value='b'] \u2028--- z";
    expect(ciSafe(line, 'xml')).toBe("\u00a0&#58;:add-mask::x\n&#65306;:error::y &#35;#teamcity[setParameter name='a' value='b'] &#8232;--- z");
    expect(ciSafe(line, 'html')).toBe(ciSafe(line, 'xml'));
    expect(ciSafe(line, 'markdown')).toBe("\u00a0\\::add-mask::x\n&#65306;:error::y &#35;#teamcity[setParameter name='a' value='b'] &#8232;--- z");
    const json = JSON.stringify({ said: line.replace('\n', ' ') });
    expect(ciSafe(json, 'json')).toBe('{"said":"\u00a0::add-mask::x \uff1a:error::y \\u0023#teamcity[setParameter name=\'a\' value=\'b\'] \\u2028--- z"}');
    expect(JSON.parse(ciSafe(json, 'json'))).toEqual(JSON.parse(json));
  });

  it('workflow output keeps its own commands at line starts, and escapes what is anywhere in them', () => {
    const log = '::error file=a,line=1::said ##teamcity[x] and ##vso[y] \u2028 section_start:1:s\n::warning::--- ok\n';
    expect(ciSafe(log, 'workflow')).toBe('::error file=a,line=1::said \\x23#teamcity[x] and \\x23#vso[y] <U+2028> section_start\\x3a1:s\n::warning::--- ok\n');
  });

  it('terminal text: a line never starts with :: and ##[ / ##vso[ never appear, shown as visible escapes', () => {
    const safe = ciSafe(PLANTED, 'text');
    expect(safe).toBe('ok\n\\x3a:add-mask::x\n  \\x3a:error file=a::pwned\ntext \\x23#[group]g \\x23#vso[task.setvariable]v ## [fine]');
    expect(safe).not.toMatch(/^\s*::/m);
    expect(safe).not.toMatch(/##(?:vso)?\[/);
  });

  it('a CR starts a line for the runners, as LF does', () => {
    expect(ciSafe('a\r::error::x\r\n\u00a0::add-mask::y', 'text')).toBe('a\r\\x3a:error::x\r\n\u00a0\\x3a:add-mask::y');
  });

  it('JSON keeps the same value: the parsed text is unchanged', () => {
    const json = JSON.stringify({ said: PLANTED }, null, 2);
    const safe = ciSafe(json, 'json');
    expect(safe).not.toMatch(/##(?:vso)?\[/);
    expect(JSON.parse(safe)).toEqual({ said: PLANTED });
  });

  it('XML uses character references, Markdown a backslash and an entity', () => {
    expect(ciSafe('<a>\n::warning::x ##[y</a>', 'xml')).toBe('<a>\n&#58;:warning::x &#35;#[y</a>');
    expect(ciSafe('```\n::error::x\n```\n##[z', 'markdown')).toBe('```\n\\::error::x\n```\n&#35;#[z');
  });

  it("leaves mcpact's own output alone", () => {
    const own = '### Errors (2)\n  tools 9 rules: 8 passed\nFAILED 1 server :: done\n| a | b |\n| --- | ---: |\n---\n\u001b[31m✖ error\u001b[0m · tools';
    expect(ciSafe(own, 'text')).toBe(own);
    expect(ciSafe(own, 'markdown')).toBe(own);
  });

  it('a colour sequence before a Buildkite header does not hide it (the agent strips colours first)', () => {
    expect(ciSafe('\u001b[1m--- forged', 'text')).toBe('\u001b[1m\\x2d-- forged');
  });
});
