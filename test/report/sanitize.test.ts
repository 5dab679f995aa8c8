import { describe, expect, it } from 'vitest';
import { forTerminal, visibleText } from '../../src/report/sanitize.js';
import { truncate } from '../../src/util/text.js';

describe('forTerminal', () => {
  it('makes ANSI colour and cursor sequences visible', () => {
    expect(forTerminal('\u001b[31mred\u001b[0m \u001b[2J')).toBe('\\x1b[31mred\\x1b[0m \\x1b[2J');
  });
  it('makes OSC hyperlinks and titles visible (BEL and ST terminators)', () => {
    expect(forTerminal('\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007')).toBe('\\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07');
    expect(forTerminal('\u001b]0;title\u001b\\')).toBe('\\x1b]0;title\\x1b\\');
  });
  it('escapes C1 controls, DEL, NUL, CR and newlines', () => {
    expect(forTerminal('a\u009bb\u007fc\u0000d\re\nf')).toBe('a\\x9bb\\x7fc\\x00d\\re\\nf');
  });
  it('shows bidi overrides, zero-width and tag characters as code points', () => {
    expect(forTerminal('abc\u202edef\u200b\u{e0041}')).toBe('abc<U+202E>def<U+200B><U+E0041>');
  });
  it('keeps a subdivision flag, and shows every other tag character as a code point', () => {
    const tags = (ascii: string) => Array.from(ascii, (char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');
    const england = `\u{1f3f4}${tags('gbeng')}\u{e007f}`;
    expect(forTerminal(`Go ${england}!`)).toBe(`Go ${england}!`);
    expect(visibleText(`Go ${england}!`)).toBe(`Go ${england}!`);
    expect(forTerminal(`\u{1f3f4}${tags('obey me')}\u{e007f}`)).toBe('\u{1f3f4}<U+E006F><U+E0062><U+E0065><U+E0079><U+E0020><U+E006D><U+E0065><U+E007F>');
    expect(forTerminal(`${england}${tags('x')}`)).toBe(`${england}<U+E0078>`);
  });
  it('leaves ordinary text, including non-Latin scripts and emoji, alone', () => {
    expect(forTerminal('Wetter für München 天気 🌦')).toBe('Wetter für München 天気 🌦');
  });
});

describe('truncate', () => {
  it('keeps short text and counts what it cuts in code points', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('🌦🌦🌦🌦', 2)).toBe('🌦🌦… (2 more characters)');
  });
});
