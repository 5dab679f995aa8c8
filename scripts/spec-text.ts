/**
 * The text of the MCP specification as the spec quotes of the rules (src/model/spec-texts.ts) cite it: an .mdx
 * page without its code blocks and components, as plain sentences under each heading's anchor, and an interface
 * of schema.ts as its declaration text. Used by scripts/verify-spec-quotes.ts, which checks every quote against a
 * checkout of github.com/modelcontextprotocol/modelcontextprotocol.
 */

/** One heading of a page: its anchor, and the text from it to the next heading of the same or a higher level. */
export interface PageSection {
  anchor: string;
  heading: string;
  level: number;
  text: string;
}

export interface RenderedPage {
  /** The whole page, normalized. */
  text: string;
  sections: PageSection[];
}

/**
 * The inline normalization a quote is compared under: bold and emphasis markers, link targets, backslash escapes
 * and line breaks go; words, punctuation, casing and code spans (backticks) stay exactly as written.
 */
export function normalizeInline(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/\*\*/g, '')
    .replace(/(^|[\s(])_([^_\s][^_]*?)_(?=[\s.,;:)!?]|$)/g, '$1$2')
    .replace(/\\([_*`\\[\]<>|-])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Mintlify's heading anchors: lower case, code marks and punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return normalizeInline(heading)
    .toLowerCase()
    .replace(/[`"'’.,:;()/?!&+]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

const COMPONENT = /<\/?(?:Note|Warning|Info|Tip|Tabs|Tab|Accordion|AccordionGroup|Steps|Step|Card|CardGroup|Frame|Check|div)\b[^>]*>/g;

export function renderPage(mdx: string): RenderedPage {
  const lines = mdx.replace(/^---\n[\s\S]*?\n---\n/, '').split('\n');
  const blocks: { heading?: { level: number; text: string }; text: string }[] = [{ text: '' }];
  let fence = false;
  for (const raw of lines) {
    if (/^\s*```/.test(raw)) {
      fence = !fence;
      continue;
    }
    if (fence) continue;
    const line = raw.replace(COMPONENT, ' ');
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ heading: { level: heading[1]!.length, text: heading[2]! }, text: '' });
      continue;
    }
    // List markers and table pipes are layout: a list item reads as the sentence that introduces it, continued.
    const content = line.replace(/^\s*(?:[-*]|\d+\.)\s+/, '').replace(/^\s*>\s?/, '');
    blocks[blocks.length - 1]!.text += ` ${content}`;
  }
  const sections: PageSection[] = [];
  blocks.forEach((block, index) => {
    if (!block.heading) return;
    let text = '';
    for (const next of blocks.slice(index)) {
      if (next !== block && next.heading && next.heading.level <= block.heading.level) break;
      text += ` ${next.heading && next !== block ? next.heading.text : ''} ${next.text}`;
    }
    sections.push({ anchor: slug(block.heading.text), heading: normalizeInline(block.heading.text), level: block.heading.level, text: normalizeInline(text) });
  });
  return { text: normalizeInline(blocks.map((block) => `${block.heading?.text ?? ''} ${block.text}`).join(' ')), sections };
}

/**
 * Whether a quote occurs in a text: exactly (after normalizeInline), where " … " in the quote stands for any run of
 * up to 400 characters (a list's lead-in and one of its items, or a sentence shortened in the middle).
 */
export function occursIn(quote: string, text: string): boolean {
  const parts = normalizeInline(quote)
    .split(/\s*…\s*/)
    .filter((part) => part !== '');
  if (parts.length === 0) return false;
  const escaped = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.{0,400}?');
  // Whole words only: a quote that starts or ends inside a word is not what the text says.
  const pattern = `${/^\w/.test(parts[0]!) ? '(?<!\\w)' : ''}${escaped}${/\w$/.test(parts[parts.length - 1]!) ? '(?!\\w)' : ''}`;
  return new RegExp(pattern, 's').test(text);
}

/** An interface or type alias of schema.ts, by name: its declaration with and without comments, whitespace collapsed. */
export function schemaDeclaration(schema: string, name: string): { withComments: string; code: string } | undefined {
  const start = new RegExp(`export (?:interface|type) ${name}\\b`).exec(schema);
  if (!start) return undefined;
  let depth = 0;
  let end = start.index;
  let opened = false;
  for (let index = start.index; index < schema.length; index++) {
    const char = schema[index];
    if (char === '{') {
      depth++;
      opened = true;
    } else if (char === '}') depth--;
    else if (char === ';' && !opened && depth === 0) {
      end = index + 1;
      break;
    }
    if (opened && depth === 0) {
      end = index + 1;
      break;
    }
  }
  // A doc comment belongs to the declaration it precedes.
  const before = schema.slice(0, start.index);
  const comment = /\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*$/.exec(before);
  const raw = (comment?.[0] ?? '') + schema.slice(start.index, end);
  const withComments = raw
    .replace(/\/\*\*?|\*\//g, ' ')
    .replace(/^\s*\* ?/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const code = raw
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { withComments, code };
}
