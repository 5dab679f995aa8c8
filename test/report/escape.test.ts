/**
 * The escapers behind the file reporters: visible text for every file format, XML 1.0 text and attributes,
 * GitHub-flavoured Markdown inline text and code blocks.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { markdownCode, markdownCodeBlock, markdownInline } from '../../src/report/escape-markdown.js';
import { xmlAttribute, xmlText } from '../../src/report/escape-xml.js';
import { forTerminal, visibleText } from '../../src/report/sanitize.js';
import { HOSTILE } from '../support/hostile-report.js';
import { renderGfm } from '../support/ci-validators.js';

/** Everything XML 1.0 allows in a document (its `Char` production). */
const XML_CHAR = /^(?:[\t\n\r\u0020-\ud7ff\ue000-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;

describe('visibleText', () => {
  it('keeps tabs and line breaks, and makes other controls, ANSI and OSC sequences visible', () => {
    expect(visibleText('a\tb\nc\r\n')).toBe('a\tb\nc\r\n');
    expect(visibleText(HOSTILE.ansi)).toBe('\\x1b[31mred\\x1b[0m \\x1b[2J\\x1b[H');
    expect(visibleText(HOSTILE.osc8)).toBe('\\x1b]8;;https://evil.example\\x07click me\\x1b]8;;\\x07');
    expect(visibleText('nul\u0000 del\u007f c1\u009b')).toBe('nul\\x00 del\\x7f c1\\x9b');
  });
  it('names lone surrogates and U+FFFE/U+FFFF, and keeps real surrogate pairs', () => {
    expect(visibleText(HOSTILE.loneSurrogates)).toBe('high<U+D800> low<U+DC00> pair😀 end');
    expect(visibleText('\ufffe\uffff')).toBe('<U+FFFE><U+FFFF>');
    expect(visibleText('\udc00\ud800')).toBe('<U+DC00><U+D800>');
  });
  it('shows bidi overrides and invisible characters, like the terminal sanitizer', () => {
    expect(visibleText(HOSTILE.bidi)).toBe('abc<U+202E>def<U+2066>ghi<U+200B>jkl');
  });
  it('leaves the terminal sanitizer as it was', () => {
    expect(forTerminal('a\u0000\n\u001b')).toBe('a\\x00\\n\\x1b');
  });
  it('leaves ordinary text, including non-Latin scripts and emoji, alone', () => {
    expect(visibleText('Wetter für München 天気 🌦')).toBe('Wetter für München 天気 🌦');
  });
});

describe('XML escaping', () => {
  it('yields only characters XML 1.0 allows, for every hostile string', () => {
    for (const value of Object.values(HOSTILE)) {
      expect(xmlText(value)).toMatch(XML_CHAR);
      expect(xmlAttribute(value)).toMatch(XML_CHAR);
    }
  });
  it('escapes markup, so nothing can end a CDATA section, a comment or an element', () => {
    expect(xmlText(HOSTILE.cdataEnd)).toBe('before ]]&gt; after --&gt; &lt;!-- &lt;![CDATA[ x');
    expect(xmlText('a & b')).toBe('a &amp; b');
  });
  it('keeps line breaks in text and encodes them in attributes, so parsers do not fold them to spaces', () => {
    expect(xmlText('a\nb\r\nc')).toBe('a\nb&#13;\nc');
    expect(xmlAttribute(`"q" 'a'\n\tb`)).toBe('&quot;q&quot; &apos;a&apos;&#10;&#9;b');
  });
  it('round-trips through a real XML parser as the visible text', () => {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseAttributeValue: false,
      parseTagValue: false,
      trimValues: false,
      htmlEntities: true,
    });
    for (const value of Object.values(HOSTILE)) {
      const xml = `<a v="${xmlAttribute(value)}">${xmlText(value)}</a>`;
      expect(XMLValidator.validate(xml)).toBe(true);
      const parsed = parser.parse(xml) as { a: { v: string; '#text'?: string } };
      expect(parsed.a.v).toBe(visibleText(value));
      expect((parsed.a['#text'] ?? '').replace(/\r\n/g, '\n')).toBe(visibleText(value).replace(/\r\n/g, '\n'));
    }
  });
});

describe('Markdown escaping', () => {
  const inline = (text: string) => renderGfm(`- ${markdownInline(text)}`);

  it('renders every hostile string as text only: no element besides the list item it sits in', () => {
    for (const value of Object.values(HOSTILE)) {
      const { elements } = inline(value);
      expect(
        elements.map((element) => element.tagName),
        value,
      ).toEqual(['ul', 'li']);
    }
  });
  it('shows what the server sent, apart from line breaks and invisible breaks', () => {
    for (const value of [HOSTILE.html, HOSTILE.link, HOSTILE.image, HOSTILE.pipes, HOSTILE.backticks, HOSTILE.emphasis, HOSTILE.entities, HOSTILE.quotes]) {
      const shown = inline(value)
        .texts.join('')
        .replace(/\u200b/g, '')
        .trim();
      expect(shown).toBe(visibleText(value));
    }
  });
  it('breaks @-mentions, issue references and bare URLs with a zero-width space', () => {
    expect(markdownInline('@everyone see #12')).toBe('@&#8203;everyone see #&#8203;12');
    expect(markdownInline('https://x www.y')).toBe('https:&#8203;//x www&#8203;.y');
    const text = inline(HOSTILE.mention).texts.join('');
    expect(text).not.toMatch(/@[A-Za-z]/);
    expect(text).not.toMatch(/#\d/);
  });
  it('keeps a table cell a cell: pipes are escaped', () => {
    const { elements } = renderGfm(`| a | b |\n| --- | --- |\n| ${markdownInline(HOSTILE.pipes)} | x |`);
    expect(elements.filter((element) => element.tagName === 'td')).toHaveLength(2);
  });
  it('writes our own identifiers as code, and anything unusual as escaped text', () => {
    expect(markdownCode('schema/tool-name')).toBe('`schema/tool-name`');
    expect(markdownCode('a`b')).toBe('a\\`b');
  });
  it('fences code blocks longer than any backtick run inside, so the text cannot close them', () => {
    const block = markdownCodeBlock(`${HOSTILE.backticks}\n${HOSTILE.details}\n${HOSTILE.ansi}`);
    expect(block.startsWith('`````text\n')).toBe(true);
    const { elements, texts } = renderGfm(`<details><summary>diff</summary>\n\n${block}\n\n</details>\n`);
    expect(elements.map((element) => element.tagName)).toEqual(['details', 'summary', 'pre', 'code']);
    expect(texts.join('')).toContain('</details>');
  });
});
