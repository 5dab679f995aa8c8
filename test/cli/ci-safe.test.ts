import { describe, expect, it } from 'vitest';
import { ciSafe } from '../../src/cli/ci-safe.js';

const PLANTED = 'ok\n::add-mask::x\n  ::error file=a::pwned\ntext ##[group]g ##vso[task.setvariable]v ## [fine]';

describe('ciSafe', () => {
  it('terminal text: a line never starts with :: and ##[ / ##vso[ never appear, shown as visible escapes', () => {
    const safe = ciSafe(PLANTED, 'text');
    expect(safe).toBe('ok\n\\x3a:add-mask::x\n  \\x3a:error file=a::pwned\ntext \\x23#[group]g \\x23#vso[task.setvariable]v ## [fine]');
    expect(safe).not.toMatch(/^\s*::/m);
    expect(safe).not.toMatch(/##(?:vso)?\[/);
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
    const own = '### Errors (2)\n  tools 9 rules: 8 passed\nFAILED 1 server :: done';
    expect(ciSafe(own, 'text')).toBe(own);
    expect(ciSafe(own, 'markdown')).toBe(own);
  });
});
